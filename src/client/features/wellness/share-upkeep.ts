/**
 * While a person shares (docs/decisions/wellness.md), the professional's copy follows the device:
 * after check-ins or scores change (and when the connection returns) the summary is rebuilt and
 * sent if it differs from the last one sent. Whether this device shares, and what it last sent,
 * is kept in its `meta` table, so nothing is asked of the server at start-up.
 */
import { Dexie } from 'dexie';
import type { HavenDb } from '../../db/database';
import { call } from '../../net/call';
import { localDay } from './checkins';
import { buildSummary } from './share';

const KEY = 'wellnessShare';
const SETTLE_MS = 2000;

interface ShareMeta {
  on: boolean;
  /** The JSON last accepted by the server. */
  sent: string | null;
}

export async function shareMeta(db: HavenDb): Promise<ShareMeta> {
  return ((await db.meta.get(KEY))?.value as ShareMeta | undefined) ?? { on: false, sent: null };
}

export async function setShareMeta(db: HavenDb, meta: ShareMeta): Promise<void> {
  await db.meta.put({ key: KEY, value: meta });
}

/** Builds the summary from the device and sends it; answers the server's status. */
export async function sendSummary(db: HavenDb) {
  const summary = buildSummary(await db.checkIns.toArray(), await db.screenings.toArray(), localDay(new Date()));
  const status = await call('setWellnessShare', { body: summary });
  await setShareMeta(db, { on: true, sent: JSON.stringify(summary) });
  return status;
}

/** Sends when sharing is on and the summary changed; one run at a time. */
async function refresh(db: HavenDb): Promise<void> {
  const meta = await shareMeta(db);
  if (!meta.on) return;
  const summary = buildSummary(await db.checkIns.toArray(), await db.screenings.toArray(), localDay(new Date()));
  if (JSON.stringify(summary) === meta.sent) return;
  await sendSummary(db);
}

export function watchShare(db: HavenDb): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  const run = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      // An offline or refused send is tried again at the next change or when the connection returns.
      running ??= refresh(db).catch((error: unknown) => console.error('Haven: the shared summary waits', error)).finally(() => { running = null; });
    }, SETTLE_MS);
  };
  const onChange = (parts: Record<string, unknown>) => {
    if (Object.keys(parts).some((p) => p.includes(`/${db.name}/checkIns/`) || p.includes(`/${db.name}/screenings/`))) run();
  };
  Dexie.on('storagemutated', onChange);
  window.addEventListener('online', run);
  run();
  return () => {
    clearTimeout(timer);
    Dexie.on('storagemutated').unsubscribe(onChange);
    window.removeEventListener('online', run);
  };
}
