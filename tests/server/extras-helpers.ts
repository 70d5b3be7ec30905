/** What the reply, edit, reaction and group-photo suites share: people, groups and batch items, through the real API. */
import { expect } from 'vitest';
import type { BatchResponse, BatchResult, DirectMessage, GroupMessage } from '../../src/shared/api';
import type { Agent } from './agent';
import type { TestServer } from './harness';
import { referredUser, signedInAdmin, verifiedProfessional, type Person } from './people';

export type Message = DirectMessage | GroupMessage;
type Conversation = { kind: 'direct' | 'group'; id: string };

export interface Extras {
  person(): Promise<Person>;
  group(...members: Person[]): Promise<string>;
  batch(agent: Agent, items: unknown[]): Promise<BatchResult[]>;
  /** One item, which must be stored: its message (and help, if any). */
  one(agent: Agent, item: unknown): Promise<Message & { help?: unknown }>;
  /** One item, which must be refused: its code and message. */
  refused(agent: Agent, item: unknown): Promise<{ code: string; message: string }>;
}

let n = 0;
export const clientId = () => `extras-${Date.now().toString(36)}-${(n += 1)}`;

export const direct = (to: string, text: string, extra: Record<string, unknown> = {}) => ({ kind: 'direct', to, text, clientId: clientId(), ...extra });
export const inGroup = (groupId: string, text: string, extra: Record<string, unknown> = {}) => ({ kind: 'group', groupId, text, clientId: clientId(), ...extra });
export const edit = (conversation: Conversation, messageId: string, text: string) => ({ kind: 'edit', conversation, messageId, text, clientId: clientId() });
export const reaction = (conversation: Conversation, messageId: string, emoji: string, add = true) => ({ kind: 'react', conversation, messageId, emoji, add, clientId: clientId() });

export async function extras(server: TestServer): Promise<Extras> {
  const { code } = await verifiedProfessional(server);
  const admin = await signedInAdmin(server);
  const batch = async (agent: Agent, items: unknown[]) => {
    const res = await agent.post<BatchResponse>('/api/messages/batch', { items });
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(items.length);
    return res.body.results;
  };
  return {
    person: () => referredUser(server, code),
    group: async (...members) => {
      const res = await admin.post('/api/admin/create-group', { name: `Extras ${(n += 1)}`, type: 'mental', description: 'extras' });
      expect(res.status).toBe(201);
      const id = res.body.group._id as string;
      for (const m of members) expect((await m.agent.post(`/api/messages/join-group/${id}`)).status).toBe(200);
      return id;
    },
    batch,
    one: async (agent, item) => {
      const [result] = await batch(agent, [item]);
      if (!result!.ok) throw new Error(`refused: ${result!.code} ${result!.message}`);
      return { ...result!.message, ...(result!.help ? { help: result!.help } : {}) };
    },
    refused: async (agent, item) => {
      const [result] = await batch(agent, [item]);
      if (result!.ok) throw new Error(`stored: ${JSON.stringify(result!.message)}`);
      return { code: result!.code, message: result!.message };
    },
  };
}
