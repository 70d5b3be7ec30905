/** What Aura needs from a language model, whichever one answers. */
import type { AuraRole } from '../../shared/limits';

export interface ChatImage {
  mime: string;
  base64: string;
}

export interface ChatTurn {
  role: AuraRole;
  text: string;
  image?: ChatImage;
}

export interface GenerateRequest {
  system: string;
  turns: ChatTurn[];
  signal: AbortSignal;
}

/**
 * The model's text, or null when it gave nothing usable (blocked by its own safety filter, or
 * blank). Throws on a transport or HTTP failure; Aura turns both into a canned reply.
 */
export interface AiProvider {
  readonly name: string;
  generate(request: GenerateRequest): Promise<string | null>;
}

export class ProviderError extends Error {}

/**
 * Runs a model call with its own time limit, ended sooner by `stop` (the server stopping) when there
 * is one. A timer of our own rather than AbortSignal.any over AbortSignal.timeout: on Node 20 a
 * timeout signal inside any() can be garbage collected before it fires (nodejs/node#57736), and a
 * slow model then held a person's answer for a minute instead of the configured seconds.
 */
export async function withTimeLimit<T>(ms: number, stop: AbortSignal | undefined, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const limit = new AbortController();
  const timer = setTimeout(() => limit.abort(new DOMException('The model took too long', 'TimeoutError')), ms);
  const onStop = () => limit.abort(stop?.reason);
  if (stop?.aborted) onStop();
  else stop?.addEventListener('abort', onStop, { once: true });
  try {
    return await call(limit.signal);
  } finally {
    clearTimeout(timer);
    stop?.removeEventListener('abort', onStop);
  }
}

export const SYSTEM_PROMPT = [
  'You are Aura, a warm and gentle AI companion inside Haven, a peer-support app for mental wellness.',
  'Listen first. Reflect back what you hear in plain, kind, non-clinical words; ask one open question at a time.',
  'Offer small, practical ideas when they fit: a breathing exercise, grounding (5-4-3-2-1), a short walk, writing in the diary, reaching out to someone they trust.',
  'Encourage real-world support: friends, family, and the therapist, NGO or volunteer who referred them in Haven.',
  'You are not a therapist, not a doctor and not a crisis service, and you never pretend to be human. Do not diagnose or advise on medication.',
  'If someone may be at risk of harming themselves, say you are worried, and urge them to contact local emergency services or a crisis line right away.',
  'Keep answers short (under 150 words) and use simple markdown only when it helps.',
].join(' ');

/** Reads a JSON answer, failing with the status for anything that is not 2xx. */
export async function postJson(url: string, body: unknown, headers: Record<string, string>, signal: AbortSignal): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal });
  if (!res.ok) throw new ProviderError(`model answered HTTP ${res.status}`);
  return res.json();
}
