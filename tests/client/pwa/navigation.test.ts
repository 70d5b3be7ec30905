import { describe, expect, it } from 'vitest';
import { servesAppShell } from '../../../sw/navigation';

describe('the service worker navigation fallback', () => {
  it('answers app routes with the app shell', () => {
    for (const p of ['/', '/dashboard', '/diary', '/aura-ai/chats/0123456789abcdef01234567', '/apiary', '/uploadsx']) {
      expect(servesAppShell(p), p).toBe(true);
    }
  });

  it('never answers /api, /socket.io, /uploads or a file with the app', () => {
    for (const p of ['/api', '/api/health', '/api/auth/check', '/socket.io/', '/socket.io', '/uploads/a.jpg', '/uploads',
      '/robots.txt', '/manifest.webmanifest', '/icon-192.png', '/assets/missing-abc.js']) {
      expect(servesAppShell(p), p).toBe(false);
    }
  });
});
