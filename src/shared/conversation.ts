/**
 * What a message belongs to, named once for the server, the device and the service worker: a
 * direct conversation (the other person's id), a group (its id) or an Aura chat (its id). Its key
 * is the one string form every device store, read position and mute uses.
 */
import { newId } from './ids';

/** The conversations people write in together; read positions, mutes and reports name these. */
export const PEOPLE_CONVERSATION_KINDS = ['direct', 'group'] as const;
export type PeopleConversationKind = (typeof PEOPLE_CONVERSATION_KINDS)[number];
export type ConversationKind = PeopleConversationKind | 'aura';

export interface ConversationRef<K extends ConversationKind = ConversationKind> {
  kind: K;
  id: string;
}
export type PeopleConversation = ConversationRef<PeopleConversationKind>;

/** The key's prefix per kind. `dm:` predates this module and is stored on devices, so it stays. */
const PREFIX = { direct: 'dm', group: 'group', aura: 'aura' } as const satisfies Record<ConversationKind, string>;

export const conversationKey = ({ kind, id }: ConversationRef): string => `${PREFIX[kind]}:${id}`;
export const directKey = (otherPersonId: string) => conversationKey({ kind: 'direct', id: otherPersonId });
export const groupKey = (groupId: string) => conversationKey({ kind: 'group', id: groupId });

/** The reference a key names, or null for anything that is not a key. */
export function parseConversationKey(key: string): ConversationRef | null {
  const at = key.indexOf(':');
  if (at < 1 || at === key.length - 1) return null;
  const prefix = key.slice(0, at);
  const kind = (Object.keys(PREFIX) as ConversationKind[]).find((k) => PREFIX[k] === prefix);
  return kind ? { kind, id: key.slice(at + 1) } : null;
}

/** A direct or group key's reference; null for Aura's and for anything that is not a key. */
export function parsePeopleKey(key: string): PeopleConversation | null {
  const ref = parseConversationKey(key);
  return ref && ref.kind !== 'aura' ? (ref as PeopleConversation) : null;
}

/**
 * Idempotency keys (a message's `clientId`, unique per sender): a device makes one per message
 * before any network, so every retry stores it once; the server makes one for a send that came
 * without; Aura's answer carries its question's key with a suffix, so one question gets one answer.
 */
export const newDeviceClientId = () => `c-${globalThis.crypto.randomUUID()}`;
export const newServerClientId = () => `srv-${newId()}`;
export const auraReplyKey = (questionClientId: string) => `${questionClientId}:reply`;
