/**
 * `npm run seed:demo`: a small world for a first look: the admin, a verified therapist, NGO and
 * volunteer with referral codes, two referred users, a pending therapist, and one group of each
 * type. Safe to run twice: existing demo accounts are left as they are.
 */
import { eq, sql } from 'drizzle-orm';
import { newId } from '../shared/ids';
import type { GroupType, Role, Status } from '../shared/limits';
import { hashPassword } from './auth/passwords';
import { issueReferralCode } from './auth/referral-codes';
import { ensureAdmin } from './bootstrap-admin';
import { ConfigError, loadConfig } from './config';
import { openDatabase, type Db } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { describeError } from './http/logging';
import { groupMembers, groups, users } from './db/schema';

const PASSWORD = 'haven-demo';

async function person(db: Db, fullName: string, email: string, role: Role, status: Status, referredBy: string | null = null) {
  const [existing] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email)).limit(1);
  if (existing) return existing;
  const [row] = await db.insert(users).values({
    id: newId(), fullName, email, role, status, referredBy, passwordHash: await hashPassword(PASSWORD),
    verificationRequest: status === 'pending',
    verificationMessage: status === 'pending' ? 'Licensed counsellor, licence no. 1234.' : '',
  }).returning();
  return row!;
}

async function group(db: Db, name: string, type: GroupType, description: string, memberIds: string[]) {
  const [existing] = await db.select().from(groups).where(eq(groups.name, name)).limit(1);
  if (existing) return existing;
  const [row] = await db.insert(groups).values({ id: newId(), name, type, description }).returning();
  if (memberIds.length) await db.insert(groupMembers).values(memberIds.map((userId) => ({ groupId: row!.id, userId })));
  return row!;
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) { console.error(error.message); process.exit(1); }
    throw error;
  }
  const database = await openDatabase(config, 'npm run seed:demo').catch((error: unknown) => {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(`${error.message}\nseed:demo writes to the same database as the server: stop the server (Ctrl+C), run seed:demo, then start it again.`);
    process.exit(1);
  });
  const { db } = database;
  const admin = await ensureAdmin(db, config);
  const therapist = await person(db, 'Dr. Maya Lin', 'therapist@haven.demo', 'therapist', 'verified');
  const ngo = await person(db, 'Open Door NGO', 'ngo@haven.demo', 'ngo', 'verified');
  const volunteer = await person(db, 'Sam Rivera', 'volunteer@haven.demo', 'volunteer', 'verified');
  await person(db, 'Dr. Omar Haddad', 'pending@haven.demo', 'therapist', 'pending');
  const codes: Record<string, string> = {};
  for (const pro of [therapist, ngo, volunteer]) codes[pro.email] = pro.referralCode ?? await issueReferralCode(db, pro.id);
  const alex = await person(db, 'Alex Kim', 'alex@haven.demo', 'user', 'verified', therapist.id);
  const jordan = await person(db, 'Jordan Lee', 'jordan@haven.demo', 'user', 'verified', ngo.id);
  await group(db, 'Calm Minds', 'mental', 'A gentle space to talk about anxiety, low mood and getting through the day.', [alex.id, jordan.id]);
  await group(db, 'Heart to Heart', 'relationship', 'Family, friendship and relationships: listen, share, support.', [alex.id]);
  await group(db, 'Study Balance', 'academic', 'Exams, deadlines and study stress, together.', []);
  await database.close();

  console.log('\nDemo world ready. Every demo password is:', PASSWORD);
  console.log(`  admin      ${admin.email}${admin.oneTimePassword ? ` / ${admin.oneTimePassword} (one-time, shown now only)` : ' (its own password)'}`);
  console.log(`  therapist  therapist@haven.demo   referral code ${codes['therapist@haven.demo']}`);
  console.log(`  ngo        ngo@haven.demo         referral code ${codes['ngo@haven.demo']}`);
  console.log(`  volunteer  volunteer@haven.demo   referral code ${codes['volunteer@haven.demo']}`);
  console.log('  pending    pending@haven.demo     (waits on /verification-needed)');
  console.log('  users      alex@haven.demo, jordan@haven.demo');
  console.log(`\nSign up a new user with referral code ${codes['therapist@haven.demo']} to join Dr. Maya Lin's clients.\n`);
}

main().catch((error) => {
  // Not the raw error: a failed admin insert would print its email and password hash.
  console.error(`Seeding failed: ${describeError(error)}`);
  process.exit(1);
});
