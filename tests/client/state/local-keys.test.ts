/**
 * The Web Storage keys (and database names) are the names devices already hold values under: a renamed key loses them
 * (docs/decisions/local-storage-keys.md), so the exact strings are pinned here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCAL_KEYS, SESSION_KEYS, draftStorageKey, personalDatabaseName } from '../../../src/client/state/local-keys';

describe('Web Storage keys', () => {
  it('keep the names stored values already have', () => {
    expect(LOCAL_KEYS).toEqual({
      theme: 'chat-theme',
      lastUser: 'haven-last-user',
      pendingRemoval: 'haven-pending-removal',
      pendingSignOut: 'haven-pending-sign-out',
      storagePersisted: 'haven-storage-persisted',
      crisisResources: 'haven.crisisResources',
      installDismissed: 'haven-install-dismissed',
      notifyAsked: 'haven-notify-asked',
      chime: 'haven-chime',
      checkInReminder: 'haven-check-in-reminder',
    });
    expect(SESSION_KEYS).toEqual({ reloadedForUpdate: 'haven-reloaded-for-update' });
    expect(draftStorageKey('aaaaaaaaaaaaaaaaaaaaaaaa', 'dm:b')).toBe('haven-draft:aaaaaaaaaaaaaaaaaaaaaaaa:dm:b');
    expect(personalDatabaseName('aaaaaaaaaaaaaaaaaaaaaaaa')).toBe('haven-aaaaaaaaaaaaaaaaaaaaaaaa');
  });

  it('are all different', () => {
    const keys = [...Object.values(LOCAL_KEYS), ...Object.values(SESSION_KEYS)];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is the key the pre-paint theme script reads', () => {
    const script = readFileSync(join(process.cwd(), 'src/client/theme-init.js'), 'utf8');
    expect(script).toContain(`localStorage.getItem('${LOCAL_KEYS.theme}')`);
  });
});
