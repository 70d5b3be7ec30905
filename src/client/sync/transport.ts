/**
 * How outbox rows reach the server. Direct and group rows go in batches (POST /api/messages/batch,
 * per-item results); Aura questions one at a time (each waits for an answer). Sends are idempotent
 * by clientId, so ky may retry a POST within one attempt (network blips, 408, 429, 5xx). Every
 * attempt has a timeout: a half-open connection (a phone changing networks) must not hold the
 * queue or the cross-tab lock. What is left is sorted into: keep trying later, the network is
 * gone (costs no attempt), wait for sign-in, or refused for good.
 */
import type { KyInstance } from 'ky';
import type { AiChat, AiReply, BatchResponse, DirectMessage, GroupMessage } from '../../shared/api';
import { auraReplyKey } from '../../shared/conversation';
import type { AuraSend, DirectSend, EditSend, GroupSend, ReactSend } from '../../shared/outgoing';
import type { AuthorHelp } from '../../shared/safety/help';
import type { DeviceImage, OutboxRow } from '../db/database';
import { isDeviceImage, requestImage } from '../db/device-images';
import { call } from '../net/call';
import { describeFailure, type FailureCode } from '../net/errors';
import { uploadImage, UploadRefused } from '../net/upload';
import { refusedText, SEND_TEXTS } from './texts';

/** What the outbox does about a send that did not land: try later, wait for the network or for sign-in, or keep it as failed. */
export type SendFailureKind = 'retry' | 'offline' | 'unauthorized' | 'rejected';
/** `message` is what the person reads (calm words); the server's own detail goes to the console only. */
export type SendFailure = { ok: false; kind: SendFailureKind; message: string; code?: FailureCode };
/** Aura's answer to one question; `title` when the chat's history was read (a new chat). */
export interface AuraAnswer extends AiReply {
  title?: string;
}
export type SendOutcome = { ok: true; data: AuraAnswer } | SendFailure;
/** `help`: the server found crisis risk in this message of ours (see src/shared/safety/help.ts). */
export type ItemOutcome = { ok: true; data: DirectMessage | GroupMessage; help?: AuthorHelp } | { ok: false; message: string; code?: FailureCode };
export type BatchOutcome = { ok: true; results: ItemOutcome[] } | SendFailure;
export type UploadOutcome = { ok: true; url: string } | SendFailure;

export interface OutboxTransport {
  /** One Aura question. */
  send(row: OutboxRow): Promise<SendOutcome>;
  /** Direct and group rows, stored by the server in this order; one result per row. */
  sendBatch(rows: OutboxRow[]): Promise<BatchOutcome>;
  /** A photo kept on the device, uploaded to where it belongs. */
  upload(image: DeviceImage): Promise<UploadOutcome>;
}

const RETRYABLE = [408, 429, 500, 502, 503, 504];
/** A batch of 100 short messages is stored in well under a second; 15 s means the connection is gone. */
export const MESSAGE_SEND_TIMEOUT_MS = 15_000;
/** Aura's server waits up to 25 s for the model, then answers a canned reply: allow for that. */
export const AURA_SEND_TIMEOUT_MS = 45_000;

/** Not an HTTP or network failure: the server's answer lacked what the spec says it holds. Tried again later. */
class IncompleteAnswer extends Error {}

/** The answer to the question with this clientId, as it stands in a chat's history. */
function answerInHistory(chat: AiChat, clientId: string): AuraAnswer {
  const entry = chat.history.find((e) => e.role === 'model' && e.clientId === auraReplyKey(clientId));
  if (!entry) throw new IncompleteAnswer('The answer is not in the chat yet');
  const reply: AuraAnswer = { aiResponse: entry.parts[0]?.text ?? '', crisis: entry.crisis === true, title: chat.title };
  return entry.help ? { ...reply, help: entry.help } : reply;
}

/**
 * One Aura question. An existing chat: PUT answers `aiResponse`. A new chat: POST answers only the
 * new chat's id (spec section 7), so the answer and the title are read from its history. A retry of
 * either (same clientId) stores nothing twice, so losing the connection between the two is harmless.
 */
