/**
 * One push to one browser. web-push builds the request (the payload encrypted with aes128gcm for
 * the subscription's keys, TTL, Urgency and Topic; the VAPID header comes from vapid.ts); it is sent
 * here with node:http or node:https as the endpoint's URL names (web-push's own sender always uses
 * TLS), over kept-alive connections, never following a redirect, and a slow push service is cut off.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import webpush from 'web-push';
import type { PushPayload } from '../../shared/push-payload';
import type { VapidTokens } from './vapid';

export interface Target {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  /** Seconds the push service keeps it for an offline device. */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A later push with the same topic replaces one still waiting (a burst collapses). */
  topic?: string;
}

/** delivered; gone: the subscription no longer exists (404, 410); retry: try again later; refused: drop it. */
export type PushOutcome =
  | { kind: 'delivered' }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; status: number; afterMs?: number }
  | { kind: 'refused'; status: number };

const SEND_TIMEOUT_MS = 10_000;

/** A Topic is at most 32 characters of the URL-safe base64 alphabet (RFC 8030 section 5.4). */
export const topicOf = (key: string) => key.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32);

function retryAfterMs(header: string | undefined): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

/**
 * Not fetch: its web streams and Request objects cost several times node:http's CPU per request,
 * on the thread that also delivers messages, and a fan-out makes hundreds of requests at once.
 */
function post(endpoint: string, headers: Record<string, string | number>, body: Buffer | null): Promise<{ status: number; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    const send = endpoint.startsWith('https:') ? httpsRequest : httpRequest;
    const req = send(endpoint, { method: 'POST', headers, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) }, (res: IncomingMessage) => {
      // Read to the end, so the connection goes back to the agent for the next push; the status is
      // the answer, so a body cut off afterwards (the timeout, a reset) changes nothing.
      res.on('error', () => {});
      res.resume();
      resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] });
    });
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

export async function sendPush(target: Target, payload: PushPayload, options: PushOptions, tokens: VapidTokens): Promise<PushOutcome> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      // The VAPID header is signed once per push service (vapid.ts), not once per push.
      headers: { Authorization: tokens.authorization(target.endpoint) },
      TTL: options.ttl, urgency: options.urgency, contentEncoding: 'aes128gcm',
      ...(options.topic && { topic: topicOf(options.topic) }),
    },
  );
  const res = await post(details.endpoint, details.headers as Record<string, string | number>, details.body);
  if (res.status >= 200 && res.status < 300) return { kind: 'delivered' };
  if (res.status === 404 || res.status === 410) return { kind: 'gone', status: res.status };
  if (res.status === 429 || res.status >= 500) return { kind: 'retry', status: res.status, afterMs: retryAfterMs(res.retryAfter) };
  return { kind: 'refused', status: res.status };
}
