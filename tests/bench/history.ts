/**
 * History paging in a big group, through the real server: a group holding HISTORY_MESSAGES
 * messages (50,000 by default, inserted straight into the database as years of a busy group would
 * leave them), and a member scrolling back from the newest page to the oldest, one page of the
 * app's size at a time, as the conversation view asks. Measured twice: right after the group grew
 * (the planner's statistics as they were) and after an analysis (what Haven's statistics keeper,
 * or PostgreSQL's autovacuum, does once the growth is seen). Prints; asserts nothing.
 */
import { sql } from 'drizzle-orm';
import { HISTORY_PAGE } from '../../src/client/sync/history';
import { analyse } from '../../src/server/db/statistics';
import { ADMIN, post, request, seedGroupHistory, startBenchServer, summarize, timed } from './lib';

const MESSAGES = Number(process.env.HISTORY_MESSAGES ?? 50_000);

async function member(baseUrl: string, stamp: string): Promise<{ cookie: string; groupId: string; senderId: string }> {
  const admin = (await post(baseUrl, '/api/auth/login', ADMIN)).cookie;
  const pro = await post<{ _id: string }>(baseUrl, '/api/auth/signup', { fullName: 'History Pro', email: `history-pro.${stamp}@bench.haven`, password: 'bench-password', role: 'therapist' });
  const { json: verified } = await post<{ referralCode: string }>(baseUrl, `/api/admin/verify-user/${pro.json._id}`, {}, admin);
  const { json: made } = await post<{ group: { _id: string } }>(baseUrl, '/api/admin/create-group', { name: `History ${stamp}`, type: 'mental', description: 'A busy group.' }, admin);
  const { cookie } = await post(baseUrl, '/api/auth/signup', { fullName: 'History Reader', email: `history-reader.${stamp}@bench.haven`, password: 'bench-password', role: 'user', referralCode: verified.referralCode });
  await post(baseUrl, `/api/messages/join-group/${made.group._id}`, {}, cookie);
  return { cookie, groupId: made.group._id, senderId: pro.json._id };
}

/** Every page from the newest back to the oldest; answers each page's time. */
async function scrollBack(baseUrl: string, cookie: string, groupId: string): Promise<number[]> {
  const times: number[] = [];
  let before: number | null = null;
  let seen = 0;
  for (;;) {
    const query = `limit=${HISTORY_PAGE}${before === null ? '' : `&before=${before}`}`;
    const [page, ms] = await timed(() => request<{ seq: number }[]>(baseUrl, 'GET', `/api/messages/group/${groupId}?${query}`, undefined, cookie));
    times.push(ms);
    const rows = page.json;
    if (rows.length === 0) break;
    seen += rows.length;
    before = Math.min(...rows.map((m) => m.seq));
  }
  if (seen !== MESSAGES) throw new Error(`paged through ${seen} of ${MESSAGES} messages`);
  return times;
}

export async function historyBench(postgresUrl?: string): Promise<Record<string, string>[]> {
  const server = await startBenchServer(postgresUrl);
  try {
    const stamp = Date.now().toString(36);
    const { cookie, groupId, senderId } = await member(server.baseUrl, stamp);
    await seedGroupHistory(server, groupId, senderId, stamp, MESSAGES);
    const rows: Record<string, string>[] = [];
    const report = (when: string, times: number[]) => {
      const { p50, p99 } = summarize(times);
      rows.push({ database: server.kind, case: `${MESSAGES} messages, ${times.length} pages of ${HISTORY_PAGE}, ${when}`, p50, p99, max: `${Math.max(...times).toFixed(2)} ms` });
    };
    report('right after the growth', await scrollBack(server.baseUrl, cookie, groupId));
    await analyse({ query: async (text) => ({ rows: ((await server.database.db.execute(sql.raw(text))) as { rows: unknown[] }).rows }) });
    report('after an analysis', await scrollBack(server.baseUrl, cookie, groupId));
    return rows;
  } finally {
    await server.close();
  }
}
