import { describe, expect, it } from 'vitest';
import { servesAppShell } from '../../../sw/navigation';
import { NEVER_FALLBACK, servesAppShell as serverServesAppShell } from '../../../src/shared/paths';

/** What workbox's NavigationRoute does with its denylist: each pattern against `pathname + search`. */
const workboxServesAppShell = (pathAndSearch: string) => !NEVER_FALLBACK.some((re) => re.test(pathAndSearch));

describe('the service worker navigation fallback', () => {
  it('answers app routes with the app shell', () => {
    for (const p of ['/', '/dashboard', '/diary', '/aura-ai/chats/0123456789abcdef01234567', '/apiary', '/uploadsx']) {
      expect(servesAppShell(p), p).toBe(true);
    }
  });

  it('never answers /api, /socket.io, /uploads or a file with the app', () => {
    for (const p of ['/api', '/api/health', '/api/auth/check', '/socket.io/', '/socket.io', '/uploads/a.jpg', '/uploads',
      '/robots.txt', '/manifest.webmanifest', '/icon-192.png', '/assets/missing-abc.js', '/.env']) {
      expect(servesAppShell(p), p).toBe(false);
    }
  });

  it('is the server\'s rule too (one home in src/shared/paths)', () => {
    expect(servesAppShell).toBe(serverServesAppShell);
  });

  it('judges the path, not the query, as workbox hands it over', () => {
    for (const p of ['/dashboard?next=a.b', '/login?email=a@b.com', '/chat#x.y']) expect(workboxServesAppShell(p), p).toBe(true);
    for (const p of ['/api?x=1', '/uploads?x', '/robots.txt?v=2', '/icon-192.png#x']) expect(workboxServesAppShell(p), p).toBe(false);
  });
});
