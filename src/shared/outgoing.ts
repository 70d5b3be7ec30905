/**
 * A message on its way, typed as the request that carries it: what the device queues is exactly
 * what the server will be asked, so nothing is read back from an untyped body. Direct and group
 * messages are items of POST /api/messages/batch; an Aura question is the body of POST /api/chats
 * (a chat's first question, made on the device under `chatId`) or PUT /api/chats/:id.
 */
import type { z } from 'zod';
import type { BatchItemInput, createChatSchema, updateChatSchema } from './schemas';
import type { ConversationRef } from './conversation';

export type DirectSend = Extract<BatchItemInput, { kind: 'direct' }>;
export type GroupSend = Extract<BatchItemInput, { kind: 'group' }>;
/** An edit of one's own message, or a reaction added or taken away: batch items too, queued in the conversation's lane. */
export type EditSend = Extract<BatchItemInput, { kind: 'edit' }>;
export type ReactSend = Extract<BatchItemInput, { kind: 'react' }>;
export type AuraSend =
  | { kind: 'aura'; chatId: string; create: z.input<typeof createChatSchema> & { chatId: string; clientId: string } }
  | { kind: 'aura'; chatId: string; ask: z.input<typeof updateChatSchema> & { clientId: string } };
export type OutgoingRequest = DirectSend | GroupSend | EditSend | ReactSend | AuraSend;

export function requestConversation(request: OutgoingRequest): ConversationRef {
  if (request.kind === 'direct') return { kind: 'direct', id: request.to };
  if (request.kind === 'group') return { kind: 'group', id: request.groupId };
  if (request.kind === 'edit' || request.kind === 'react') return request.conversation;
  return { kind: 'aura', id: request.chatId };
}

export const requestClientId = (request: OutgoingRequest): string =>
  (request.kind === 'aura' ? ('create' in request ? request.create.clientId : request.ask.clientId) : request.clientId);

/** The words it carries (what a batch's size limit counts). */
export function requestText(request: OutgoingRequest): string {
  if (request.kind === 'react') return '';
  if (request.kind !== 'aura') return request.text ?? '';
  return ('create' in request ? request.create.text : request.ask.question) ?? '';
}
