/**
 * The private help card a writer sees after their own message shows crisis risk: one note per
 * place (a conversation, the diary), kept in this device's database so it survives a reload until
 * the person dismisses it. Nobody else is told; nothing is sent anywhere because of it.
 */
import type { AuthorHelp } from '../../shared/safety/help';
import type { HavenDb } from '../db/database';
import { helpForText } from './detector';

export interface HelpNote extends AuthorHelp {
  at: string;
}

export const noteKey = (scope: string) => `help:${scope}`;
const dismissedKey = (scope: string) => `help-dismissed:${scope}`;

export async function noteHelp(db: HavenDb, scope: string, help: AuthorHelp): Promise<void> {
  await db.meta.put({ key: noteKey(scope), value: { ...help, at: new Date().toISOString() } satisfies HelpNote });
}

/**
 * Checks what the person just wrote, with their own lines just before it (`previous`, read lazily);
 * runs after it is safely stored, so it never delays a send.
 */
export async function offerHelp(db: HavenDb, scope: string, text: string, previous: () => Promise<string[]> = async () => []): Promise<void> {
  try {
    const help = await helpForText(text, await previous());
    if (help) await noteHelp(db, scope, help);
  } catch (error) {
    // A full or closed database must not turn a sent message into an error.
    console.error('Haven: could not keep the help card', error);
  }
}

/**
 * The server's verdict on a message this device sent (it runs the same detector): shown when the
 * device's own check did not run (its chunk failed to load), never over a note already there and
 * never for a message written before the person last dismissed the card here. Call inside a
 * transaction that includes `db.meta`.
 */
export async function noteServerHelp(db: HavenDb, scope: string, help: AuthorHelp, writtenAt: string): Promise<void> {
  const [note, dismissed] = await db.meta.bulkGet([noteKey(scope), dismissedKey(scope)]);
  if (note || (typeof dismissed?.value === 'string' && dismissed.value >= writtenAt)) return;
  await noteHelp(db, scope, help);
}

export async function dismissHelp(db: HavenDb, scope: string): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    await db.meta.put({ key: dismissedKey(scope), value: new Date().toISOString() });
    await db.meta.delete(noteKey(scope));
  });
}
