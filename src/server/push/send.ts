/**
 * One push to one browser. web-push builds the request (the payload encrypted with aes128gcm for
 * the subscription's keys, TTL, Urgency and Topic; the VAPID header comes from vapid.ts); it is sent here with
 * fetch, so an allowed endpoint is reached over the scheme its URL names (web-push's own sender
 * always uses TLS), redirects are never followed, and a slow push service is cut off.
 */
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

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
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
  const res = await fetch(details.endpoint, {
    method: details.method, headers: details.headers as Record<string, string>, body: details.body ? new Uint8Array(details.body) : undefined,
    redirect: 'manual', signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  await res.body?.cancel();
  if (res.status >= 200 && res.status < 300) return { kind: 'delivered' };
  if (res.status === 404 || res.status === 410) return { kind: 'gone', status: res.status };
  if (res.status === 429 || res.status >= 500) return { kind: 'retry', status: res.status, afterMs: retryAfterMs(res.headers.get('retry-after')) };
  return { kind: 'refused', status: res.status };
}
