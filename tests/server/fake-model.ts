/**
 * A fake language-model server on 127.0.0.1 standing in for Gemini or an OpenAI-compatible
 * endpoint: it records every request and answers according to a mode that a test switches. As
 * Gemini does, the Gemini shape refuses (400) a turn with no parts and an image type it does not take.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeMode = 'answer' | 'error' | 'slow' | 'blocked' | 'blank';
export type FakeShape = 'gemini' | 'openai';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  // oxlint-disable-next-line typescript/no-explicit-any -- request bodies are checked field by field
  body: any;
}

export interface FakeModel {
  url: string;
  requests: RecordedRequest[];
  mode: FakeMode;
  /** The text answered in 'answer' mode. */
  text: string;
  /** How Aura's risk check (its system prompt names a "safety reviewer") is answered, apart from the chat. */
  risk: { mode: FakeMode; text: string };
  /** The most recent request (fails loudly when there is none). */
  last(): RecordedRequest;
  reset(): void;
  close(): Promise<void>;
}

function answerBody(shape: FakeShape, mode: FakeMode, text: string): unknown {
  if (shape === 'gemini') {
    if (mode === 'blocked') return { promptFeedback: { blockReason: 'SAFETY' } };
    return { candidates: [{ finishReason: 'STOP', content: { role: 'model', parts: [{ text: mode === 'blank' ? '   ' : text }] } }] };
  }
  if (mode === 'blocked') return { choices: [{ index: 0, finish_reason: 'content_filter', message: { role: 'assistant', content: '' } }] };
  return { choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: mode === 'blank' ? '' : text } }] };
}

/** What the real Gemini API refuses with 400 INVALID_ARGUMENT: a turn with no parts, or an image type it does not take. */
const GEMINI_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/heic', 'image/heif'];
function geminiRefusal(body: unknown): string | null {
  const contents = (body as { contents?: { parts?: { text?: string; inlineData?: { mimeType?: string } }[] }[] })?.contents;
  if (!Array.isArray(contents) || contents.length === 0) return 'contents must not be empty';
  for (const c of contents) {
    if (!c.parts?.length) return 'contents.parts must not be empty';
    for (const p of c.parts) {
      if (p.inlineData && !GEMINI_IMAGE_TYPES.includes(p.inlineData.mimeType ?? '')) return `Unsupported MIME type: ${p.inlineData.mimeType}`;
    }
  }
  return null;
}

export async function startFakeModel(shape: FakeShape): Promise<FakeModel> {
  const pending = new Set<ServerResponse>();
  const fake: Omit<FakeModel, 'url'> = {
    requests: [],
    mode: 'answer',
    text: 'Hello from the fake model.',
    risk: { mode: 'answer', text: 'NONE' },
    last() {
      const request = this.requests.at(-1);
      if (!request) throw new Error('the fake model received no request');
      return request;
    },
    reset() {
      this.requests.length = 0;
      this.mode = 'answer';
      this.text = 'Hello from the fake model.';
      this.risk = { mode: 'answer', text: 'NONE' };
    },
    close: async () => {},
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        // keep the raw text
      }
      fake.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const refusal = shape === 'gemini' ? geminiRefusal(body) : null;
      if (refusal) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 400, message: refusal, status: 'INVALID_ARGUMENT' } }));
        return;
      }
      const asked = raw.includes('safety reviewer') ? fake.risk : { mode: fake.mode, text: fake.text };
      if (asked.mode === 'slow') {
        // Held open past the client's timeout; ended on close so the process can exit.
        pending.add(res);
        res.on('close', () => pending.delete(res));
        return;
      }
      if (asked.mode === 'error') {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'boom' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answerBody(shape, asked.mode, asked.text)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.close = async () => {
    for (const res of pending) res.destroy();
    pending.clear();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return Object.assign(fake, { url: `http://127.0.0.1:${port}` });
}
