/**
 * Password reset without email: an admin makes a one-time code and hands it over in person or by
 * phone. Codes read like referral codes (no 0/O, 1/I/L look-alikes), 12 characters: 31^12 ≈ 7.9e17,
 * so with the route's rate limit and a one-hour life guessing one is hopeless. Only a SHA-256 is
 * stored (a fast hash is enough for a random code of that size, as for session tokens).
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { RESET_CODE_MINUTES } from '../../shared/limits';
import type { Db } from '../db/client';
import { passwordResets, users } from '../db/schema';
import { readableGroups } from './readable-code';

/** The code as it is shown: K7M3-Q9TX-4HPD. The schema strips the dashes before it comes back. */
export function makeResetCode(): string {
  return readableGroups(3).join('-');
}

const hashOf = (code: string) => createHash('sha256').update(code.toUpperCase().replace(/[^A-Z0-9]/g, '')).digest('hex');

/** A new code for the person, replacing any earlier one; answers it once, in the clear. */
export async function issueResetCode(db: Db, userId: string, adminId: string): Promise<{ resetCode: string; expiresAt: Date }> {
  const resetCode = makeResetCode();
  const expiresAt = new Date(Date.now() + RESET_CODE_MINUTES * 60_000);
  const values = { userId, codeHash: hashOf(resetCode), createdBy: adminId, createdAt: new Date(), expiresAt };
  await db.insert(passwordResets).values(values)
    .onConflictDoUpdate({ target: passwordResets.userId, set: { codeHash: values.codeHash, createdBy: adminId, createdAt: values.createdAt, expiresAt } });
  return { resetCode, expiresAt };
}

/**
 * Spends the code of the account with this email, in one statement: the row is deleted only if the
 * code matches and has not expired, and two racing requests cannot both delete it (the second
 * waits on the row lock, then finds nothing). Answers the person's id, or null.
 */
export async function spendResetCode(db: Db, email: string, code: string): Promise<string | null> {
  const owner = db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email));
  const [row] = await db.delete(passwordResets).where(and(
    inArray(passwordResets.userId, owner),
    eq(passwordResets.codeHash, hashOf(code)),
    gt(passwordResets.expiresAt, new Date()),
  )).returning({ userId: passwordResets.userId });
  return row?.userId ?? null;
}

/** A password the person chose themselves makes any code waiting for them pointless; it goes. */
export async function cancelResetCodes(db: Db, userId: string): Promise<void> {
  await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
}
