import { describe, expect, it } from 'vitest';
import { chatListView } from '../../../src/client/features/aura/useAuraLoading';

describe('the Aura chat list: loading, empty and error are different states', () => {
  it('shows the chats on the device whatever the server said', () => {
    for (const status of [null, 'loading', 'ok', 'offline', 'failed'] as const) expect(chatListView([{}], status, false)).toBe('list');
  });
  it('says "none" only once the server said so', () => {
    expect(chatListView(undefined, 'ok', false)).toBe('loading');
    expect(chatListView([], null, false)).toBe('loading');
    expect(chatListView([], 'loading', false)).toBe('loading');
    expect(chatListView([], 'ok', false)).toBe('empty');
    expect(chatListView([], 'ok', true)).toBe('empty');
  });
  it('tells a failed load from an unreachable server', () => {
    expect(chatListView([], 'failed', false)).toBe('error');
    expect(chatListView([], 'missing', false)).toBe('error');
    expect(chatListView([], 'offline', false)).toBe('offline');
    expect(chatListView([], null, true)).toBe('offline');
    expect(chatListView([], 'failed', true)).toBe('offline');
  });
});
