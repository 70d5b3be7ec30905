/**
 * The private help card a writer sees after their own message shows crisis risk: one per place
 * (a conversation, the diary), kept in this device's database so it survives a reload until the
 * person dismisses it. Nobody else is told; nothing is sent anywhere because of it.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { AuthorHelp } from '../../shared/safety/help';
import type { HavenDb } from '../db/database';
import { useDb } from '../sync/current';
import { helpForText } from './detector';

export interface HelpNote extends AuthorHelp {
  at: string;
}

const noteKey = (scope: string) => `help:${scope}`;

export async function noteHelp(db: HavenDb, scope: string, help: AuthorHelp): Promise<void> {
  await db.meta.put({ key: noteKey(scope), value: { ...help, at: new Date().toISOString() } satisfies HelpNote });
}

/** Checks what the person just wrote; runs after it is safely stored, so it never delays a send. */
export async function offerHelp(db: HavenDb, scope: string, text: string): Promise<AuthorHelp | null> {
  const help = await helpForText(text);
  if (help) await noteHelp(db, scope, help);
  return help;
}

export async function dismissHelp(db: HavenDb, scope: string): Promise<void> {
  await db.meta.delete(noteKey(scope));
}

export function useAuthorHelp(scope: string): HelpNote | null {
  const db = useDb();
  return useLiveQuery(async () => ((await db.meta.get(noteKey(scope)))?.value as HelpNote | undefined) ?? null, [db, scope]) ?? null;
}
