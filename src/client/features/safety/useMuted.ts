/** The conversations muted now (`dm:<id>`, `group:<id>`), live from Dexie, for the lists' muted marks. */
import { useLiveQuery } from 'dexie-react-hooks';
import { useDb } from '../../sync/current';
import { isMuted } from '../../sync/safety';

export function useMutedConversations(): ReadonlySet<string> {
  const db = useDb();
  return useLiveQuery(async () => new Set((await db.mutes.toArray()).filter((m) => isMuted(m.until)).map((m) => m.conversation)), [db]) ?? NONE;
}

const NONE: ReadonlySet<string> = new Set();
