/**
 * The people of the authorization matrix and a valid sample request for every route of the
 * shared table, so that a refusal in the matrix is the guard's, not the validator's.
 */
import type { EndpointName } from '../../src/shared/contract/endpoints';
import { splitEndpoint } from '../../src/shared/contract/endpoints';
import { newId } from '../../src/shared/ids';
import type { Agent } from './agent';
import type { TestServer } from './harness';
import { PASSWORD, referredUser, signUp, signedInAdmin, verifiedProfessional } from './people';
import { createChat } from './aura-chat';

export const ACTORS = ['anonymous', 'user', 'otherUser', 'pending', 'verified', 'rejected', 'admin', 'deleted'] as const;
export type Actor = (typeof ACTORS)[number];

/** Who a route is for: the guard that must stand in front of it. */
export type Access = 'public' | 'signedIn' | 'active' | 'professional' | 'admin' | 'uploadToken';

export interface World {
  agents: Record<Actor, Agent>;
  ids: {
    user: string; otherUser: string; verified: string; rejected: string; group: string; userChat: string; target: string;
    /** Throwaway objects for the community-safety routes that change what they touch. */
    spare: string; suspendTarget: string; spareGroup: string; spareMessage: string; report: string;
  };
  /** The seq of the user's message to the therapist: a position the user may mark read. */
  directSeq: number;
}

let n = 0;
const clientId = () => `matrix-${(n += 1).toString().padStart(8, '0')}`;

export async function buildWorld(server: TestServer): Promise<World> {
  const admin = await signedInAdmin(server);
  const pro = await verifiedProfessional(server, 'therapist');
  const user = await referredUser(server, pro.code);
  const otherUser = await referredUser(server, pro.code);
  const pending = await signUp(server, { role: 'ngo' });
  const rejected = await signUp(server, { role: 'volunteer' });
  await admin.post(`/api/admin/reject-user/${rejected.user._id}`, { reason: 'not found' });
  const doomed = await referredUser(server, pro.code);
  await admin.delete(`/api/admin/delete-user/${doomed.id}`);
  const group = await admin.post('/api/admin/create-group', { name: `Matrix ${clientId()}`, type: 'academic', description: 'matrix' });
  await user.agent.post(`/api/messages/join-group/${group.body.group._id}`);
  const sent = await user.agent.post(`/api/messages/send/${pro.user._id}`, { text: 'private to my therapist', clientId: clientId() });
  const chat = await createChat(user.agent, { text: 'private to Aura', clientId: clientId() });
  // A throwaway account for the admin's destructive routes, so the matrix never deletes its own people.
  const target = await signUp(server, { role: 'therapist' });
  // Community safety (docs/community-safety.md): someone to block and report, someone to suspend,
  // a group to leave, a message to take back, and a report to resolve, none of them what the other
  // routes' samples rely on.
  const spare = await referredUser(server, pro.code);
  const suspendTarget = await referredUser(server, pro.code);
  const spareGroup = await admin.post('/api/admin/create-group', { name: `Matrix spare ${clientId()}`, type: 'mental', description: 'to leave' });
  await user.agent.post(`/api/messages/join-group/${spareGroup.body.group._id}`);
  const spareMessage = await user.agent.post(`/api/messages/send/${pro.user._id}`, { text: 'to take back', clientId: clientId() });
  const report = await user.agent.post('/api/reports', { userId: spare.id, reason: 'spam' });
  // If reports cannot be filed (yet), a well-formed id keeps the matrix's cells meaningful: 404 for the admin.
  const reportId = report.status === 201 ? report.body._id as string : 'f'.repeat(24);
  return {
    agents: { anonymous: server.agent(), user: user.agent, otherUser: otherUser.agent, pending: pending.agent,
      verified: pro.agent, rejected: rejected.agent, admin, deleted: doomed.agent },
    ids: { user: user.id, otherUser: otherUser.id, verified: pro.user._id, rejected: rejected.user._id,
      group: group.body.group._id, userChat: chat._id, target: target.user._id,
      spare: spare.id, suspendTarget: suspendTarget.id, spareGroup: spareGroup.body.group._id, spareMessage: spareMessage.body._id, report: reportId },
    directSeq: sent.body.seq as number,
  };
}

