/**
 * Photos in groups (docs/decisions/replies-edits-reactions.md): a group batch item may carry an
 * image checked exactly as a direct message's is (only an upload its sender made), carried by the
 * answer, the group page, catch-up and the live event, and erased with its file on take-back. The
 * spec's own POST /messages/send-group stays text only.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { groupMessages } from '../../src/server/db/schema';
import { edit, extras, inGroup, type Extras } from './extras-helpers';
import { startServer, type TestServer } from './harness';
import { uploadImage } from './people';
import { drain, groupThread } from './reading';
import { closeAllSockets, nextEvent, readySocket } from './socket-client';

let server: TestServer;
let x: Extras;
beforeAll(async () => {
  server = await startServer();
  x = await extras(server);
});
afterEach(() => closeAllSockets());
afterAll(async () => { await server?.close(); });

const groupRows = (groupId: string) => server.database.db.select().from(groupMessages).where(eq(groupMessages.groupId, groupId));

describe('a photo in a group', () => {
  it('is stored and carried everywhere, with or without words', async () => {
    const [a, b] = [await x.person(), await x.person()];
    const groupId = await x.group(a, b);
    const image = await uploadImage(server, a.agent);
    const told = nextEvent(await readySocket(server, b.agent, b.id), 'newGroupMessage');
    const photo = await x.one(a.agent, inGroup(groupId, '', { image }));
    expect(photo).toMatchObject({ groupId, text: '', image });
    expect(await told).toMatchObject({ _id: photo._id, image });
    expect((await groupThread(b.agent, groupId))[0]).toMatchObject({ _id: photo._id, image });
    expect((await drain(b.agent)).group.find((m) => m._id === photo._id)).toMatchObject({ image });
    expect((await b.agent.get(image)).status).toBe(200);
    const captioned = await x.one(a.agent, inGroup(groupId, 'our walk', { image: await uploadImage(server, a.agent) }));
    expect(captioned).toMatchObject({ text: 'our walk', image: expect.stringMatching(/^\/uploads\//) });
    // A photo's words may be edited away: the photo is still there.
    expect(await x.one(a.agent, edit({ kind: 'group', id: groupId }, captioned._id, ''))).toMatchObject({ text: '', image: captioned.image });
  });

  it('is refused when it is someone else\'s upload, not an upload, or missing with no words; nothing is stored', async () => {
    const [a, b] = [await x.person(), await x.person()];
    const groupId = await x.group(a, b);
    const theirs = await uploadImage(server, b.agent);
    expect(await x.refused(a.agent, inGroup(groupId, 'look', { image: theirs }))).toEqual({ code: 'VALIDATION_FAILED', message: 'The image must be uploaded first' });
    expect((await x.refused(a.agent, inGroup(groupId, '', { image: 'https://example.com/cat.png' }))).code).toBe('VALIDATION_FAILED');
    expect((await x.refused(a.agent, inGroup(groupId, '   '))).code).toBe('VALIDATION_FAILED');
    expect(await groupRows(groupId)).toEqual([]);
  });

  it('is erased from the row and from the store when its message is taken back', async () => {
    const [a, b] = [await x.person(), await x.person()];
    const groupId = await x.group(a, b);
    const image = await uploadImage(server, a.agent);
    const photo = await x.one(a.agent, inGroup(groupId, 'oops', { image }));
    const told = nextEvent(await readySocket(server, b.agent, b.id), 'messageChanged');
    expect((await a.agent.delete(`/api/messages/${photo._id}`)).status).toBe(200);
    expect(await told).toMatchObject({ _id: photo._id, text: '', image: null, deletedBy: 'sender' });
    expect((await groupRows(groupId))[0]).toMatchObject({ text: '', image: null });
    expect((await groupThread(b.agent, groupId))[0]).toMatchObject({ image: null });
    expect((await b.agent.get(image)).status).toBe(404);
  });

  it('cannot go through POST /messages/send-group, which stays text only', async () => {
    const [a] = [await x.person()];
    const groupId = await x.group(a);
    const image = await uploadImage(server, a.agent);
    expect((await a.agent.post(`/api/messages/send-group/${groupId}`, { text: '', image })).status).toBe(400);
    const res = await a.agent.post(`/api/messages/send-group/${groupId}`, { text: 'words', image });
    expect(res.status).toBe(201);
    expect(res.body.image).toBeNull();
    expect((await groupRows(groupId))[0]!.image).toBeNull();
  });
});
