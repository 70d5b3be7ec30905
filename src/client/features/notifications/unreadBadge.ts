/**
 * The unread total in the tab's title ("(3) Chat · Haven") and on the installed app's icon (the
 * Badging API, where the browser has it) (docs/decisions/notifications.md). Counted as the unread
 * badges count (muted conversations and requests count nothing), after changes settle: a
 * catch-up storing thousands of messages recounts once it pauses, not after every page. A total
 * that rises after the first count is something new arriving: the chime, if wanted (chime.ts).
 */
import { Dexie } from 'dexie';
import type { HavenDb } from '../../db/database';
import { readSummaries } from '../../sync/unread';
import { chime } from './chime';

const SETTLE_MS = 1000;
const PREFIX = /^\(\d+\) /;

/** The title with the count in front (none at 0); the screen's own title is kept after it. */
export const titleWith = (title: string, unread: number) => `${unread > 0 ? `(${unread}) ` : ''}${title.replace(PREFIX, '')}`;

async function total(db: HavenDb): Promise<number> {
  let n = 0;
  for (const s of (await readSummaries(db)).values()) n += s.unread;
  return n;
}

function show(unread: number): void {
  const next = titleWith(document.title, unread);
  if (document.title !== next) document.title = next;
  const nav = navigator as Navigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
  const badge = unread > 0 ? nav.setAppBadge?.(unread) : nav.clearAppBadge?.();
  badge?.catch(() => {});
}

/** Keeps the title and the app's badge at `db`'s unread total until the returned function is called. */
export function watchUnread(db: HavenDb): () => void {
  let unread = 0;
  let counted = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const recount = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void total(db).then((n) => {
      if (stopped) return;
      if (counted && n > unread) chime();
      counted = true;
      unread = n;
      show(n);
    }, (error: unknown) => console.error('Haven: unread total not counted', error)), SETTLE_MS);
  };
  // The router sets each screen's title: put the count back in front of the new one.
  const head = new MutationObserver(() => show(unread));
  head.observe(document.head, { subtree: true, childList: true, characterData: true });
  // Any write to the device's databases, from this tab or another.
  Dexie.on('storagemutated', recount);
  recount();
  return () => {
    stopped = true;
    clearTimeout(timer);
    head.disconnect();
    Dexie.on('storagemutated').unsubscribe(recount);
    show(0);
  };
}
