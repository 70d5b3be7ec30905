/**
 * The helper call after a send (spec section 4): a chat still without a title once the server has
 * it gets one from POST /api/gemini/generate, stored in Dexie so the list shows it at once.
 * Quiet by design: its purpose is not shown, so a failure only means the fallback title stays.
 */
import { useEffect, useRef } from 'react';
import type { HavenDb, LocalAiChat, LocalAiMessage } from '../../db/database';
import { call } from '../../net/call';
import { needsTitle, titlePrompt } from './title';

export function useAutoTitle(db: HavenDb, chat: LocalAiChat | undefined, messages: readonly LocalAiMessage[] | undefined, waiting: boolean, offline: boolean): void {
  const asked = useRef(new Set<string>());
  const prompt = messages ? titlePrompt(messages) : null;
  const id = chat && needsTitle(chat) && !waiting && !offline && prompt ? chat._id : null;
  useEffect(() => {
    if (!id || !prompt || asked.current.has(id)) return;
    asked.current.add(id);
    void call('generateTitle', { body: { prompt, chatId: id } })
      .then(async ({ response }) => {
        const title = response.trim();
        // Only fill a gap: a title that arrived meanwhile (the list, another tab) wins.
        if (title) await db.aiChats.where('_id').equals(id).and((c) => !c.title).modify({ title });
      })
      .catch(() => undefined);
  }, [db, id, prompt]);
}
