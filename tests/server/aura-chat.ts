/**
 * Starting an Aura chat the way the spec's client (and Haven's outbox) does: POST /api/chats answers
 * the new chat's id as a JSON string, and Aura's answer is read from the chat's history.
 */
import { expect } from 'vitest';
import type { AiChat, AiHistoryEntry, CreateChatResponse } from '../../src/shared/api';
import type { AuthorHelp } from '../../src/shared/safety/help';
import type { Agent } from './agent';

export interface ReadChat {
  _id: string;
  title: string;
  /** The newest model entry's text. */
  aiResponse: string;
  crisis: boolean;
  help?: AuthorHelp;
  history: AiHistoryEntry[];
}

/** GET /api/chats/{id}, with the newest answer picked out. */
export async function readChat(agent: Agent, id: string): Promise<ReadChat> {
  const res = await agent.get<AiChat>(`/api/chats/${id}`);
  expect(res.status).toBe(200);
  const answer = res.body.history.findLast((e) => e.role === 'model');
  expect(answer).toBeDefined();
  return {
    _id: res.body._id, title: res.body.title, aiResponse: answer!.parts[0]!.text, crisis: answer!.crisis,
    ...(answer!.help ? { help: answer!.help } : {}), history: res.body.history,
  };
}

/** POST /api/chats: checks the answer is a 24-hex id as a JSON string, then reads the chat. */
export async function createChat(agent: Agent, body: Record<string, unknown>, status = 201): Promise<ReadChat> {
  const res = await agent.post<CreateChatResponse>('/api/chats', body);
  expect({ status: res.status, type: res.headers.get('content-type') }).toEqual({ status, type: 'application/json; charset=utf-8' });
  expect(res.body).toMatch(/^[0-9a-f]{24}$/);
  return readChat(agent, res.body);
}
