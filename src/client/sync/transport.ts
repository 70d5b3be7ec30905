/**
 * How an outbox row reaches the server. Sends are idempotent by clientId, so ky may retry a POST
 * within one attempt (network blips, 408, 429, 5xx, with capped, jittered backoff). What is left
 * after that is sorted into: keep trying later, wait for sign-in, or refused for good.
 */
import { HTTPError, TimeoutError, type KyInstance } from 'ky';
import { isApiErrorBody } from '../../shared/errors';
import type { OutboxRow } from '../db/database';

export type SendOutcome =
  | { ok: true; data: unknown }
  | { ok: false; kind: 'retry' | 'unauthorized' | 'rejected'; message: string };

export interface OutboxTransport {
  send(row: OutboxRow): Promise<SendOutcome>;
}

const RETRYABLE = [408, 429, 500, 502, 503, 504];

function request(api: KyInstance, row: OutboxRow) {
  const { body } = row;
  switch (row.kind) {
    case 'direct': return api.post(`messages/send/${row.target}`, { json: body });
    case 'group': return api.post(`messages/send-group/${row.target}`, { json: body });
    case 'aura': return body.isNew
      ? api.post('chats', { json: { chatId: row.target, text: body.text, img: body.img ?? null, clientId: body.clientId } })
      : api.put(`chats/${row.target}`, { json: { question: body.text, img: body.img ?? null, clientId: body.clientId } });
  }
}

export function kyTransport(base: KyInstance, retryLimit = 2): OutboxTransport {
  const api = base.extend({
    retry: { limit: retryLimit, methods: ['post', 'put'], statusCodes: RETRYABLE, backoffLimit: 4_000, jitter: true },
  });
  return {
    async send(row) {
      try {
        return { ok: true, data: await request(api, row).json() };
      } catch (error) {
        if (error instanceof HTTPError) {
          const status = error.response.status;
          if (status === 401) return { ok: false, kind: 'unauthorized', message: 'Please log in to send messages' };
          if (RETRYABLE.includes(status)) return { ok: false, kind: 'retry', message: `Server busy (${status})` };
          const body: unknown = await error.response.json().catch(() => null);
          return { ok: false, kind: 'rejected', message: isApiErrorBody(body) ? body.message : 'Failed to send message' };
        }
        // No answer at all (offline, DNS, reset) or a timeout: the message waits for the network.
        if (error instanceof TimeoutError || error instanceof TypeError) return { ok: false, kind: 'retry', message: 'No connection' };
        return { ok: false, kind: 'retry', message: (error as Error).message };
      }
    },
  };
}
