/** What screens read of community safety (docs/community-safety.md), live from Dexie: it holds offline too. */
import { useLiveQuery } from 'dexie-react-hooks';
import type { MessageRequest } from '../../../shared/community';
import type { BlockRow, MuteRow } from '../../db/database';
import { useDb } from '../../sync/current';
import { isMuted } from '../../sync/safety';

export function useBlocked(): BlockRow[] | undefined {
  const db = useDb();
  return useLiveQuery(async () => (await db.blocks.toArray()).sort((a, b) => a.fullName.localeCompare(b.fullName)), [db]);
}

export function useBlockedIds(): ReadonlySet<string> {
  const db = useDb();
  return useLiveQuery(async () => new Set(await db.blocks.toCollection().primaryKeys()), [db]) ?? EMPTY;
}

export function useRequests(): MessageRequest[] | undefined {
  const db = useDb();
  return useLiveQuery(() => db.requests.toArray().then((rows) => rows.sort((a, b) => b.lastAt.localeCompare(a.lastAt))), [db]);
}

export function useRequestIds(): ReadonlySet<string> {
  const requests = useRequests();
  return new Set(requests?.map((r) => r._id) ?? []);
}

/** The mute of one conversation (`dm:<id>` / `group:<id>`), if it holds now. */
export function useMute(conversation: string | null): MuteRow | undefined {
  const db = useDb();
  const row = useLiveQuery(async () => (conversation ? db.mutes.get(conversation) : undefined), [db, conversation]);
  return row && isMuted(row.until) ? row : undefined;
}

/** The conversations muted now (`dm:<id>`, `group:<id>`), for the lists' muted marks. */
export function useMutedConversations(): ReadonlySet<string> {
  const db = useDb();
  return useLiveQuery(async () => new Set((await db.mutes.toArray()).filter((m) => isMuted(m.until)).map((m) => m.conversation)), [db]) ?? EMPTY;
}

const EMPTY: ReadonlySet<string> = new Set();
