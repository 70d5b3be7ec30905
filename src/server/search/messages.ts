/**
 * Message search (docs/decisions/message-search.md): the words of the messages a person may read,
 * newest first. What a person may read is exactly what catch-up gives them (messages/sync.ts):
 * their direct threads as visibleDirect allows, the groups they belong to now, nothing from
 * someone they block; and of those, never a message taken back.
 */
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DirectMessage, GroupMessage, SearchResults } from '../../shared/api';
import { SEARCH_PAGE_SIZE } from '../../shared/message-rules';
import type { Db } from '../db/client';
import { directMessages, groupMembers, groupMessages, users } from '../db/schema';
import { visibleDirect, visibleGroup } from '../community/blocks';
import { threadCondition } from '../messages/access';
import { withReactions } from '../messages/reactions';
import { senderColumns, senderOrDeleted, toDirectMessage, toGroupMessage } from '../messages/serialize';

/** Where to look: everywhere the person may read, or one conversation already checked by the caller. */
export type SearchScope = { kind: 'all' } | { kind: 'direct'; otherId: string } | { kind: 'group'; groupId: string };

export interface SearchRequest {
  q: string;
  /** Only messages with a smaller seq: the last seq of the previous page. */
  before?: number;
  scope: SearchScope;
  limit?: number;
}

/**
 * `q` as a LIKE pattern that finds it anywhere: its own `%`, `_` and `\` are escaped, so they
 * match themselves rather than any text.
 */
export const containsPattern = (q: string): string => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

/** ILIKE with the escape character said out loud, so the pattern above means the same on every server setting. */
const textContains = (column: AnyPgColumn, pattern: string) =>
  sql`${column} ilike ${pattern} escape '\\'`;

function directMatches(db: Db, me: string, pattern: string, request: SearchRequest, limit: number) {
  const { scope, before } = request;
  const mine = scope.kind === 'direct'
    ? threadCondition(me, scope.otherId)
    : or(eq(directMessages.senderId, me), eq(directMessages.receiverId, me));
  return db.select().from(directMessages)
    .where(and(mine, visibleDirect(db, me), isNull(directMessages.deletedAt), textContains(directMessages.text, pattern),
      before === undefined ? undefined : lt(directMessages.seq, before)))
    .orderBy(desc(directMessages.seq)).limit(limit);
}

function groupMatches(db: Db, me: string, pattern: string, request: SearchRequest, limit: number) {
  const { scope, before } = request;
  const myGroups = db.select({ id: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.userId, me));
  const where = scope.kind === 'group'
    // The route checked membership; the subquery holds it again should they leave meanwhile.
    ? and(eq(groupMessages.groupId, scope.groupId), inArray(groupMessages.groupId, myGroups))
    : inArray(groupMessages.groupId, myGroups);
  return db.select({ m: groupMessages, s: senderColumns })
    .from(groupMessages).leftJoin(users, eq(users.id, groupMessages.senderId))
    .where(and(where, visibleGroup(db, me), isNull(groupMessages.deletedAt), textContains(groupMessages.text, pattern),
      before === undefined ? undefined : lt(groupMessages.seq, before)))
    .orderBy(desc(groupMessages.seq)).limit(limit);
}

/**
 * One page of results. Each table gives at most one page and one more row, newest first; the two
 * merge by seq (one sequence numbers both tables), and the extra row says whether more is left.
 */
export async function searchMessages(db: Db, me: string, request: SearchRequest): Promise<SearchResults> {
  const limit = request.limit ?? SEARCH_PAGE_SIZE;
  const pattern = containsPattern(request.q);
  const { scope } = request;
  const [direct, group] = await Promise.all([
    scope.kind === 'group' ? [] : directMatches(db, me, pattern, request, limit + 1),
    scope.kind === 'direct' ? [] : groupMatches(db, me, pattern, request, limit + 1),
  ]);
  const merged: (DirectMessage | GroupMessage)[] = [
    ...direct.map((m) => toDirectMessage(m, me)),
    ...group.map((r) => toGroupMessage(r.m, senderOrDeleted(r.m.senderId, r.s))),
  ].sort((x, y) => y.seq - x.seq);
  return { results: await withReactions(db, me, merged.slice(0, limit)), hasMore: merged.length > limit };
}
