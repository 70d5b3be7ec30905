/**
 * Message search on the device, and what it shares with the server's answers
 * (docs/decisions/message-search.md): pure functions over rows, so they are tested without a browser.
 */
import type { DirectMessage, GroupMessage } from '../../../shared/api';
import { parsePeopleKey, type PeopleConversation } from '../../../shared/conversation';
import { SEARCH_MIN_LENGTH } from '../../../shared/message-rules';
import type { LocalMessage } from '../../db/database';

/** One result, from the device or the server, in one shape. */
export interface SearchHit {
  /** The server's id when the message is stored; the device row's key while it waits to be sent. */
  key: string;
  _id: string | null;
  /** Where it opens: the other person of a direct chat, or the group. */
  conversation: PeopleConversation;
  senderId: string;
  /** A group message's sender as the message carries it; null for direct messages (the conversation names them). */
  senderName: string | null;
  text: string;
  /** The time it shows (when written, else when stored). */
  at: string;
  /** Newest first: the server's order (seq), and messages still waiting to be sent above everything stored. */
  order: number;
}

/** Where to look: everything, or one conversation. */
export type SearchScope = PeopleConversation | null;

/** The query as both sides take it: trimmed; null when too short to search. */
export function searchable(q: string): string | null {
  const trimmed = q.trim();
  return trimmed.length >= SEARCH_MIN_LENGTH ? trimmed : null;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Case-insensitive, Unicode-aware, and the query's own characters taken literally (as the server's escaped LIKE). */
export const matcher = (q: string): RegExp => new RegExp(escapeRegExp(q), 'giu');

export function fromDevice(m: LocalMessage): SearchHit | null {
  const conversation = parsePeopleKey(m.conversation);
  if (!conversation) return null;
  return {
    key: m._id ?? m.key, _id: m._id, conversation, senderId: m.senderId, senderName: m.kind === 'group' ? m.sender?.fullName ?? null : null,
    text: m.text, at: m.writtenAt ?? m.createdAt, order: m.sortKey,
  };
}

export function fromServer(m: DirectMessage | GroupMessage, me: string): SearchHit {
  const conversation: PeopleConversation = 'groupId' in m
    ? { kind: 'group', id: m.groupId }
    : { kind: 'direct', id: m.senderId === me ? m.receiverId : m.senderId };
  return {
    key: m._id, _id: m._id, conversation, senderId: m.senderId, senderName: 'sender' in m ? m.sender.fullName : null,
    text: m.text, at: m.writtenAt ?? m.createdAt, order: m.seq,
  };
}

const sameConversation = (a: PeopleConversation, b: PeopleConversation) => a.kind === b.kind && a.id === b.id;

export interface DeviceSearch {
  q: string;
  scope: SearchScope;
  /** People this person blocks: what the device still holds of them is never shown (the server answers the same). */
  blocked: ReadonlySet<string>;
  me: string;
  limit: number;
}

/**
 * The device's messages whose words contain `q`, newest first: never one taken back, never a
 * blocked person's. Messages still waiting to be sent count: they are this person's own words.
 */
export function searchDevice(rows: readonly LocalMessage[], { q, scope, blocked, me, limit }: DeviceSearch): SearchHit[] {
  const pattern = matcher(q);
  const hits: SearchHit[] = [];
  for (const row of rows) {
    if (row.deletedAt || !row.text || (row.senderId !== me && blocked.has(row.senderId))) continue;
    pattern.lastIndex = 0;
    if (!pattern.test(row.text)) continue;
    const hit = fromDevice(row);
    if (hit && (!scope || sameConversation(scope, hit.conversation))) hits.push(hit);
  }
  return hits.sort((a, b) => b.order - a.order).slice(0, limit);
}

/** The device's results and the server's together, newest first; a message both hold shows once. */
export function mergeHits(device: readonly SearchHit[], server: readonly SearchHit[]): SearchHit[] {
  const seen = new Set(device.map((h) => h.key));
  return [...device, ...server.filter((h) => !seen.has(h.key))].sort((a, b) => b.order - a.order);
}

/** Where a result opens: the conversation, at that message when the server has it. */
export function hitHref(hit: Pick<SearchHit, '_id' | 'conversation'>): string {
  const base = hit.conversation.kind === 'direct' ? `/chat/dm/${hit.conversation.id}` : `/chat/group/${hit.conversation.id}`;
  return hit._id ? `${base}?message=${encodeURIComponent(hit._id)}` : base;
}
