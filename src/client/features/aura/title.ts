/** Chat titles: what the screen shows, and what the title helper is asked about. */
import { AURA_TEXT_MAX_LENGTH } from '../../../shared/limits';
import type { LocalAiChat, LocalAiMessage } from '../../db/database';

export const FALLBACK_TITLE = 'Chat with Aura';

export function chatTitle(chat: Pick<LocalAiChat, 'title'> | null | undefined): string {
  return chat?.title.trim() || FALLBACK_TITLE;
}

/** The conversation so far, as the helper's prompt (it names a chat from how it begins). */
export function titlePrompt(messages: readonly Pick<LocalAiMessage, 'role' | 'text' | 'img'>[]): string | null {
  const lines = messages.filter((m) => m.role === 'user')
    .map((m) => m.text.trim() || (m.img ? 'An image shared with Aura' : ''))
    .filter(Boolean);
  // The helper refuses longer prompts; the opening is what names a chat anyway.
  return lines.length ? lines.join('\n').slice(0, AURA_TEXT_MAX_LENGTH) : null;
}

/** A chat needs the helper when the server has it (it may be named there) and it has no title yet. */
export function needsTitle(chat: Pick<LocalAiChat, 'title' | 'local'> | null | undefined): boolean {
  return Boolean(chat && !chat.local && !chat.title.trim());
}
