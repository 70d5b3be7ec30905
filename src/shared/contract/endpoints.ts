/**
 * Every route of the API by name: its method and its path under /api. The shapes each one takes
 * and answers are in routes.ts. This file holds no zod, so the browser can import it on every
 * screen (the sign-in screen included) without carrying the schema library.
 */
export const ENDPOINTS = {
  health: 'GET /health',
  crisisResources: 'GET /safety/resources',
  crisisAlerts: 'GET /safety/alerts',
  seeCrisisAlert: 'POST /safety/alerts/:id/seen',

  signup: 'POST /auth/signup',
  login: 'POST /auth/login',
  logout: 'POST /auth/logout',
  check: 'GET /auth/check',
  updateProfile: 'PUT /auth/update-profile',
  requestVerification: 'POST /auth/request-verification',
  validateReferral: 'POST /auth/validate-referral',
  generateReferral: 'POST /auth/generate-referral',

  changePassword: 'PUT /auth/password',
  sessions: 'GET /auth/sessions',
  endSession: 'DELETE /auth/sessions/:id',
  endOtherSessions: 'DELETE /auth/sessions',
  resetPassword: 'POST /auth/reset-password',
  exportAccount: 'GET /me/export',
  deleteAccount: 'DELETE /me',
  setDisplayName: 'PUT /me/display-name',
  setCrisisAlerts: 'PUT /me/crisis-alerts',
  wellnessShare: 'GET /me/wellness-share',
  setWellnessShare: 'PUT /me/wellness-share',
  updateWellnessShare: 'PATCH /me/wellness-share',
  withdrawWellnessShare: 'DELETE /me/wellness-share',
  clientWellness: 'GET /clients/:id/wellness',
  setReadReceipts: 'PUT /me/read-receipts',

  pendingUsers: 'GET /admin/pending-users',
  allUsers: 'GET /admin/all-users',
  adminStats: 'GET /admin/stats',
  verifyUser: 'POST /admin/verify-user/:id',
  rejectUser: 'POST /admin/reject-user/:id',
  deleteUser: 'DELETE /admin/delete-user/:id',
  createResetCode: 'POST /admin/reset-password/:id',
  adminGroups: 'GET /admin/groups',
  createGroup: 'POST /admin/create-group',
  deleteGroup: 'DELETE /admin/groups/:id',
  removeGroupMember: 'DELETE /admin/groups/:id/members/:userId',
  setGuidelines: 'PUT /admin/groups/:id/guidelines',
  adminReports: 'GET /admin/reports',
  resolveReport: 'POST /admin/reports/:id/resolve',
  suspendUser: 'POST /admin/users/:id/suspend',
  unsuspendUser: 'POST /admin/users/:id/unsuspend',
  moderationLog: 'GET /admin/moderation-log',

  people: 'GET /messages/users',
  therapists: 'GET /messages/therapists',
  groups: 'GET /messages/groups',
  sync: 'GET /messages/sync',
  searchMessages: 'GET /messages/search',
  groupThread: 'GET /messages/group/:groupId',
  sendDirect: 'POST /messages/send/:userId',
  sendGroup: 'POST /messages/send-group/:groupId',
  sendBatch: 'POST /messages/batch',
  joinGroup: 'POST /messages/join-group/:groupId',
  leaveGroup: 'POST /messages/leave-group/:groupId',
  groupMembers: 'GET /messages/group/:groupId/members',
  messageRequests: 'GET /messages/requests',
  acceptRequest: 'POST /messages/requests/:userId/accept',
  deleteMessage: 'DELETE /messages/:messageId',
  directThread: 'GET /messages/:userId',

  blocks: 'GET /blocks',
  block: 'PUT /blocks/:userId',
  unblock: 'DELETE /blocks/:userId',
  mutes: 'GET /mutes',
  mute: 'PUT /mutes/:kind/:id',
  unmute: 'DELETE /mutes/:kind/:id',
  report: 'POST /reports',
  myReports: 'GET /reports',

  reads: 'GET /reads',
  markRead: 'PUT /reads/:kind/:id',
  receipts: 'GET /receipts',
  markDelivered: 'PUT /receipts/delivered',

  auraChats: 'GET /chats/userchats',
  auraChat: 'GET /chats/:id',
  createAuraChat: 'POST /chats',
  askAura: 'PUT /chats/:id',
  renameAuraChat: 'PUT /chats/:id/title',
  deleteAuraChat: 'DELETE /chats/:id',
  generateTitle: 'POST /gemini/generate',

  pushKey: 'GET /push/key',
  pushSubscribe: 'POST /push/subscriptions',
  pushUnsubscribe: 'DELETE /push/subscriptions',
  pushSettings: 'GET /push/settings',
  setPushSettings: 'PUT /push/settings',
  pushTest: 'POST /push/test',
  emailNotices: 'GET /push/email',

  uploadAuth: 'GET /upload',
  upload: 'POST /uploads',
} as const;

export type EndpointName = keyof typeof ENDPOINTS;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function splitEndpoint(name: EndpointName): { method: Method; path: string } {
  const [method, path] = ENDPOINTS[name].split(' ') as [Method, string];
  return { method, path };
}
