/**
 * What a person does to keep themselves safe (docs/community-safety.md), each written to the device first where it
 * can be, then to the server. A block holds at once, offline too: the person's messages leave the
 * device in the same step and catch-up drops any that arrive later (sync/merge.ts). The rest need
 * the server and say so calmly when there is no connection.
 */
import type { ReportInput } from '../../../shared/community';
import type { PublicUser } from '../../../shared/api';
import { type HavenDb, type LocalMessage } from '../../db/database';
import { call } from '../../net/call';
import { describeFailure, gotNoAnswer } from '../../net/errors';
import { currentEngine } from '../../sync/current';
import { refreshDirectory } from '../../sync/directory';
import { forgetPeople, restorePerson } from '../../sync/safety';
import { discard } from '../../sync/outbox';
import { api } from '../../net/api';
import { conversationKey, type PeopleConversation } from '../../../shared/conversation';

function db(): HavenDb {
  const engine = currentEngine();
  if (!engine) throw new Error('Please log in again.');
  return engine.db;
}

/** The server's refusal as a person reads it; no answer at all is not a refusal. */
async function refusal(error: unknown): Promise<Error> {
  return new Error((await describeFailure(error)).message);
}

export async function blockPerson(person: Pick<PublicUser, '_id' | 'fullName' | 'profilePic'>): Promise<void> {
  const local = db();
  await local.blocks.put({ _id: person._id, fullName: person.fullName, profilePic: person.profilePic, blockedAt: new Date().toISOString(), synced: 0 });
  await forgetPeople(local, [person._id]);
  try {
    await call('block', { params: { userId: person._id } });
    await local.blocks.update(person._id, { synced: 1 });
  } catch (error) {
    // Offline: the block holds here and reaches the server with the next sync (sync/safety.ts).
    if (gotNoAnswer(error)) return;
    // Refused: the block is undone here too, and what was removed comes back.
    await local.blocks.delete(person._id);
    await restorePerson(local, api, person._id).catch(() => undefined);
    throw await refusal(error);
  }
}

export async function unblockPerson(personId: string): Promise<void> {
  const local = db();
  const row = await local.blocks.get(personId);
  if (row?.synced !== 0) {
    try {
      await call('unblock', { params: { userId: personId } });
    } catch (error) {
      if ((await describeFailure(error)).status !== 404) throw await refusal(error);
    }
  }
  await local.blocks.delete(personId);
  // Best effort: what does not come back now comes with history paging.
  await restorePerson(local, api, personId).catch((error: unknown) => console.error('Haven: restoring messages after an unblock failed', error));
}

export async function acceptRequest(personId: string): Promise<void> {
  await call('acceptRequest', { params: { userId: personId } }).catch(async (error: unknown) => { throw await refusal(error); });
  await db().requests.delete(personId);
}

/**
 * Deleting one's own message for everyone. One still waiting in the outbox never reached anyone:
 * it simply goes. A sent one is erased on the server, and here the same tombstone replaces it.
 */
export async function deleteForEveryone(message: LocalMessage): Promise<void> {
  const local = db();
  if (message.status !== 'sent' || !message._id) {
    await discard(local, message.key);
    return;
  }
  await call('deleteMessage', { params: { messageId: message._id } }).catch(async (error: unknown) => { throw await refusal(error); });
  await local.messages.update(message.key, { text: '', image: null, deletedAt: new Date().toISOString(), deletedBy: 'sender' });
}

export async function muteConversation(conversation: PeopleConversation, hours: number | null): Promise<void> {
  const until = hours === null ? null : new Date(Date.now() + hours * 3_600_000).toISOString();
  const mute = await call('mute', { params: conversation, body: { until } }).catch(async (error: unknown) => { throw await refusal(error); });
  await db().mutes.put({ conversation: conversationKey(conversation), until: mute.until });
}

export async function unmuteConversation(conversation: PeopleConversation): Promise<void> {
  await call('unmute', { params: conversation }).catch(async (error: unknown) => { throw await refusal(error); });
  await db().mutes.delete(conversationKey(conversation));
}


export async function leaveGroup(groupId: string): Promise<void> {
  await call('leaveGroup', { params: { groupId } }).catch(async (error: unknown) => { throw await refusal(error); });
  await refreshDirectory(db(), api);
}

export async function sendReport(input: ReportInput): Promise<string> {
  const answer = await call('report', { body: input }).catch(async (error: unknown) => { throw await refusal(error); });
  return answer.message;
}

export const myReports = () => call('myReports');
export const groupMembers = (groupId: string) => call('groupMembers', { params: { groupId } });
