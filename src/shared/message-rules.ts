/**
 * The rules of everyday messaging that both sides need, without zod (the browser imports this on
 * every chat screen): the reactions offered, the edit window, how old a written-at time may be,
 * typing's timing and search's bounds. Why each value: docs/decisions/replies-edits-reactions.md,
 * docs/decisions/receipts-and-typing.md and docs/decisions/message-search.md.
 */
/**
 * The reactions Haven offers, in menu order. Chosen for a peer-support space: warmth, agreement,
 * a hug, sadness with someone, thanks, strength. No laughing face, which reads as mockery when
 * someone has just shared something hard.
 */
export const REACTIONS = ['❤️', '👍', '🤗', '😢', '🙏', '💪'] as const;
export type Reaction = (typeof REACTIONS)[number];
export const isReaction = (value: string): value is Reaction => (REACTIONS as readonly string[]).includes(value);

/** How long after sending its author may still edit a message (Signal's window). */
export const EDIT_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * How far back a message's `writtenAt` may be from when the server stores it: a device offline for
 * longer still sends, but shows its time as at most this old, so a wrong clock cannot reorder a thread.
 */
export const WRITTEN_AT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** How long a typing indicator stays without a fresh event, and how often a typing device repeats it. */
export const TYPING_SHOW_MS = 6000;
export const TYPING_REPEAT_MS = 3000;

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_PAGE_SIZE = 20;

