/** With an id in the URL that the freshly loaded list does not have: the spec says go to /aura-ai. */
import { useEffect } from 'react';
import type { HavenDb } from '../../db/database';
import type { ListState } from './useAuraLoading';

export function useAuraRedirect(db: HavenDb, chatId: string | null, listState: ListState, leave: () => void): void {
  useEffect(() => {
    if (!chatId || listState !== 'ok') return;
    let live = true;
    // Asked of Dexie itself: the live list on screen may not have caught up with the load yet.
    void db.aiChats.get(chatId).then((found) => {
      if (live && !found) leave();
    });
    return () => {
      live = false;
    };
  }, [db, chatId, listState, leave]);
}
