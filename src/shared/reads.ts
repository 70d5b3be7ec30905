/**
 * Read positions (docs/everyday-chat.md): how far a person has read each direct or group conversation, kept by
 * the server per person so their devices agree. What a route takes is here; what it answers is
 * in api.ts (readPosition). The browser imports this file for types only.
 */
import { z } from './zod';
import { PEOPLE_CONVERSATION_KINDS } from './conversation';
import { idString } from './schemas';


/** PUT /api/reads/{kind}/{id}: the other person's id (direct) or the group's id. */
export const readParams = z.object({
  kind: z.enum(PEOPLE_CONVERSATION_KINDS, { error: 'Kind must be direct or group' }),
  id: idString,
});

/** The seq of the newest message read; it must be a message of that conversation. */
export const markReadSchema = z.object({
  seq: z.number({ error: 'seq must be a message sequence number' }).int().positive().max(Number.MAX_SAFE_INTEGER),
});
