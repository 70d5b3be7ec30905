/** Where a sign-in returns to: only a path of this app, never another site (an open redirect). */
import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { requireAccess, safeRedirect } from '../../src/client/features/auth/access';

const user = { role: 'user', status: 'verified' } as const;
const pending = { role: 'therapist', status: 'pending' } as const;

/** What requireAccess throws: the redirect's options. */
function sentTo(run: () => unknown): Record<string, unknown> {
  try {
    run();
  } catch (thrown) {
    if (isRedirect(thrown)) return thrown.options as Record<string, unknown>;
    throw thrown;
  }
  throw new Error('Not redirected');
}

describe('safeRedirect', () => {
  it('keeps a path of the app with its query and hash', () => {
    expect(safeRedirect('/chat?group=0123456789abcdef01234567')).toBe('/chat?group=0123456789abcdef01234567');
    expect(safeRedirect('/chat/dm/0123456789abcdef01234567?message=abcdefabcdefabcdefabcdef')).toBe('/chat/dm/0123456789abcdef01234567?message=abcdefabcdefabcdefabcdef');
    expect(safeRedirect('/diary#today')).toBe('/diary#today');
  });

  it.each([
    ['an absolute URL', 'https://evil.example/chat'],
    ['a protocol-relative URL', '//evil.example/chat'],
    ['a backslash trick', '/\\evil.example'],
    ['a backslash later on', '/chat\\..\\\\evil.example'],
    ['a tab the URL parser drops', '/\t/evil.example'],
    ['a newline', '/\n/evil.example'],
    ['a path that normalises to //host', '/.//evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'chat'],
    ['the API', '/api/auth/logout'],
    ['an upload', '/uploads/x.png'],
    ['a file', '/robots.txt'],
    ['the login page itself', '/login?redirect=/chat'],
    ['signup', '/signup'],
    ['not a string', ['/chat']],
    ['nothing', undefined],
  ])('refuses %s', (_name, value) => {
    expect(safeRedirect(value)).toBeNull();
  });
});

describe('requireAccess and the way back', () => {
  it('sends someone signed out to /login carrying where they were going', () => {
    const options = sentTo(() => requireAccess('app')({ context: { user: null }, location: { href: '/chat?group=0123456789abcdef01234567', search: {} } }));
    expect(options).toMatchObject({ to: '/login', search: { redirect: '/chat?group=0123456789abcdef01234567' } });
  });

  it('signed in on /login, sends them on to it; a foreign address goes to the dashboard', () => {
    const back = sentTo(() => requireAccess('signedOut')({ context: { user }, location: { href: '/login', search: { redirect: '/chat/group/0123456789abcdef01234567' } } }));
    expect(back).toMatchObject({ href: '/chat/group/0123456789abcdef01234567' });
    const foreign = sentTo(() => requireAccess('signedOut')({ context: { user }, location: { href: '/login', search: { redirect: '//evil.example' } } }));
    expect(foreign).toMatchObject({ to: '/dashboard' });
    expect(foreign.href).toBeUndefined();
  });

  it('a pending professional goes on as before, and a free screen asks nothing', () => {
    expect(sentTo(() => requireAccess('signedOut')({ context: { user: pending }, location: { href: '/login', search: { redirect: '/chat' } } }))).toMatchObject({ to: '/dashboard' });
    expect(requireAccess('public')({ context: { user: null }, location: { href: '/reset-password', search: {} } })).toEqual({ access: 'public' });
  });
});

describe("/login's search", () => {
  it('names a refused redirect as undefined, so the router cannot merge the raw value back in', async () => {
    const { Route } = await import('../../src/client/routes/login');
    const validate = Route.options.validateSearch as (search: Record<string, unknown>) => { redirect?: string };
    expect(validate({ redirect: 'https://evil.example/' })).toEqual({ redirect: undefined });
    expect('redirect' in validate({ redirect: '//evil.example' })).toBe(true);
    expect(validate({ redirect: '/chat?group=0123456789abcdef01234567' })).toEqual({ redirect: '/chat?group=0123456789abcdef01234567' });
  });
});
