/**
 * A search as it arrives: what the device holds at once (a live query, so a message arriving
 * meanwhile shows too), then the server's older history, page by page, when there is a connection.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { conversationKey } from '../../../shared/conversation';
import { call } from '../../net/call';
import { failureText, gotNoAnswer } from '../../net/errors';
import { useOnline } from '../../pwa/online';
import { useDb } from '../../sync/current';
import { useBlockedIds } from '../safety/hooks';
import { fromServer, mergeHits, searchDevice, type SearchHit, type SearchScope } from './hits';

/** The most the device's part shows; older ones come from the server, which pages. */
const DEVICE_LIMIT = 200;
/** Typing pauses this long before the server is asked: one request per word, not per key. */
const SETTLE_MS = 350;

export type ServerState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'done'; hasMore: boolean }
  /** No connection, or nothing came back: the device's results are all there is for now. */
  | { kind: 'offline'; canRetry: boolean }
  | { kind: 'failed'; message: string };

export interface MessageSearch {
  /** Every result so far, newest first; undefined until the device has answered. */
  hits: SearchHit[] | undefined;
  server: ServerState;
  /** Asks the server for its next page, or again after a failure. */
  searchOlder: () => void;
}

/** The server's part of one search (one query in one scope): its pages so far and how many are wanted. */
interface Pages {
  key: string;
  hits: SearchHit[];
  loaded: number;
  hasMore: boolean;
  /** Pages asked for: the first comes by itself, each "Search older messages" adds one. */
  want: number;
  status: 'ready' | 'loading' | 'no-answer' | 'failed';
  message: string;
}

const fresh = (key: string): Pages => ({ key, hits: [], loaded: 0, hasMore: true, want: 1, status: 'ready', message: '' });

function serverState(q: string | null, online: boolean, p: Pages): ServerState {
  if (!q) return { kind: 'idle' };
  if (p.status === 'failed') return { kind: 'failed', message: p.message };
  if (!online || p.status === 'no-answer') return { kind: 'offline', canRetry: online };
  if (p.status === 'loading' || (p.loaded < p.want && p.hasMore)) return { kind: 'loading' };
  return { kind: 'done', hasMore: p.hasMore };
}

export function useMessageSearch(q: string | null, scope: SearchScope, me: string): MessageSearch {
  const db = useDb();
  const blocked = useBlockedIds();
  const online = useOnline();
  const scopeKey = scope ? conversationKey(scope) : null;

  const device = useLiveQuery(async () => {
    if (!q) return [];
    const rows = scopeKey ? await db.messages.where('conversation').equals(scopeKey).toArray() : await db.messages.toArray();
    return searchDevice(rows, { q, scope: scopeKey ? scope : null, blocked, me, limit: DEVICE_LIMIT });
  }, [db, q, scopeKey, blocked, me]);

  const searchKey = `${scopeKey ?? 'all'}\u0000${q ?? ''}`;
  const [stored, setPages] = useState<Pages>(() => fresh(searchKey));
  // A new query or scope starts over; answers to the one before are dropped when they come.
  const pages = stored.key === searchKey ? stored : fresh(searchKey);
  if (pages !== stored) setPages(pages);

  // Back online after nothing came back: ask again by itself.
  useEffect(() => {
    if (online) setPages((p) => (p.status === 'no-answer' ? { ...p, status: 'ready' } : p));
  }, [online]);

  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);
  const { status, loaded, want, hasMore } = pages;
  useEffect(() => {
    if (!q || !online || status !== 'ready' || loaded >= want || !hasMore) return;
    const update = (change: (p: Pages) => Pages) => setPages((p) => (p.key === searchKey ? change(p) : p));
    const ask = () => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      update((p) => ({ ...p, status: 'loading' }));
      const before = pages.hits.at(-1)?.order;
      call('searchMessages', {
        query: { q, ...(scope ? { kind: scope.kind, id: scope.id } : {}), ...(before === undefined ? {} : { before }) },
      }, { signal: controller.signal })
        .then((answer) => update((p) => ({
          ...p, hits: [...p.hits, ...answer.results.map((m) => fromServer(m, me))], loaded: p.loaded + 1, hasMore: answer.hasMore, status: 'ready',
        })))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          update((p) => (gotNoAnswer(error) ? { ...p, status: 'no-answer' } : { ...p, status: 'failed', message: failureText(error) }));
        });
    };
    // The first page waits for the typing to settle; a page asked for goes at once.
    const timer = setTimeout(ask, loaded === 0 ? SETTLE_MS : 0);
    return () => clearTimeout(timer);
    // The scope is part of searchKey; the hits are read only for the cursor of the page asked for.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [searchKey, online, status, loaded, want, hasMore]);

  const hits = useMemo(() => (device === undefined ? undefined : mergeHits(device, pages.hits)), [device, pages.hits]);
  const searchOlder = () => setPages((p) => (p.key !== searchKey ? p
    : p.status === 'failed' || p.status === 'no-answer' ? { ...p, status: 'ready' } : { ...p, want: p.loaded + 1 }));
  return { hits, server: serverState(q, online, pages), searchOlder };
}
