/**
 * What everyday messaging adds to a message and around it (docs/decisions/replies-edits-reactions.md,
 * docs/decisions/receipts-and-typing.md, docs/decisions/message-search.md): what the routes and
 * the socket take for receipts, typing and search. What they answer is in api.ts; the rules and
 * constants the browser needs without zod are in message-rules.ts.
 */
import { z } from './zod';
import { PEOPLE_CONVERSATION_KINDS } from './conversation';
import { idString } from './schemas';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from './message-rules';

/** PUT /api/receipts/delivered: the newest seq of each person's direct messages this device now holds. */
export const deliveredSchema = z.object({
  positions: z.array(z.object({
    id: idString,
    seq: z.number({ error: 'seq must be a message sequence number' }).int().positive().max(Number.MAX_SAFE_INTEGER),
  }), { error: 'positions must be a list' }).min(1, 'positions must not be empty').max(500, 'At most 500 positions at once'),
});

/** PUT /api/me/read-receipts */
export const readReceiptsSettingSchema = z.object({ on: z.boolean({ error: 'on must be true or false' }) });

/**
 * The socket's `typing` event from a device: the person is typing in (or stopped typing in) this
 * conversation. `id` is the other person (direct) or the group.
 */
export const typingSchema = z.object({
  kind: z.enum(PEOPLE_CONVERSATION_KINDS),
  id: idString,
  active: z.boolean(),
});
export type TypingInput = z.infer<typeof typingSchema>;

/**
 * GET /api/messages/search: messages whose words contain `q` (case-insensitive), newest first,
 * in every conversation the caller may read, or in one (`kind` and `id` together). `before` is a
 * seq, for the next page.
 */
export const searchQuerySchema = z.object({
  q: z.string().trim()
    .min(SEARCH_MIN_LENGTH, `Search for at least ${SEARCH_MIN_LENGTH} characters`)
    .max(SEARCH_MAX_LENGTH, `Search for at most ${SEARCH_MAX_LENGTH} characters`),
  kind: z.enum(PEOPLE_CONVERSATION_KINDS).optional(),
  id: idString.optional(),
  before: z.coerce.number().int().positive().optional(),
}).refine((s) => (s.kind === undefined) === (s.id === undefined), { message: 'kind and id go together', path: ['id'] });
