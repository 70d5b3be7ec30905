/**
 * The pure rules of notifications (docs/decisions/notifications.md): which endpoints the server
 * contacts, quiet hours across midnight and time zones, what a payload may hold and the words a
 * notification shows, and the unread count in the title.
 */
import { describe, expect, it } from 'vitest';
import { titleWith } from '../../src/client/features/notifications/unreadBadge';
import { endpointAllowed } from '../../src/server/push/endpoints';
import { isQuiet, minuteOfDay } from '../../src/server/push/quiet';
import { topicOf } from '../../src/server/push/send';
import { notificationText, readPushPayload } from '../../src/shared/push-payload';
import { pushSettingsSchema, DEFAULT_PUSH_SETTINGS } from '../../src/shared/push';

describe('endpointAllowed', () => {
  it('takes HTTPS endpoints of the browsers’ push services', () => {
    for (const url of [
      'https://fcm.googleapis.com/fcm/send/abc', 'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://web.push.apple.com/QG', 'https://api.push.apple.com/x', 'https://db5p.notify.windows.com/w/?token=1',
    ]) expect(endpointAllowed(url), url).toBe(true);
  });

  it('refuses other hosts, plain HTTP, other ports, credentials, look-alikes and non-URLs', () => {
    for (const url of [
      'https://evil.example/push', 'http://fcm.googleapis.com/fcm/send/abc', 'https://fcm.googleapis.com:8443/x',
      'https://user:pw@fcm.googleapis.com/x', 'https://fcm.googleapis.com.evil.example/x', 'https://evilpush.apple.com/x',
      'https://127.0.0.1/x', 'not a url', 'file:///etc/passwd',
    ]) expect(endpointAllowed(url), url).toBe(false);
  });

  it('adds the allowed origins, over the scheme they name, and nothing beside them', () => {
    expect(endpointAllowed('http://127.0.0.1:4000/push/1', ['http://127.0.0.1:4000'])).toBe(true);
    expect(endpointAllowed('http://127.0.0.1:4001/push/1', ['http://127.0.0.1:4000'])).toBe(false);
    expect(endpointAllowed('https://127.0.0.1:4000/push/1', ['http://127.0.0.1:4000'])).toBe(false);
  });
});

describe('quiet hours', () => {
  const at = (iso: string) => new Date(iso);
  it('span midnight: 22:00 to 07:00 is quiet at 23:30 and 06:59, not at 07:00 or 21:59', () => {
    const q = { start: 22 * 60, end: 7 * 60, timeZone: 'UTC' };
    expect(isQuiet(q, at('2026-11-27T23:30:00Z'))).toBe(true);
    expect(isQuiet(q, at('2026-11-27T06:59:00Z'))).toBe(true);
    expect(isQuiet(q, at('2026-11-27T07:00:00Z'))).toBe(false);
    expect(isQuiet(q, at('2026-11-27T21:59:00Z'))).toBe(false);
  });

  it('are read in the person’s own time zone', () => {
    // 13:00 UTC is 22:00 in Tokyo.
    expect(minuteOfDay('Asia/Tokyo', at('2026-11-27T13:00:00Z'))).toBe(22 * 60);
    expect(isQuiet({ start: 22 * 60, end: 7 * 60, timeZone: 'Asia/Tokyo' }, at('2026-11-27T13:00:00Z'))).toBe(true);
    expect(isQuiet({ start: 22 * 60, end: 7 * 60, timeZone: 'Europe/London' }, at('2026-11-27T13:00:00Z'))).toBe(false);
  });

  it('none means never quiet', () => {
    expect(isQuiet(null, new Date())).toBe(false);
  });
});

describe('settings', () => {
  it('refuse quiet hours that start and end at once, or an unknown time zone', () => {
    const base = DEFAULT_PUSH_SETTINGS;
    expect(pushSettingsSchema.safeParse({ ...base, quietHours: { start: 60, end: 60, timeZone: 'UTC' } }).success).toBe(false);
    expect(pushSettingsSchema.safeParse({ ...base, quietHours: { start: 60, end: 120, timeZone: 'Mars/Olympus' } }).success).toBe(false);
    expect(pushSettingsSchema.safeParse({ ...base, quietHours: { start: 60, end: 120, timeZone: 'Europe/Berlin' } }).success).toBe(true);
  });
});

describe('a push payload', () => {
  it('is read only when it is one of ours, and only to a path of this app', () => {
    expect(readPushPayload({ v: 1, kind: 'direct', url: '/chat/dm/1', tag: 'dm:1' })).toEqual({ v: 1, kind: 'direct', url: '/chat/dm/1', tag: 'dm:1' });
    for (const bad of [null, 'x', { v: 2, kind: 'direct', url: '/', tag: 't' }, { v: 1, kind: 'nope', url: '/', tag: 't' },
      { v: 1, kind: 'direct', url: 'https://evil.example/', tag: 't' }, { v: 1, kind: 'direct', url: '//evil.example', tag: 't' },
      { v: 1, kind: 'direct', url: '/\\evil', tag: 't' }]) expect(readPushPayload(bad)).toBeNull();
  });

  it('shows "New message", a name only when the payload has one, and never more', () => {
    expect(notificationText({ v: 1, kind: 'direct', url: '/', tag: 't' })).toEqual({ title: 'New message', body: 'Open Haven to read it.' });
    expect(notificationText({ v: 1, kind: 'direct', url: '/', tag: 't', from: 'Dr. Lin' }).title).toBe('New message from Dr. Lin');
    expect(notificationText({ v: 1, kind: 'summary', url: '/', tag: 't', count: 3 }).body).toBe('3 new in Haven.');
    expect(notificationText(null).title).toBe('Haven');
  });

  it('topics keep to the URL-safe alphabet and 32 characters', () => {
    expect(topicOf('dm:0123456789abcdef01234567')).toBe('dm0123456789abcdef01234567');
    expect(topicOf('x'.repeat(40))).toHaveLength(32);
  });
});

describe('the title', () => {
  it('carries the unread total in front, replaced rather than stacked, and none at 0', () => {
    expect(titleWith('Chat · Haven', 3)).toBe('(3) Chat · Haven');
    expect(titleWith('(3) Chat · Haven', 5)).toBe('(5) Chat · Haven');
    expect(titleWith('(5) Chat · Haven', 0)).toBe('Chat · Haven');
  });
});
