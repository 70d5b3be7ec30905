/** Unread counts and read positions as screens read them (live, from Dexie), and marking read. */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { HavenDb } from '../db/database';
import { api } from '../net/api';
import { currentEngine, useCatchUp, useDb, useEngine } from './current';
import { LISTS_KEY, type Lists } from './directory';
import { noteRead, sendReadsSoon } from './reads';
import { readSeqOf, readSummaries, type ConversationSummary } from './unread';
import { directKey, groupKey } from '../../shared/conversation';

const HOLD = Symbol('held while catching up');

/**
 * A live query of unread counts, held while a catch-up stores its pages: each page would count
 * every conversation again (a new device in a group of 50,000 messages: a hundred times), and
 * one count after it is enough. The first count is never held.
 */
function useCountsQuery<T>(query: () => Promise<T>, deps: readonly unknown[]): T | undefined {
  const running = useCatchUp() === 'running';
  const [kept, setKept] = useState<{ value: T } | null>(null);
  const hasKept = kept !== null;
  // oxlint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps stand for `query`
  const value = useLiveQuery(async () => (running && hasKept ? HOLD : query()), [...deps, running, hasKept]);
  useEffect(() => {
    if (value !== undefined && value !== HOLD) setKept({ value });
  }, [value]);
  return value === HOLD ? kept?.value : value;
}

/** Each conversation's unread count and newest message; undefined while the first read runs. */
export function useConversationSummaries(): Map<string, ConversationSummary> | undefined {
  const db = useDb();
  return useCountsQuery(() => readSummaries(db), [db]);
}

/** The conversation's read position (0: nothing read); undefined while it is being read, or with no conversation. */
export function useReadSeq(conversation: string | null): number | undefined {
  const db = useDb();
  const read = useLiveQuery(async () => (conversation ? { conversation, seq: await readSeqOf(db, conversation) } : undefined), [db, conversation]);
  // useLiveQuery keeps the previous answer while a new query runs: never another conversation's.
  return read?.conversation === conversation ? read?.seq : undefined;
}

/** Marks read on this device at once, then tells the server (now, or after the next reconnect). */
export async function markConversationRead(conversation: string, seq: number): Promise<void> {
  const engine = currentEngine();
  if (!engine || !(await noteRead(engine.db, conversation, seq))) return;
  if (!engine.realtime || !navigator.onLine) return;
  sendReadsSoon(engine.db, api).catch((error: unknown) => console.error('Haven: a read position waits to be sent', error));
}

export interface UnreadTotals {
  /** Direct messages with the people of /chat, plus the groups the person belongs to. */
  community: number;
  /** Direct messages with the people of /therapist-chat. */
  therapist: number;
}

async function totals(db: HavenDb, therapistList: keyof Lists): Promise<UnreadTotals> {
  const [summaries, lists, groups] = await Promise.all([
    readSummaries(db), db.meta.get(LISTS_KEY).then((row) => row?.value as Lists | undefined), db.groups.toArray(),
  ]);
  const sum = (conversations: string[]) => conversations.reduce((n, c) => n + (summaries.get(c)?.unread ?? 0), 0);
  const dms = (ids: readonly string[] = []) => ids.map(directKey);
  return {
    community: sum([...dms(lists?.users), ...groups.filter((g) => g.isMember).map((g) => groupKey(g._id))]),
    therapist: sum(dms(lists?.[therapistList])),
  };
}

/**
 * The dashboard cards' totals: each counts what its own screen lists, so a therapist's messages
 * to a user count on both cards when both screens show that person. None when signed out.
 */
export function useUnreadTotals(therapistList: keyof Lists): UnreadTotals | undefined {
  const db = useEngine()?.db;
  return useCountsQuery(async () => (db ? totals(db, therapistList) : undefined), [db, therapistList]);
}
