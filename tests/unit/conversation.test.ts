import { describe, expect, it } from 'vitest';
import {
  auraReplyKey, conversationKey, directKey, groupKey, newDeviceClientId, newServerClientId, parseConversationKey, parsePeopleKey,
} from '../../src/shared/conversation';
import { clientIdField } from '../../src/shared/schemas';

const ID = 'a'.repeat(24);

describe('conversation keys', () => {
  it('round-trips every kind through its one key form', () => {
    for (const kind of ['direct', 'group', 'aura'] as const) expect(parseConversationKey(conversationKey({ kind, id: ID }))).toEqual({ kind, id: ID });
    expect(directKey(ID)).toBe(`dm:${ID}`);
    expect(groupKey(ID)).toBe(`group:${ID}`);
  });

  it('names nothing for strings that are not keys, and no people conversation for an Aura chat', () => {
    for (const key of ['', 'dm', 'dm:', ':x', 'direct:x', 'diary:new']) expect(parseConversationKey(key)).toBeNull();
    expect(parsePeopleKey(`aura:${ID}`)).toBeNull();
    expect(parsePeopleKey(`group:${ID}`)).toEqual({ kind: 'group', id: ID });
  });

  it('makes client ids the server accepts, different every time', () => {
    const made = [newDeviceClientId(), newDeviceClientId(), newServerClientId(), newServerClientId()];
    for (const id of made) expect(clientIdField.safeParse(id).success).toBe(true);
    expect(new Set(made).size).toBe(4);
    expect(auraReplyKey('c-1')).toBe('c-1:reply');
  });
});
