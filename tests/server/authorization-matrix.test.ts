/**
 * Every route of the shared table × every kind of person: anonymous, a user, another user, a
 * pending, a verified and a rejected professional, the admin, and a deleted person's old cookie.
 * Each route declares the guard it must have (ACCESS); a new route without one fails this test.
 * Object-level checks (someone else's Aura chat, a group one is not in) are asserted on top.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, splitEndpoint, type EndpointName } from '../../src/shared/contract/endpoints';
import { ACTORS, buildWorld, sampleFor, urlOf, type Access, type Actor, type World } from './access-matrix';
import type { Agent } from './agent';
import { startServer, type TestServer } from './harness';

const ACCESS: Record<EndpointName, Access> = {
  health: 'public', crisisResources: 'public', signup: 'public', login: 'public', logout: 'public', validateReferral: 'public',
  check: 'signedIn', updateProfile: 'signedIn', requestVerification: 'signedIn', generateReferral: 'signedIn',
  pendingUsers: 'admin', allUsers: 'admin', adminStats: 'admin', verifyUser: 'admin', rejectUser: 'admin', deleteUser: 'admin',
  adminGroups: 'admin', createGroup: 'admin', deleteGroup: 'admin', removeGroupMember: 'admin',
  reads: 'active', markRead: 'active',
  // Everyday messaging (docs/decisions/receipts-and-typing.md, message-search.md): chat routes, refused to pending professionals.
  receipts: 'active', markDelivered: 'active', setReadReceipts: 'active', searchMessages: 'active',
  people: 'active', therapists: 'active', groups: 'active', sync: 'active', groupThread: 'active', sendDirect: 'active',
  sendGroup: 'active', sendBatch: 'active', joinGroup: 'active', directThread: 'active',
  auraChats: 'active', auraChat: 'active', createAuraChat: 'active', askAura: 'active', generateTitle: 'active',
  renameAuraChat: 'active', deleteAuraChat: 'active',
  uploadAuth: 'active', upload: 'uploadToken',
  // Notifications (docs/decisions/notifications.md): a professional waiting for verification is told the decision this way too.
  pushKey: 'signedIn', pushSubscribe: 'signedIn', pushUnsubscribe: 'signedIn', pushSettings: 'signedIn', setPushSettings: 'signedIn', pushTest: 'signedIn', emailNotices: 'signedIn',
  // Account controls (docs/security.md, Accounts): the person's own sessions, password, data and account.
  changePassword: 'signedIn', sessions: 'signedIn', endSession: 'signedIn', endOtherSessions: 'signedIn',
  exportAccount: 'signedIn', deleteAccount: 'signedIn', resetPassword: 'public', createResetCode: 'admin',
  // Community safety (docs/community-safety.md).
  setDisplayName: 'signedIn',
  blocks: 'active', block: 'active', unblock: 'active', mutes: 'active', mute: 'active', unmute: 'active',
  messageRequests: 'active', acceptRequest: 'active', deleteMessage: 'active', groupMembers: 'active', leaveGroup: 'active',
  report: 'active', myReports: 'active',
  // Crisis alerts (docs/decisions/crisis-alerts.md): the person's own opt-in; the alerts are a verified professional's.
  setCrisisAlerts: 'active', crisisAlerts: 'professional', seeCrisisAlert: 'professional',
  // Wellness sharing (docs/decisions/wellness.md): the person's own share; a verified professional reads their clients'.
  wellnessShare: 'active', setWellnessShare: 'active', updateWellnessShare: 'active', withdrawWellnessShare: 'active', clientWellness: 'professional',
  adminReports: 'admin', resolveReport: 'admin', suspendUser: 'admin', unsuspendUser: 'admin', moderationLog: 'admin', setGuidelines: 'admin',
};

/** Run last, in this order: they change the world (a session, a group, a person's standing). */
const LAST: EndpointName[] = ['deleteAuraChat', 'deleteMessage', 'leaveGroup', 'suspendUser', 'requestVerification', 'endOtherSessions', 'removeGroupMember', 'deleteGroup', 'deleteUser', 'deleteAccount', 'logout'];
/** Sign-in routes rotate the caller's session; being public, they are tried by people with nothing to lose. */
const ROTATING: EndpointName[] = ['signup', 'login'];
/** Routes on one person's own object: everybody else gets 404, as if it did not exist. */
const OWNED_BY_USER: EndpointName[] = ['auraChat', 'askAura', 'renameAuraChat', 'deleteAuraChat'];

interface Cell { actor: Actor; route: EndpointName; status: number; code?: string }

