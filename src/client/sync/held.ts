/**
 * Conversations open on screen. Pruning (prune.ts) leaves them whole while they are open: rows a
 * reader paged in from the server, or is reading, never vanish under them. Once closed, the next
 * prune cuts them back to the newest rows as usual.
 */
import type { HavenDb } from '../db/database';

const open = new WeakMap<HavenDb, Map<string, number>>();

/** Marks `conversation` open on `db` until the returned function is called (opened twice, held twice). */
export function holdConversation(db: HavenDb, conversation: string): () => void {
  const counts = open.get(db) ?? new Map<string, number>();
  open.set(db, counts);
  counts.set(conversation, (counts.get(conversation) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (counts.get(conversation) ?? 1) - 1;
    if (left > 0) counts.set(conversation, left);
    else counts.delete(conversation);
  };
}

export function isHeld(db: HavenDb, conversation: string): boolean {
  return (open.get(db)?.get(conversation) ?? 0) > 0;
}
