import { useEffect, useState } from 'react';
import { api } from '../../net/api';
import { useEngine } from '../../sync/current';
import { classify } from '../../net/errors';
import { listThatFailed, refreshDirectory, type ListName } from '../../sync/directory';


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
