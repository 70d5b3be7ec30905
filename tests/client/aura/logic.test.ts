import { describe, expect, it } from 'vitest';
import type { AiHistoryEntry } from '../../../src/shared/api';
import type { LocalAiMessage } from '../../../src/client/db/database';
import { historyToRows } from '../../../src/client/features/aura/history';
import { chatTitle, needsTitle, titlePrompt } from '../../../src/client/features/aura/title';
import { imageProblem, uploadForm } from '../../../src/client/net/upload';
import { AURA_UPLOAD } from '../../../src/client/features/aura/upload';
import { newlyFailed } from '../../../src/client/features/aura/useSendFailures';
import { pendingQuestion } from '../../../src/client/features/aura/waiting';

const row = (key: string, role: 'user' | 'model', status: LocalAiMessage['status'] = 'sent', extra: Partial<LocalAiMessage> = {}): LocalAiMessage => ({
  key, chatId: 'c', role, text: key, img: null, crisis: false, status, error: null, createdAt: '2025-01-01T00:00:00.000Z', sortKey: 0, ...extra,
});

describe('thinking state', () => {
  it('is the newest question while it is queued or sending and unanswered', () => {
    expect(pendingQuestion([row('q1', 'user', 'queued')])?.key).toBe('q1');
    expect(pendingQuestion([row('q1', 'user'), row('q1:reply', 'model'), row('q2', 'user', 'sending')])?.key).toBe('q2');
  });
  it('is nothing once answered, when failed, or with no messages', () => {
    expect(pendingQuestion([])).toBeNull();
    expect(pendingQuestion([row('q1', 'user', 'sent'), row('q1:reply', 'model')])).toBeNull();
    expect(pendingQuestion([row('q1', 'user', 'failed')])).toBeNull();
    // Sent but the answer not stored yet (another tab sent it): nothing to wait on here.
    expect(pendingQuestion([row('q1', 'user', 'sent')])).toBeNull();
  });
});

describe('image checks', () => {
  it('accepts JPEG, PNG and GIF up to exactly 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif']) expect(imageProblem({ type, size: 5 * 1024 * 1024 })).toBeNull();
  });
  it('refuses other types and larger files with the spec wording', () => {
    expect(imageProblem({ type: 'image/webp', size: 10 })).toBe('Please select a valid image file (JPEG, PNG, GIF)');
    expect(imageProblem({ type: 'application/pdf', size: 10 })).toBe('Please select a valid image file (JPEG, PNG, GIF)');
    expect(imageProblem({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('Image size should be less than 5MB');
  });
  it('builds the signed upload form for the /aura-ai folder', () => {
    const form = uploadForm(new Blob(['x'], { type: 'image/png' }), { publicKey: 'pk', signature: 'sig', expire: 123, token: 'tok', uploadUrl: '/api/uploads' }, AURA_UPLOAD, 42);
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'file'))).toEqual({
      publicKey: 'pk', signature: 'sig', expire: '123', token: 'tok', fileName: 'aura-42', folder: '/aura-ai', useUniqueFileName: 'true',
    });
    expect(form.get('file')).toBeInstanceOf(Blob);
  });
});

describe('titles', () => {
  it('falls back to "Chat with Aura"', () => {
    expect(chatTitle(undefined)).toBe('Chat with Aura');
    expect(chatTitle({ title: '' })).toBe('Chat with Aura');
    expect(chatTitle({ title: '   ' })).toBe('Chat with Aura');
    expect(chatTitle({ title: 'Sleep worries' })).toBe('Sleep worries');
  });
  it('asks the helper only for server-known untitled chats', () => {
    expect(needsTitle({ title: '', local: false })).toBe(true);
    expect(needsTitle({ title: '', local: true })).toBe(false);
    expect(needsTitle({ title: 'Named', local: false })).toBe(false);
    expect(needsTitle(undefined)).toBe(false);
  });
  it('prompts with the person\'s messages, an image standing in for empty text', () => {
    expect(titlePrompt([row('a', 'user', 'sent', { text: ' hello ' }), row('a:reply', 'model'), row('b', 'user', 'sent', { text: '', img: 'u' })]))
      .toBe('hello\nAn image shared with Aura');
    expect(titlePrompt([row('a:reply', 'model')])).toBeNull();
    expect(titlePrompt([row('a', 'user', 'sent', { text: 'x'.repeat(5000) })])).toHaveLength(4000);
  });
});

describe('history to rows', () => {
  const entries: AiHistoryEntry[] = [
    { _id: 'a'.repeat(24), role: 'user', parts: [{ text: 'hi', img: '/uploads/x.png' }], crisis: false, clientId: 'c-1', createdAt: '2025-01-01T10:00:00.000Z' },
    { _id: 'b'.repeat(24), role: 'model', parts: [{ text: 'hello' }], crisis: true, clientId: 'c-1:reply', createdAt: '2025-01-01T10:00:01.000Z' },
    { _id: 'c'.repeat(24), role: 'user', parts: [{ text: 'old' }], crisis: false, clientId: null, createdAt: '2025-01-01T10:00:02.000Z' },
  ];
  it('keys rows by clientId (else the id), orders by time, and marks them sent', () => {
    expect(historyToRows('chat', entries)).toEqual([
      { key: 'c-1', chatId: 'chat', role: 'user', text: 'hi', img: '/uploads/x.png', crisis: false, status: 'sent', error: null, createdAt: entries[0]!.createdAt, sortKey: Date.parse(entries[0]!.createdAt) },
      { key: 'c-1:reply', chatId: 'chat', role: 'model', text: 'hello', img: null, crisis: true, status: 'sent', error: null, createdAt: entries[1]!.createdAt, sortKey: Date.parse(entries[1]!.createdAt) },
      { key: 'c'.repeat(24), chatId: 'chat', role: 'user', text: 'old', img: null, crisis: false, status: 'sent', error: null, createdAt: entries[2]!.createdAt, sortKey: Date.parse(entries[2]!.createdAt) },
    ]);
  });
  it('shows any other role as the assistant', () => {
    const odd = { ...entries[0]!, role: 'assistant' } as unknown as AiHistoryEntry;
    expect(historyToRows('chat', [odd])[0]!.role).toBe('model');
  });
});

describe('send failures', () => {
  it('reports a question that went from waiting to failed, once', () => {
    const before = new Map([['q1', 'sending' as const], ['q2', 'failed' as const]]);
    expect(newlyFailed(before, [row('q1', 'user', 'failed'), row('q2', 'user', 'failed'), row('q3', 'user', 'failed')])).toEqual(['q1']);
    expect(newlyFailed(before, [row('q1', 'user', 'sent')])).toEqual([]);
  });
});
