/**
 * Referral codes a person can read aloud: HAVEN-XXXX-XXXX from 31 letters and digits with the
 * look-alikes (0/O, 1/I/L) left out. 31^8 ≈ 8.5e11 codes, so with the referral-check rate limit
 * guessing one is hopeless.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { readableGroups } from './readable-code';

export function makeReferralCode(): string {
  return ['HAVEN', ...readableGroups(2)].join('-');
}

export const REFERRAL_CODE_PATTERN = /^HAVEN-[A-Z2-9]{4}-[A-Z2-9]{4}$/;

/** Gives a professional a code unless they already have one; the unique index settles any race. */
export async function issueReferralCode(db: Db, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const [row] = await db.update(users).set({ referralCode: makeReferralCode() })
        .where(eq(users.id, userId)).returning({ code: users.referralCode });
      if (row?.code) return row.code;
      throw new Error(`user ${userId} vanished while issuing a referral code`);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('could not find a free referral code after 5 attempts');
}

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
