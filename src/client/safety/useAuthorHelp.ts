/** The help note for a place, live: the card shows while it exists (see help-notes.ts). */
import { useLiveQuery } from 'dexie-react-hooks';
import { useDb } from '../sync/current';
import { noteKey, type HelpNote } from './help-notes';

export function useAuthorHelp(scope: string): HelpNote | null {
  const db = useDb();
  return useLiveQuery(async () => ((await db.meta.get(noteKey(scope)))?.value as HelpNote | undefined) ?? null, [db, scope]) ?? null;
}