function expected(cell: Cell, access: Access): string | null {
  const { actor, route, status, code } = cell;
  if (status >= 500) return 'a server error';
  if (access === 'uploadToken') return status === 403 || status === 415 || status === 400 ? null : 'anything but a refusal';
  const signedOut = actor === 'anonymous' || actor === 'deleted';
  if (access === 'public') return code === 'UNAUTHENTICATED' || code === 'VERIFICATION_REQUIRED' || code === 'FORBIDDEN' ? 'a refusal of a public route' : null;
  if (signedOut) return status === 401 && code === 'UNAUTHENTICATED' ? null : 'not 401 UNAUTHENTICATED';
  if (status === 401) return 'a 401 for a signed-in person';
  if (access === 'admin') {
    if (actor === 'admin') return status === 403 ? 'a refusal of the admin' : null;
    return status === 403 && code === 'FORBIDDEN' ? null : 'not 403 FORBIDDEN for a non-admin';
  }
  if (access === 'professional') {
    if (actor === 'pending') return status === 403 && code === 'VERIFICATION_REQUIRED' ? null : 'not 403 VERIFICATION_REQUIRED';
    if (actor === 'verified') return status === 403 ? 'a refusal of the verified professional' : null;
    return status === 403 && code === 'FORBIDDEN' ? null : 'not 403 FORBIDDEN for someone who is not a verified professional';
  }
  if (access === 'active' && actor === 'pending') return status === 403 && code === 'VERIFICATION_REQUIRED' ? null : 'not 403 VERIFICATION_REQUIRED';
  if (OWNED_BY_USER.includes(route)) return (actor === 'user' ? status === 200 : status === 404) ? null : 'the owner check';
  if (status === 403 && code === 'VERIFICATION_REQUIRED') return 'VERIFICATION_REQUIRED for someone not pending';
  return null;
}

function copyOf(agent: Agent): Agent {
  const copy = server.agent();
  for (const [name, value] of agent.cookies) copy.cookies.set(name, value);
  return copy;
}

let server: TestServer;
let world: World;
beforeAll(async () => {
  server = await startServer();
  world = await buildWorld(server);
}, 60_000);
afterAll(async () => { await server?.close(); });

describe('another person never reaches what is not theirs', () => {
  it("cannot read a group they are not in, nor a thread they are not part of", async () => {
    const { agents, ids } = world;
    const group = await agents.otherUser.get(`/api/messages/group/${ids.group}`);
    expect([403, 404]).toContain(group.status);
    // The other user's own thread with the same therapist holds nothing of the first user's.
    const thread = await agents.otherUser.get(`/api/messages/${ids.verified}`);
    expect(thread.status).toBe(200);
    expect(JSON.stringify(thread.body)).not.toContain('private to my therapist');
    // ...and the therapist sees the message, being part of that thread.
    expect(JSON.stringify((await agents.verified.get(`/api/messages/${ids.user}`)).body)).toContain('private to my therapist');
  });
});

// Last: the matrix ends sessions (logout) and deletes its test objects.
describe('the authorization matrix', () => {
  it('declares the guard of every route in the table', () => {
    expect(Object.keys(ENDPOINTS).filter((name) => !(name in ACCESS))).toEqual([]);
  });

  it('answers every route × person as its guard says', async () => {
    const names = Object.keys(ENDPOINTS) as EndpointName[];
    const ordered = [...names.filter((n) => !LAST.includes(n)), ...LAST.filter((n) => names.includes(n))];
    // The admin goes last, so their group and person deletions come after everyone else's tries.
    const actors = [...ACTORS.filter((a) => a !== 'admin'), 'admin' as const];
    const wrong: (Cell & { problem: string })[] = [];
    let cells = 0;
    for (const actor of actors) {
      for (const route of ordered) {
        if (ROTATING.includes(route) && actor !== 'anonymous' && actor !== 'deleted') continue;
        const sample = sampleFor(route, world);
        // A sign-in answers a new session cookie: it goes to a copy, so the actor stays who they are.
        const agent = ROTATING.includes(route) ? copyOf(world.agents[actor]) : world.agents[actor];
        const res = await agent.request(splitEndpoint(route).method, urlOf(route, sample), sample.body);
        const cell = { actor, route, status: res.status, code: (res.body as { code?: string } | null)?.code };
        const problem = expected(cell, ACCESS[route]);
        cells += 1;
        if (problem) wrong.push({ ...cell, problem });
      }
    }
    if (wrong.length) console.log(JSON.stringify(wrong.map((w) => `${w.actor} ${w.route} ${w.status} ${w.code} ${w.problem}`), null, 1));
    expect(wrong).toEqual([]);
    expect(cells).toBeGreaterThan(250);
  }, 120_000);
});
