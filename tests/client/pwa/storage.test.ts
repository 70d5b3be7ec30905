import { afterEach, describe, expect, it, vi } from 'vitest';
import { readPersistState, requestPersistentStorage } from '../../../src/client/pwa/storage';
import { LOCAL_KEYS } from '../../../src/client/state/local-keys';

afterEach(() => localStorage.clear());

describe('persistent storage request', () => {
  it('asks once and remembers a grant', async () => {
    const persist = vi.fn(async () => true);
    expect(readPersistState()).toBeNull();
    expect(await requestPersistentStorage({ persist })).toBe('granted');
    expect(await requestPersistentStorage({ persist })).toBe('granted');
    expect(persist).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(LOCAL_KEYS.storagePersisted)).toBe('granted');
  });

  it('records a refusal, a failure, and a browser without the API', async () => {
    expect(await requestPersistentStorage({ persist: async () => false })).toBe('denied');
    localStorage.clear();
    expect(await requestPersistentStorage({ persist: async () => Promise.reject(new Error('nope')) })).toBe('denied');
    localStorage.clear();
    expect(await requestPersistentStorage(undefined)).toBe('unsupported');
    expect(readPersistState()).toBe('unsupported');
  });

  it('ignores a value it did not write', () => {
    localStorage.setItem(LOCAL_KEYS.storagePersisted, 'maybe');
    expect(readPersistState()).toBeNull();
  });
});
