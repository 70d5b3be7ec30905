/**
 * Export with the diary lock on: an encrypted file (the rows as they are stored, sealed, with the
 * wrapped keys, so it opens only with the passcode or recovery code of the day it was made), or,
 * after the passcode, the usual plain JSON and Markdown. An encrypted file is imported by opening
 * it back into the plain form and handing that to the ordinary import.
 */
import { SAFETY_PLAN_SECTIONS, type CheckIn, type DiaryEntry, type HavenDb, type SafetyPlanRow } from '../../db/database';
import { ImportError, parseExport, toJson, type ParsedExport } from '../diary/transfer';
import { emptyPlan, type SafetyPlan } from '../safety-plan/plan';
import { openWith } from './lock';
import { isWrap, type LockRecord } from './keys';
import { openCheckIn, openEntry, openPlanItems, readLock, type ShownCheckIn } from './rows';

export const LOCKED_FORMAT = 'haven-diary-locked';
export const LOCKED_VERSION = 1;

export interface LockedExport {
  format: typeof LOCKED_FORMAT;
  version: typeof LOCKED_VERSION;
  exportedAt: string;
  lock: Pick<LockRecord, 'keyId' | 'passcode' | 'recovery'>;
  entries: unknown[];
  safetyPlan: unknown[];
  checkIns: unknown[];
}

/**
 * The encrypted file's text, after the passcode: the file carries the wrapped key, so handing it
 * out without one would let anyone holding the phone guess the passcode offline, with no
 * slow-down. `openWith` counts a wrong try as the unlock form does.
 */
export async function toLockedJson(db: HavenDb, secret: string, now = new Date()): Promise<string> {
  const record = await readLock(db);
  if (!record) throw new Error('The diary lock is off.');
  await openWith(db, record, secret);
  const [entries, safetyPlan, checkIns] = await Promise.all([db.diary.toArray(), db.safetyPlan.toArray(), db.checkIns.toArray()]);
  const data: LockedExport = {
    format: LOCKED_FORMAT, version: LOCKED_VERSION, exportedAt: now.toISOString(),
    lock: { keyId: record.keyId, passcode: record.passcode, recovery: record.recovery }, entries, safetyPlan, checkIns,
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

export interface OpenedContents {
  entries: DiaryEntry[];
  plan: SafetyPlan;
  checkIns: CheckIn[];
}

const withoutFlag = ({ noteLocked: _locked, ...c }: ShownCheckIn): CheckIn => c;

/** Opens stored rows with `key`; throws ImportError if any will not open (a damaged file, or the wrong key). */
async function openRows(key: CryptoKey, entries: DiaryEntry[], planRows: SafetyPlanRow[], checkIns: CheckIn[]): Promise<OpenedContents> {
  const damaged = () => new ImportError('Part of this diary could not be decrypted, so nothing was imported.');
  const opened = await Promise.all(entries.map((e) => openEntry(key, e)));
  if (opened.includes(null)) throw damaged();
  const plan = emptyPlan();
  for (const row of planRows) {
    if (!(SAFETY_PLAN_SECTIONS as readonly string[]).includes(row.section)) continue;
    const items = await openPlanItems(key, row);
    if (!items) throw damaged();
    plan[row.section] = items;
  }
  const notes = await Promise.all(checkIns.map((c) => openCheckIn(key, c)));
  if (notes.some((c) => c.noteLocked)) throw damaged();
  return { entries: opened as DiaryEntry[], plan, checkIns: notes.map(withoutFlag) };
}

/** Everything on this device in plain text, after the passcode: for a plain export. */
export async function readAllWithPasscode(db: HavenDb, secret: string): Promise<OpenedContents> {
  const record = await readLock(db);
  if (!record) throw new Error('The diary lock is off.');
  const { key } = await openWith(db, record, secret);
  const [entries, planRows, checkIns] = await Promise.all([db.diary.toArray(), db.safetyPlan.toArray(), db.checkIns.toArray()]);
  return openRows(key, entries, planRows, checkIns);
}

/** The file's data when it is an encrypted export; null for any other file (the plain import reads those). */
export function parseLockedExport(text: string): LockedExport | null {
  let data: Partial<LockedExport> | null;
  try {
    data = JSON.parse(text) as Partial<LockedExport> | null;
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null || data.format !== LOCKED_FORMAT) return null;
  if (data.version !== LOCKED_VERSION) throw new ImportError('This encrypted diary comes from a newer version of Haven.');
  const lock = data.lock as Partial<LockRecord> | undefined;
  if (!lock || typeof lock.keyId !== 'string' || !isWrap(lock.passcode) || !isWrap(lock.recovery)
    || !Array.isArray(data.entries) || !Array.isArray(data.safetyPlan) || !Array.isArray(data.checkIns)) {
    throw new ImportError('This encrypted diary file is damaged, so nothing was imported.');
  }
  return data as LockedExport;
}

/**
 * Opens an encrypted export with its passcode (or recovery code) into what the plain import takes;
 * wrong tries count towards this device's slow-down like any other.
 */
export async function openLockedExport(db: HavenDb, file: LockedExport, secret: string): Promise<ParsedExport> {
  const { key } = await openWith(db, file.lock, secret);
  try {
    const opened = await openRows(key, file.entries as DiaryEntry[], file.safetyPlan as SafetyPlanRow[], file.checkIns as CheckIn[]);
    // Through the plain file's own checks, so an encrypted file can never bring in what a plain one could not.
    return parseExport(toJson(opened.entries, opened.plan, { checkIns: opened.checkIns }));
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError('This encrypted diary file is damaged, so nothing was imported.');
  }
}
