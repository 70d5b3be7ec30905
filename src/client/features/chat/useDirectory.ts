import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { GroupSummary } from '../../../shared/api';
import { api } from '../../net/api';
import { useDb, useEngine } from '../../sync/current';
import { classify } from '../../net/errors';
import { LISTS_KEY, listThatFailed, refreshDirectory, type ListName } from '../../sync/directory';

/** Which list a failed refresh was fetching; with no answer at all, the screen's own list. */
function failedList(error: unknown, primary: ListName): ListName {
  return classify(error).status === null ? primary : listThatFailed(error) ?? primary;
}

/**
 * Refreshes the people and groups lists when a chat screen opens (screens read them from Dexie,
 * so they work offline). Being offline is calm: no error. Online, a failure answers which list
 * failed, once per attempt, so the screen can raise the spec's toast and, with nothing stored yet,
 * its error state.
 */
export function useDirectoryRefresh(primary: ListName): ListName | null {
  const engine = useEngine();
  const [failed, setFailed] = useState<ListName | null>(null);
  useEffect(() => {
    if (!engine) return;
    let live = true;
    refreshDirectory(engine.db, api).then(
      () => live && setFailed(null),
      (error: unknown) => {
        if (live && navigator.onLine) setFailed(failedList(error, primary));
      },
    );
    return () => {
      live = false;
    };
  }, [engine, primary]);
  return failed;
}

/**
 * The support groups by name; undefined until the directory has been loaded on this device once
 * (refreshDirectory stores groups and lists together), so "no groups yet" is never said of a list
 * that simply has not arrived.
 */
export function useGroupList(): GroupSummary[] | undefined {
  const db = useDb();
  return useLiveQuery(async () => ((await db.meta.get(LISTS_KEY)) ? db.groups.orderBy('name').toArray() : undefined), [db]);
}
