/** Merging changed messages: pure functions. */
import { describe, expect, it } from 'vitest';
import type { DirectMessage } from '../../../src/shared/api';
import { fromDirect, mergeBatch, mergeServerMessage, toggleReaction, withChanges, type PendingChange } from '../../../src/client/sync/merge';

const ME = 'a'.repeat(24);
const OTHER = 'b'.repeat(24);
const base: DirectMessage = {
  _id: '1'.repeat(24), seq: 5, senderId: ME, receiverId: OTHER, text: 'first words', image: null, clientId: 'c-one',
  createdAt: '2026-01-01T10:00:00.000Z', writtenAt: '2026-01-01T09:00:00.000Z', replyTo: null, editedAt: null, reactions: [],
};
const local = fromDirect(base, ME);

describe('a changed message from the server', () => {
  it('takes the server words, edited time, reactions, reply, written time and image', () => {
    const changed = fromDirect({
      ...base, text: 'better words', editedAt: '2026-01-01T11:00:00.000Z', reactions: [{ emoji: '🙏', userIds: [OTHER] }],
      replyTo: '2'.repeat(24), image: '/uploads/x.png',
    }, ME);
    const [merged] = mergeBatch(new Map([[local.key, local]]), [changed]);
    expect(merged).toMatchObject({
      text: 'better words', editedAt: '2026-01-01T11:00:00.000Z', reactions: [{ emoji: '🙏', userIds: [OTHER] }],
      replyTo: '2'.repeat(24), writtenAt: '2026-01-01T09:00:00.000Z', image: '/uploads/x.png', status: 'sent',
    });
  });

  it('writes nothing when the copy says nothing new, and something when only reactions changed', () => {
    expect(mergeBatch(new Map([[local.key, local]]), [fromDirect(base, ME)])).toEqual([]);
    const reacted = fromDirect({ ...base, reactions: [{ emoji: '❤️', userIds: [OTHER] }] }, ME);
    expect(mergeBatch(new Map([[local.key, local]]), [reacted])).toHaveLength(1);
  });

  it('keeps what the device knows when the copy leaves a field out', () => {
    const { reactions: _r, editedAt: _e, ...bare } = base;
    const mine = { ...local, reactions: [{ emoji: '❤️', userIds: [OTHER] }] };
    const merged = mergeServerMessage(mine, fromDirect({ ...bare, text: 'x' }, ME));
    expect(merged.reactions).toEqual([{ emoji: '❤️', userIds: [OTHER] }]);
  });

  it('keeps this device\'s waiting edit on top, and the server copy as confirmed', () => {
    const edit: PendingChange = {
      request: { kind: 'edit', conversation: { kind: 'direct', id: OTHER }, messageId: base._id, text: 'my edit', clientId: 'c-e' },
      at: '2026-01-01T12:00:00.000Z',
    };
    const server = fromDirect({ ...base, reactions: [{ emoji: '🤗', userIds: [OTHER] }] }, ME);
    const [merged] = mergeBatch(new Map([[local.key, local]]), [server], new Map([[local.key, [edit]]]), ME);
    expect(merged).toMatchObject({ text: 'my edit', editedAt: '2026-01-01T12:00:00.000Z', reactions: [{ emoji: '🤗', userIds: [OTHER] }] });
    expect(merged!.confirmed).toEqual({ text: 'first words', editedAt: null, reactions: [{ emoji: '🤗', userIds: [OTHER] }] });
    // The same copy again changes nothing.
    expect(mergeBatch(new Map([[merged!.key, merged!]]), [server], new Map([[local.key, [edit]]]), ME)).toEqual([]);
  });
});

describe('reactions', () => {
  it('one per person per emoji; an emoji nobody keeps goes', () => {
    const once = toggleReaction([], '❤️', ME, true);
    expect(toggleReaction(once, '❤️', ME, true)).toEqual([{ emoji: '❤️', userIds: [ME] }]);
    const both = toggleReaction([{ emoji: '❤️', userIds: [OTHER] }], '❤️', ME, true);
    expect(both).toEqual([{ emoji: '❤️', userIds: [OTHER, ME] }]);
    expect(toggleReaction(both, '❤️', ME, false)).toEqual([{ emoji: '❤️', userIds: [OTHER] }]);
    expect(toggleReaction(once, '❤️', ME, false)).toEqual([]);
  });

  it('waiting changes apply in the order made', () => {
    const conversation = { kind: 'direct' as const, id: OTHER };
    const react = (add: boolean): PendingChange => ({ request: { kind: 'react', conversation, messageId: base._id, emoji: '👍', add, clientId: `c-${add}` }, at: '' });
    expect(withChanges({ text: 't', editedAt: null, reactions: [] }, [react(true), react(false), react(true)], ME).reactions)
      .toEqual([{ emoji: '👍', userIds: [ME] }]);
  });
});