export interface Sample {
  path: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/** A request the validator accepts, aimed at the world's own objects (the user's chat, the group...). */
export function sampleFor(name: EndpointName, world: World): Sample {
  const { ids } = world;
  const text = { text: 'hello', clientId: clientId() };
  switch (name) {
    case 'verifyUser': case 'rejectUser': case 'deleteUser': return { path: { id: ids.target }, body: {} };
    case 'deleteGroup': return { path: { id: ids.group } };
    case 'removeGroupMember': return { path: { id: ids.group, userId: ids.otherUser } };
    case 'groupThread': return { path: { groupId: ids.group } };
    case 'searchMessages': return { path: {}, query: { q: 'hello' } };
    case 'joinGroup': return { path: { groupId: ids.group } };
    case 'sendGroup': return { path: { groupId: ids.group }, body: text };
    case 'sendDirect': return { path: { userId: ids.verified }, body: text };
    case 'directThread': return { path: { userId: ids.verified } };
    case 'auraChat': return { path: { id: ids.userChat } };
    case 'renameAuraChat': return { path: { id: ids.userChat }, body: { title: 'Renamed' } };
    case 'deleteAuraChat': return { path: { id: ids.userChat } };
    case 'askAura': return { path: { id: ids.userChat }, body: { question: 'hello', clientId: clientId() } };
    case 'createAuraChat': return { path: {}, body: text };
    case 'markRead': return { path: { kind: 'direct', id: ids.verified }, body: { seq: world.directSeq } };
    case 'sendBatch': return { path: {}, body: { items: [{ kind: 'direct', to: ids.verified, ...text }] } };
    case 'signup': return { path: {}, body: { fullName: 'M', email: `matrix.${clientId()}@test.haven`, password: PASSWORD, role: 'ngo' } };
    case 'login': return { path: {}, body: { email: 'nobody@test.haven', password: 'wrong-password' } };
    case 'updateProfile': return { path: {}, body: { profilePic: 'unchanged.png' } };
    case 'requestVerification': return { path: {}, body: { message: 'please' } };
    case 'validateReferral': return { path: {}, body: { referralCode: 'HAVEN-XXXX-XXXX' } };
    case 'createGroup': return { path: {}, body: { name: `G ${clientId()}`, type: 'mental', description: 'd' } };
    case 'generateTitle': return { path: {}, body: { prompt: 'a title please' } };
    case 'sync': return { path: {}, query: { since: '0' } };
    case 'allUsers': return { path: {}, query: { role: 'all' } };
    // Community safety (docs/community-safety.md).
    case 'block': case 'unblock': return { path: { userId: ids.spare } };
    case 'acceptRequest': return { path: { userId: ids.spare } };
    case 'mute': return { path: { kind: 'group', id: ids.group }, body: { until: null } };
    case 'unmute': return { path: { kind: 'group', id: ids.group } };
    case 'deleteMessage': return { path: { messageId: ids.spareMessage } };
    case 'groupMembers': return { path: { groupId: ids.group } };
    case 'leaveGroup': return { path: { groupId: ids.spareGroup } };
    case 'setDisplayName': return { path: {}, body: { displayName: 'Matrix name' } };
    case 'setCrisisAlerts': return { path: {}, body: { enabled: false } };
    case 'setWellnessShare': case 'updateWellnessShare': return { path: {}, body: { weeks: [], scores: [] } };
    case 'clientWellness': return { path: { id: ids.user } };
    case 'seeCrisisAlert': return { path: { id: newId() } };
    case 'setGuidelines': return { path: { id: ids.group }, body: { guidelines: 'Be kind to each other.' } };
    case 'report': return { path: {}, body: { userId: ids.spare, reason: 'spam', note: 'matrix' } };
    case 'adminReports': return { path: {}, query: { status: 'all' } };
    case 'resolveReport': return { path: { id: ids.report }, body: { action: 'dismiss', note: 'matrix' } };
    case 'suspendUser': case 'unsuspendUser': return { path: { id: ids.suspendTarget }, body: { note: 'matrix' } };
    default: return { path: {}, body: splitEndpoint(name).method === 'GET' ? undefined : {} };
  }
}

export function urlOf(name: EndpointName, sample: Sample): string {
  const path = splitEndpoint(name).path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(sample.path[key] ?? 'missing'));
  const query = sample.query ? `?${new URLSearchParams(sample.query)}` : '';
  return `/api${path}${query}`;
}
