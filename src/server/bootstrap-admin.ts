/**
 * The first admin. ADMIN_EMAIL + ADMIN_PASSWORD make sure that admin exists with that password at
 * every boot. Without them, the first boot makes admin@haven.local with a one-time password that is
 * printed once and never stored in the clear. Runs under the boot lock (Database.once), so
 * instances starting together make one admin.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { newId } from '../shared/ids';
import { hashPassword, verifyPassword } from './auth/passwords';
import type { Config } from './config';
import type { Db } from './db/client';
import { users } from './db/schema';

export const DEFAULT_ADMIN_EMAIL = 'admin@haven.local';

export interface AdminInfo {
  email: string;
  /** Only when it was made just now and must be shown once. */
  oneTimePassword?: string;
}

export async function ensureAdmin(db: Db, config: Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>): Promise<AdminInfo> {
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const email = config.ADMIN_EMAIL;
    const [existing] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email)).limit(1);
    if (existing) {
      // The stored hash is kept while it still matches: device cookies are bound to it
      // (auth/device-cookie.ts), and a new hash at every boot would make every restart void the
      // admin's trusted browsers, leaving the account to strangers' guesses.
      const same = await verifyPassword(existing.passwordHash, config.ADMIN_PASSWORD);
      const passwordHash = same ? existing.passwordHash : await hashPassword(config.ADMIN_PASSWORD);
      await db.update(users).set({ role: 'admin', status: 'verified', passwordHash }).where(eq(users.id, existing.id));
    } else {
      const passwordHash = await hashPassword(config.ADMIN_PASSWORD);
      await db.insert(users).values({ id: newId(), fullName: 'Haven Admin', email, passwordHash, role: 'admin', status: 'verified' });
    }
    return { email };
  }
  const [admin] = await db.select().from(users).where(eq(users.role, 'admin')).limit(1);
  if (admin) return { email: admin.email };
  const email = config.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
  const oneTimePassword = randomBytes(12).toString('base64url');
  await db.insert(users).values({
    id: newId(), fullName: 'Haven Admin', email, passwordHash: await hashPassword(oneTimePassword), role: 'admin', status: 'verified',
  });
  return { email, oneTimePassword };
}
