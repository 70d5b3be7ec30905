/** Reading messages back as a person's device would: catch-up to the end, a thread, a group page. */
import { expect } from 'vitest';
import type { DirectMessage, GroupMessage, SyncPage } from '../../src/shared/api';
import type { Agent } from './agent';

/** Every catch-up page from `since` to the end. */
export async function drain(agent: Agent, since = 0, limit = 200): Promise<{ direct: DirectMessage[]; group: GroupMessage[]; cursor: number }> {
  const out = { direct: [] as DirectMessage[], group: [] as GroupMessage[], cursor: since };
  for (;;) {
    const res = await agent.get<SyncPage>(`/api/messages/sync?since=${out.cursor}&limit=${limit}`);
    expect(res.status).toBe(200);
    out.direct.push(...res.body.direct);
    out.group.push(...res.body.group);
    out.cursor = res.body.cursor;
    if (!res.body.hasMore) return out;
  }
}

export async function thread(agent: Agent, otherId: string): Promise<DirectMessage[]> {
  const res = await agent.get<DirectMessage[]>(`/api/messages/${otherId}?limit=200`);
  expect(res.status).toBe(200);
  return res.body;
}

export async function groupThread(agent: Agent, groupId: string): Promise<GroupMessage[]> {
  const res = await agent.get<GroupMessage[]>(`/api/messages/group/${groupId}?limit=200`);
  expect(res.status).toBe(200);
  return res.body;
}

export const hasText = (text: string) => (m: { text: string }) => m.text === text;
