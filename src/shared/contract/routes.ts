/**
 * The contract: for every endpoint (endpoints.ts), the zod schemas of its path parameters, query,
 * JSON body and answer. The server validates requests and serialises answers with them; the
 * browser's one API function (src/client/net/call.ts) takes its input and answer types from them.
 */
import type { z } from 'zod';
import * as answer from '../api';
import * as input from '../schemas';
import { markReadSchema, readParams } from '../reads';
import * as community from '../community';
import * as alerts from '../crisis-alert-schemas';
import * as messaging from '../messaging';
import * as push from '../push';
import * as wellness from '../wellness-share';
import type { EndpointName } from './endpoints';

export interface RouteShape {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  answer: z.ZodType;
}

export const ROUTES = {
  health: { answer: answer.healthResponse },
  crisisResources: { answer: answer.crisisResourcesResponse },
  crisisAlerts: { answer: alerts.crisisAlertList },
  seeCrisisAlert: { params: input.idParam, answer: answer.messageResponse },

  signup: { body: input.signupSchema, answer: answer.authUser },
  login: { body: input.loginSchema, answer: answer.authUser },
  logout: { answer: answer.messageResponse },
  check: { answer: answer.authUser },
  updateProfile: { body: input.updateProfileSchema, answer: answer.authUser },
  requestVerification: { body: input.requestVerificationSchema, answer: answer.authUser },
  validateReferral: { body: input.validateReferralSchema, answer: answer.validateReferralResponse },
  generateReferral: { answer: answer.authUser },

  changePassword: { body: input.changePasswordSchema, answer: answer.sessionsEndedResponse },
  sessions: { answer: answer.accountSessionList },
  endSession: { params: input.idParam, answer: answer.sessionsEndedResponse },
  endOtherSessions: { answer: answer.sessionsEndedResponse },
  resetPassword: { body: input.resetPasswordSchema, answer: answer.messageResponse },
  // Answered as a file (Content-Disposition: attachment), still through this schema.
  exportAccount: { answer: answer.accountExport },
  deleteAccount: { body: input.deleteAccountSchema, answer: answer.messageResponse },
  setDisplayName: { body: input.displayNameSchema, answer: answer.authUser },
  setCrisisAlerts: { body: alerts.crisisAlertSettingSchema, answer: answer.authUser },
  wellnessShare: { answer: wellness.wellnessShareStatusSchema },
  setWellnessShare: { body: wellness.wellnessSummarySchema, answer: wellness.wellnessShareStatusSchema },
  updateWellnessShare: { body: wellness.wellnessSummarySchema, answer: wellness.wellnessShareStatusSchema },
  withdrawWellnessShare: { answer: wellness.wellnessShareStatusSchema },
  clientWellness: { params: input.idParam, answer: wellness.sharedWellnessSchema },
  setReadReceipts: { body: messaging.readReceiptsSettingSchema, answer: answer.authUser },

  pendingUsers: { answer: answer.adminUserList },
  allUsers: { query: input.roleFilterSchema, answer: answer.adminUserList },
  adminStats: { answer: answer.adminStats },
  verifyUser: { params: input.idParam, answer: answer.verifyUserResponse },
  rejectUser: { params: input.idParam, body: input.rejectUserSchema, answer: answer.rejectUserResponse },
  deleteUser: { params: input.idParam, answer: answer.messageResponse },
  createResetCode: { params: input.idParam, answer: answer.resetCodeResponse },
  adminGroups: { answer: answer.adminGroupList },
  createGroup: { body: input.createGroupSchema, answer: answer.createGroupResponse },
  deleteGroup: { params: input.idParam, answer: answer.messageResponse },
  removeGroupMember: { params: input.groupMemberParams, answer: answer.messageResponse },
  setGuidelines: { params: input.idParam, body: community.guidelinesSchema, answer: answer.messageResponse },
  adminReports: { query: community.reportStatusQuery, answer: community.adminReportList },
  resolveReport: { params: input.idParam, body: community.resolveReportSchema, answer: community.adminReport },
  suspendUser: { params: input.idParam, body: community.moderatorNoteSchema, answer: answer.messageResponse },
  unsuspendUser: { params: input.idParam, body: community.moderatorNoteSchema, answer: answer.messageResponse },
  moderationLog: { answer: community.moderationLog },

  people: { answer: answer.publicUserList },
  therapists: { answer: answer.publicUserList },
  groups: { answer: answer.groupSummaryList },
  sync: { query: input.syncQuerySchema, answer: answer.syncPage },
  searchMessages: { query: messaging.searchQuerySchema, answer: answer.searchResults },
  groupThread: { params: input.groupIdParam, query: input.pageQuerySchema, answer: answer.groupMessageList },
  sendDirect: { params: input.userIdParam, body: input.sendMessageSchema, answer: answer.sentDirect },
  sendGroup: { params: input.groupIdParam, body: input.sendGroupMessageSchema, answer: answer.sentGroup },
  sendBatch: { body: input.batchBodySchema, answer: answer.batchResponse },
  joinGroup: { params: input.groupIdParam, answer: answer.joinedGroup },
  leaveGroup: { params: input.groupIdParam, answer: answer.messageResponse },
  groupMembers: { params: input.groupIdParam, answer: community.groupMemberList },
  messageRequests: { answer: community.messageRequestList },
  acceptRequest: { params: input.userIdParam, answer: answer.messageResponse },
  deleteMessage: { params: community.messageIdParam, answer: answer.messageResponse },
  directThread: { params: input.userIdParam, query: input.pageQuerySchema, answer: answer.directMessageList },

  blocks: { answer: community.blockedList },
  block: { params: input.userIdParam, answer: answer.messageResponse },
  unblock: { params: input.userIdParam, answer: answer.messageResponse },
  mutes: { answer: community.muteList },
  mute: { params: community.muteParams, body: community.muteSchema, answer: community.mute },
  unmute: { params: community.muteParams, answer: answer.messageResponse },
  report: { body: community.reportSchema, answer: community.reportCreated },
  myReports: { answer: community.myReportList },

  reads: { answer: answer.readPositionList },
  markRead: { params: readParams, body: markReadSchema, answer: answer.readPosition },
  receipts: { answer: answer.receiptList },
  markDelivered: { body: messaging.deliveredSchema, answer: answer.messageResponse },

  auraChats: { answer: answer.aiChatSummaryList },
  auraChat: { params: input.chatIdParam, answer: answer.aiChat },
  createAuraChat: { body: input.createChatSchema, answer: answer.createChatResponse },
  askAura: { params: input.chatIdParam, body: input.updateChatSchema, answer: answer.aiReply },
  renameAuraChat: { params: input.chatIdParam, body: input.renameChatSchema, answer: answer.aiChatSummary },
  deleteAuraChat: { params: input.chatIdParam, answer: answer.messageResponse },
  generateTitle: { body: input.generateSchema, answer: answer.generateResponse },

  pushKey: { answer: push.pushKeySchema },
  pushSubscribe: { body: push.pushSubscriptionSchema, answer: answer.messageResponse },
  pushUnsubscribe: { body: push.pushEndpointSchema, answer: answer.messageResponse },
  pushSettings: { answer: push.pushSettingsSchema },
  setPushSettings: { body: push.pushSettingsSchema, answer: push.pushSettingsSchema },
  pushTest: { answer: answer.messageResponse },
  emailNotices: { answer: push.emailNoticesSchema },

  uploadAuth: { answer: answer.uploadAuth },
  // A multipart body (the image and its signature), read part by part by the route.
  upload: { answer: answer.uploadResult },
} as const satisfies Record<EndpointName, RouteShape>;

export type Routes = typeof ROUTES;
type Field<N extends EndpointName, K extends keyof RouteShape> = Routes[N] extends Record<K, infer S extends z.ZodType> ? S : never;

/** What the browser sends: the schemas' input types. */
export type ParamsOf<N extends EndpointName> = z.input<Field<N, 'params'>>;
export type QueryOf<N extends EndpointName> = z.input<Field<N, 'query'>>;
export type BodyOf<N extends EndpointName> = z.input<Field<N, 'body'>>;
/** What the browser receives. */
export type AnswerOf<N extends EndpointName> = z.output<Routes[N]['answer']>;
