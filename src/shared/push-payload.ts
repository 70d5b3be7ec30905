/**
 * What a push carries to the service worker, and the words its notification shows
 * (docs/decisions/notifications.md): never anything anyone wrote, and a name only when the person
 * turned "Show names in notifications" on. No zod here: the worker's bundle stays small, and it
 * reads a payload with `readPushPayload`.
 */

export const PUSH_PAYLOAD_KINDS = ['direct', 'group', 'request', 'aura', 'verification', 'report', 'crisis', 'summary', 'test'] as const;

export interface PushPayload {
  v: 1;
  kind: (typeof PUSH_PAYLOAD_KINDS)[number];
  /** The screen a click opens: a path of this app. */
  url: string;
  /** Collapses a burst on the device: one notification per conversation. */
  tag: string;
  /** Who (or which group), only with "Show names in notifications" on. */
  from?: string;
  /** How many were held through quiet hours (a summary). */
  count?: number;
}

/** A path of this app, never another site (`//host`, a backslash trick). */
export const isAppPath = (url: unknown): url is string => typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.includes('\\');

/** The payload, or null for anything else (an older or foreign push still shows a plain notification). */
export function readPushPayload(data: unknown): PushPayload | null {
  if (typeof data !== 'object' || data === null) return null;
  const p = data as Record<string, unknown>;
  if (p.v !== 1 || !PUSH_PAYLOAD_KINDS.includes(p.kind as PushPayload['kind']) || !isAppPath(p.url) || typeof p.tag !== 'string') return null;
  return {
    v: 1, kind: p.kind as PushPayload['kind'], url: p.url, tag: p.tag.slice(0, 64),
    ...(typeof p.from === 'string' && { from: p.from.slice(0, 100) }),
    ...(typeof p.count === 'number' && Number.isInteger(p.count) && p.count > 0 && { count: p.count }),
  };
}

/** The words a notification shows. */
export function notificationText(p: PushPayload | null): { title: string; body: string } {
  if (!p) return { title: 'Haven', body: 'Something new in Haven.' };
  const from = p.from ? ` from ${p.from}` : '';
  switch (p.kind) {
    case 'direct': return { title: `New message${from}`, body: 'Open Haven to read it.' };
    case 'group': return { title: p.from ? `New message in ${p.from}` : 'New group message', body: 'Open Haven to read it.' };
    case 'request': return { title: `Message request accepted${from}`, body: 'You can now write to each other.' };
    case 'aura': return { title: 'Aura answered', body: 'Open Haven to read the answer.' };
    case 'verification': return { title: 'Your verification was decided', body: 'Open Haven to see the decision.' };
    case 'report': return { title: 'Your report was reviewed', body: 'Open Haven to see the outcome.' };
    case 'crisis': return { title: 'A client may need you', body: 'Open Haven for the details.' };
    case 'summary': return { title: 'While your notifications were quiet', body: `${p.count ?? 1} new in Haven.` };
    case 'test': return { title: 'Haven', body: 'Notifications work on this device.' };
  }
}
