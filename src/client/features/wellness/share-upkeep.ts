/**
 * While a person shares (docs/decisions/wellness.md), the professional's copy follows the device:
 * after check-ins or scores change (and when the connection returns) the summary is rebuilt and
 * sent if it differs from the last one sent. Whether this device shares, and what it last sent,
 * is kept in its `meta` table, so nothing is asked of the server at start-up.
 */
import { Dexie } from 'dexie';
import type { HavenDb } from '../../db/database';
import { call } from '../../net/call';
import { describeFailure } from '../../net/errors';
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

const summaryOf = async (db: HavenDb) => buildSummary(await db.checkIns.toArray(), await db.screenings.toArray(), localDay(new Date()));

/** The switch: starts sharing with the summary built now; answers the server's status. */
export async function startSharing(db: HavenDb) {
  const summary = await summaryOf(db);
  const status = await call('setWellnessShare', { body: summary });
  await setShareMeta(db, { on: true, sent: JSON.stringify(summary) });
  return status;
}

/** The refresh under way, so a withdrawal can wait for it rather than race it. */
let running: Promise<void> | null = null;

/** The switch, off: this device stops first, then what was shared is deleted. */
export async function stopSharing(db: HavenDb) {
  await setShareMeta(db, { on: false, sent: null });
  await running?.catch(() => {});
  return call('withdrawWellnessShare');
}

/** Sends when sharing is on and the summary changed. An update only: it never starts sharing again. */
async function refresh(db: HavenDb): Promise<void> {
  const meta = await shareMeta(db);
  if (!meta.on) return;
  const summary = await summaryOf(db);
  if (JSON.stringify(summary) === meta.sent) return;
  try {
    await call('updateWellnessShare', { body: summary });
  } catch (failure) {
    // Withdrawn meanwhile, here or on another device: this device stops too.
    if ((await describeFailure(failure)).code === 'NOT_FOUND') {
      await setShareMeta(db, { on: false, sent: null });
      return;
    }
    throw failure;
  }
  // Still on: a withdrawal while this was on the wire turned it off, and must stay so.
  if ((await shareMeta(db)).on) await setShareMeta(db, { on: true, sent: JSON.stringify(summary) });
}

export function watchShare(db: HavenDb): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
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
