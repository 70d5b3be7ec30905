import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { GroupSummary } from '../../../shared/api';
import type { HavenDb } from '../../db/database';
import { api } from '../../net/api';
import { currentEngine, useDb, useEngine } from '../../sync/current';
import { classify } from '../../net/errors';
import { LISTS_KEY, listThatFailed, refreshDirectory, type ListName } from '../../sync/directory';

/** How a refresh of the people and groups lists went: null when it worked, else what failed. */
export type DirectoryOutcome = { error: unknown } | null;
/** A refresh a route's loader started; it never rejects. */
export type DirectoryLoad = Promise<DirectoryOutcome>;

/** The refresh under way per person's database: whoever asks meanwhile shares it. */
const running = new WeakMap<HavenDb, DirectoryLoad>();
/** The last refresh a loader started that no screen has taken yet. */
let started: { db: HavenDb; load: DirectoryLoad } | null = null;

function refresh(db: HavenDb): DirectoryLoad {
  let load = running.get(db);
  if (!load) {
    load = refreshDirectory(db, api).then(() => null, (error: unknown) => ({ error }));
    running.set(db, load);
    void load.then(() => running.delete(db));
  }
  return load;
}

/**
 * For route loaders: refreshes the lists into Dexie, which the screens read (so they open at once
 * and work offline: nothing awaits this). Undefined when no engine runs (its code failed to load);
 * the screen then has nothing to show either way.
 */
export function startDirectoryRefresh(): DirectoryLoad | undefined {
  const db = currentEngine()?.db;
  if (!db) return undefined;
  const load = refresh(db);
  started = { db, load };
  return load;
}

/**
 * The refresh a screen reports on: the one it was handed, else the one its loader left (once: a
 * later mount, the screen opened again, asks anew), else a new one.
 */
function claim(db: HavenDb, given: DirectoryLoad | undefined): DirectoryLoad {
  const left = started?.db === db ? started.load : undefined;
  started = null;
  return given ?? left ?? refresh(db);
}

/** Which list a failed refresh was fetching; with no answer at all, the screen's own list. */
function failedList(error: unknown, primary: ListName): ListName {
  return classify(error).status === null ? primary : listThatFailed(error) ?? primary;
}

/**
 * How the people and groups lists' refresh went for a chat screen: `load` is the one its route's
 * loader started; without it the screen takes over whatever refresh its loader left, or starts one
 * (a screen shown outside its route). Being offline is calm: no error. Online, a failure answers
 * which list failed, once per attempt, so the screen can raise the spec's toast and, with nothing
 * stored yet, its error state.
 */
export function useDirectoryRefresh(primary: ListName, load?: DirectoryLoad): ListName | null {
  const engine = useEngine();
  const [failed, setFailed] = useState<ListName | null>(null);
  useEffect(() => {
    if (!engine) return;
    let live = true;
    const outcome = claim(engine.db, load);
    void outcome.then((result) => {
      if (!live) return;
      if (!result) setFailed(null);
      else if (navigator.onLine) setFailed(failedList(result.error, primary));
    });
    return () => {
      live = false;
    };
  }, [engine, primary, load]);
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