async function askAura(http: KyInstance, request: AuraSend): Promise<AuraAnswer> {
  if ('ask' in request) return call('askAura', { params: { id: request.chatId }, body: request.ask }, { http });
  const id: unknown = await call('createAuraChat', { body: request.create }, { http });
  // Checked although declared: a proxy or captive portal can answer 200 with something else.
  if (typeof id !== 'string' || id === '') throw new IncompleteAnswer('No chat id in the answer');
  return answerInHistory(await call('auraChat', { params: { id } }, { http }), request.create.clientId);
}

/** A batch row's item: its request, as queued. A photo still on the device is never sent in its place. */
export function batchItem(row: OutboxRow): DirectSend | GroupSend | EditSend | ReactSend {
  if (row.request.kind === 'aura') throw new Error('An Aura question is not a batch item');
  if (isDeviceImage(requestImage(row.request))) throw new Error('The photo must be uploaded first');
  return row.request;
}

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

async function failureOf(error: unknown): Promise<SendFailure> {
  if (error instanceof IncompleteAnswer) return { ok: false, kind: 'retry', message: error.message };
  if (error instanceof UploadRefused) {
    if (error.status === 401) return { ok: false, kind: 'unauthorized', message: SEND_TEXTS.signInFirst };
    if (RETRYABLE.includes(error.status)) return { ok: false, kind: 'retry', message: `Server busy (${error.status})` };
    console.error('Haven: the image store refused a photo', error.status, error.message);
    return { ok: false, kind: 'rejected', message: SEND_TEXTS.uploadFailed };
  }
  const failure = await describeFailure(error);
  const { status } = failure;
  if (status === 401) return { ok: false, kind: 'unauthorized', message: SEND_TEXTS.signInFirst };
  if (status !== null && RETRYABLE.includes(status)) return { ok: false, kind: 'retry', message: `Server busy (${status})` };
  if (status !== null) {
    if (failure.body) console.error('Haven: the server refused a send', failure.code, failure.body.message);
    return { ok: false, kind: 'rejected', message: refusedText(failure.code), code: failure.code };
  }
  // No answer at all (offline, DNS, reset) or a timeout: the message waits for the network.
  if (browserOffline()) return { ok: false, kind: 'offline', message: 'No connection' };
  if (failure.code === 'TIMEOUT') return { ok: false, kind: 'retry', message: 'The connection timed out' };
  if (failure.code === 'NO_ANSWER') return { ok: false, kind: 'retry', message: 'No connection' };
  return { ok: false, kind: 'retry', message: (error as Error).message };
}

/** An item's result: a refusal reads as calm words for its code; the server's detail goes to the console only. */
function itemOutcome(result: BatchResponse['results'][number]): ItemOutcome {
  if (result.ok) return { ok: true, data: result.message, help: result.help };
  console.error('Haven: the server refused an item', result.code, result.message);
  return { ok: false, message: refusedText(result.code), code: result.code };
}

export function kyTransport(base: KyInstance, retryLimit = 2): OutboxTransport {
  const api = base.extend({
    retry: { limit: retryLimit, methods: ['post', 'put'], statusCodes: RETRYABLE, backoffLimit: 4_000, jitter: true },
  });
  return {
    async send(row) {
      try {
        if (row.request.kind !== 'aura') throw new Error('Only an Aura question is sent alone');
        return { ok: true, data: await askAura(api.extend({ timeout: AURA_SEND_TIMEOUT_MS }), row.request) };
      } catch (error) {
        return failureOf(error);
      }
    },
    async sendBatch(rows) {
      try {
        const answer = await call('sendBatch', { body: { items: rows.map(batchItem) } }, { http: api, timeout: MESSAGE_SEND_TIMEOUT_MS });
        if (answer.results.length !== rows.length) return { ok: false, kind: 'retry', message: 'Incomplete answer from the server' };
        return { ok: true, results: answer.results.map(itemOutcome) };
      } catch (error) {
        return failureOf(error);
      }
    },
    async upload(image) {
      try {
        return { ok: true, url: await uploadImage(image.blob, image.place, { http: api.extend({ timeout: MESSAGE_SEND_TIMEOUT_MS }) }) };
      } catch (error) {
        return failureOf(error);
      }
    },
  };
}
