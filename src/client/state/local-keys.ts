/**
 * Every name the app keeps things under on the device: the Web Storage keys, and each person's
 * database. The strings are the ones devices already hold: renaming one would drop a person's theme, an unsent sign-out or a database removal still
 * to finish, and while an update takes over, a tab of the old version and one of the new share
 * this storage (docs/decisions/local-storage-keys.md). A new key is spelled `haven-<kebab-case>`.
 *
 * "Also remove my data from this device" removes every key that contains the person's id
 * (features/auth/localData.ts); the keys without one belong to the device and stay.
 */
export const LOCAL_KEYS = {
  /** src/client/theme-init.js (written into index.html) spells it too: it runs before the app, as a classic script that cannot import. */
  theme: 'chat-theme',
  /** The last signed-in person's own profile, so the app opens without a network. src/client/shell/shell-init.js spells it too. */
  lastUser: 'haven-last-user',
  /** Ids whose database is still to be deleted. */
  pendingRemoval: 'haven-pending-removal',
  /** When a sign-out the server has not heard of yet was made. */
  pendingSignOut: 'haven-pending-sign-out',
  /** The browser's answer to the persistent-storage request. */
  storagePersisted: 'haven-storage-persisted',
  /** The crisis lines the server last gave this device. */
  crisisResources: 'haven.crisisResources',
  /** When the app's own "Install Haven" offer was put away: it is not made again on this device. */
  installDismissed: 'haven-install-dismissed',
  /** When the offer to turn notifications on (after a first message) was answered: it is not made again on this device. */
  notifyAsked: 'haven-notify-asked',
  /** 'on' when this device sounds and vibrates for arrivals while Haven is open. */
  chime: 'haven-chime',
  /** The daily check-in reminder's time on this device ("20:00"); absent when off. */
  checkInReminder: 'haven-check-in-reminder',
} as const;

/** Unsent text, one key per person and place; the id in it is what removal matches. */
export const draftStorageKey = (userId: string, place: string) => `haven-draft:${userId}:${place}`;

/**
 * Each person's own IndexedDB database (db/database.ts opens it, sign-out's removal deletes it).
 * Here, not beside Dexie, so that the removal can name it without loading the database library.
 */
export const personalDatabaseName = (userId: string) => `haven-${userId}`;

/** sessionStorage: this tab only. */
export const SESSION_KEYS = {
  /** When this tab last reloaded for a file a newer version removed, so it reloads at most once a minute. */
  reloadedForUpdate: 'haven-reloaded-for-update',
} as const;
