/** failureText: every failure in calm words; the server's own words only where it refused the request itself. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../src/client/net/api';
import { CalmError, classify, failureText } from '../../../src/client/net/errors';
import { CALM_MESSAGES } from '../../../src/shared/errors';

const answer = (status: number, body: unknown, type = 'application/json') => vi.stubGlobal('fetch', vi.fn(async () =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': type } })));
const caught = async (p: Promise<unknown>) => p.then(() => { throw new Error('expected a failure'); }, (e: unknown) => e);
const TECHNICAL = /status code|https?:|Request failed|GET |POST |Error/;

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('failureText', () => {
  it('gives a server error the screen\'s own words, never the server\'s generic ones, and logs the detail', async () => {
    answer(500, { message: CALM_MESSAGES.INTERNAL, code: 'INTERNAL' });
    const error = await caught(api.post('http://localhost/api/admin/create-group').json());
    expect(failureText(error, 'Failed to create group')).toBe('Failed to create group');
    expect(logged).toHaveBeenCalledWith('Haven:', 'Failed to create group', error);
  });

  it('turns a bodiless 500 into calm words, with no status line or address', async () => {
    answer(500, 'boom', 'text/plain');
    const error = await caught(api.get('http://localhost/api/messages/users').json());
    expect((error as Error).message).toMatch(/status code 500/);
    const text = failureText(error);
    expect(text).toBe(CALM_MESSAGES.INTERNAL);
    expect(text).not.toMatch(TECHNICAL);
  });

  it('keeps what the server said about the request itself (a 4xx), even over a fallback', async () => {
    answer(409, { message: 'A group with this name already exists', code: 'CONFLICT' });
    const error = await caught(api.post('http://localhost/api/admin/create-group').json());
    expect(failureText(error, 'Failed to create group')).toBe('A group with this name already exists');
  });

  it('says no connection calmly, or the fallback', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    const error = await caught(api.get('http://localhost/api/auth/check').json());
    expect(failureText(error)).toMatch(/connection/i);
    expect(failureText(error, 'Failed to load users')).toBe('Failed to load users');
  });

  it('shows a CalmError\'s own words, and never any other local error\'s', () => {
    expect(failureText(new CalmError('Please write a title'))).toBe('Please write a title');
    expect(classify(new CalmError('Please write a title')).message).toBe('Please write a title');
    expect(failureText(new Error('DatabaseClosedError: Database has been closed'))).toBe(CALM_MESSAGES.INTERNAL);
    expect(failureText(new Error('x'), 'Could not save the entry')).toBe('Could not save the entry');
  });
});
