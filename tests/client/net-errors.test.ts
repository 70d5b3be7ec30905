/** The client's one error vocabulary: every failure is a code and calm words, whatever threw it. */
import ky from 'ky';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, serverMessage } from '../../src/client/net/api';
import { calmMessage, classify, describeFailure, gotNoAnswer } from '../../src/client/net/errors';

afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown) => vi.stubGlobal('fetch', vi.fn(async () =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));
const caught = async (p: Promise<unknown>) => p.then(() => { throw new Error('expected a failure'); }, (e: unknown) => e);

describe('classify', () => {
  it("takes the server's code and words", async () => {
    answer(409, { message: 'An account with this email already exists', code: 'EMAIL_TAKEN' });
    const error = await caught(api.post('http://localhost/api/auth/signup').json());
    expect(classify(error)).toMatchObject({ code: 'EMAIL_TAKEN', status: 409, message: 'An account with this email already exists' });
    expect(gotNoAnswer(error)).toBe(false);
    expect(await serverMessage(error, 'fallback')).toBe('An account with this email already exists');
  });

  it('gives a proxy page without a body the code of its status and calm words', async () => {
    answer(503, '<html>busy</html>');
    const error = await caught(api.get('http://localhost/api/auth/check').json());
    expect(classify(error)).toMatchObject({ code: 'UNAVAILABLE', status: 503, message: calmMessage('UNAVAILABLE'), body: null });
    expect(await serverMessage(error, 'fallback')).toBe('fallback');
  });

  it('calls a failed fetch no answer, and says so calmly', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    const error = await caught(api.get('http://localhost/api/auth/check').json());
    expect(classify(error)).toMatchObject({ code: 'NO_ANSWER', status: null });
    expect(gotNoAnswer(error)).toBe(true);
    expect(classify(error).message).toMatch(/connection/i);
  });

  it('reads the body of an error from another client before classifying it', async () => {
    answer(400, { message: 'Text is required', code: 'VALIDATION_FAILED' });
    const error = await caught(ky.post('http://localhost/api/x', { retry: 0 }).json());
    expect(await describeFailure(error)).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Text is required' });
  });

  it('treats anything else as an internal failure, never as no answer', () => {
    expect(classify(new Error('DatabaseClosedError'))).toMatchObject({ code: 'INTERNAL', status: null });
    expect(gotNoAnswer(new Error('x'))).toBe(false);
  });
});
