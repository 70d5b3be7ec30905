/**
 * Export and import, so a private journal, the safety plan and the mood check-ins can be backed
 * up or moved to another device. JSON is the round-trip format; Markdown is for reading. Import skips entries
 * already here (same id) and plan lines already there (same text), and refuses a file it cannot
 * read with a message that says what is wrong.
 */
import { Dexie } from 'dexie';
import { SAFETY_PLAN_SECTIONS, type CheckIn, type DiaryEntry, type HavenDb, type SafetyPlanSection } from '../../db/database';
import { safeWrite } from '../../db/safe-write';
import { sealCheckIn, sealEntry, sealingKey } from '../lock/rows';
import { mergePlanIn, planItemCount, type SafetyPlan } from '../safety-plan/plan';
import { ITEM_MAX_LENGTH, SECTIONS } from '../safety-plan/sections';
import { isCheckIn, moodLabel } from '../wellness/checkins';
import { newestFirst } from './entries';

export const EXPORT_FORMAT = 'haven-diary';
/** Version 2 added the safety plan, version 3 the check-ins; older files are still read. */
export const EXPORT_VERSION = 3;

/** The plan as plain lines per section: item ids only mean something on the device that made them. */
export type SafetyPlanText = Record<SafetyPlanSection, string[]>;

export interface DiaryExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  entries: DiaryEntry[];
  safetyPlan: SafetyPlanText;
  checkIns: CheckIn[];
}

export interface ParsedExport {
  entries: DiaryEntry[];
  /** null for a version-1 file, which has no plan. */
  safetyPlan: Partial<SafetyPlanText> | null;
  /** Empty for a file from before check-ins. */
  checkIns: CheckIn[];
}

export interface ExportExtras {
  checkIns?: readonly CheckIn[];
  now?: Date;
}

export class ImportError extends Error {}

const planText = (plan: SafetyPlan): SafetyPlanText =>
  Object.fromEntries(SAFETY_PLAN_SECTIONS.map((k) => [k, plan[k].map((i) => i.text)])) as unknown as SafetyPlanText;

const byTime = (checkIns: readonly CheckIn[]) => [...checkIns].sort((a, b) => a.at.localeCompare(b.at));

export function toJson(entries: readonly DiaryEntry[], plan: SafetyPlan, { checkIns = [], now = new Date() }: ExportExtras = {}): string {
  const data: DiaryExport = {
    format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: now.toISOString(), entries: newestFirst(entries), safetyPlan: planText(plan),
    checkIns: byTime(checkIns),
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

// A title or plan line is one line; a leading # in it must not turn into a deeper heading level.
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

export function toMarkdown(entries: readonly DiaryEntry[], plan?: SafetyPlan, checkIns: readonly CheckIn[] = []): string {
  const parts = ['# My Diary', ''];
  for (const e of newestFirst(entries)) {
    parts.push(`## ${oneLine(e.title)}`, '', `*${e.date}*`, '', e.content.trimEnd(), '');
  }
  if (entries.length === 0) parts.push('No entries yet.', '');
  if (plan && planItemCount(plan) > 0) {
    parts.push('## My safety plan', '');
    SAFETY_PLAN_SECTIONS.forEach((k, i) => {
      parts.push(`### ${i + 1}. ${SECTIONS[k].title}`, '');
      if (plan[k].length === 0) parts.push('Nothing written yet.');
      for (const item of plan[k]) parts.push(`- ${oneLine(item.text)}`);
      parts.push('');
    });
  }
  if (checkIns.length > 0) {
    parts.push('## My check-ins', '');
    for (const c of byTime(checkIns)) {
      const extras = [c.feelings.join(', '), c.sleepHours === null ? '' : `slept ${c.sleepHours} h`, oneLine(c.note)].filter(Boolean);
      parts.push(`- ${c.day}: ${moodLabel(c.mood)}${extras.length ? ` (${extras.join('; ')})` : ''}`);
    }
    parts.push('');
  }
  return parts.join('\n');
}

function isEntry(value: unknown): value is DiaryEntry {
  const e = value as Partial<DiaryEntry> | null;
  return typeof e === 'object' && e !== null
    && typeof e.id === 'string' && e.id.length > 0
    && typeof e.title === 'string' && e.title.trim().length > 0
    && typeof e.content === 'string'
    && typeof e.date === 'string' && !Number.isNaN(Date.parse(e.date));
}

const PLAN_DAMAGED = 'The safety plan in this file is damaged, so nothing was imported.';
const isLine = (t: unknown) => typeof t === 'string' && t.trim().length > 0 && t.trim().length <= ITEM_MAX_LENGTH;

function parsePlan(value: unknown): Partial<SafetyPlanText> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ImportError(PLAN_DAMAGED);
  const plan: Partial<SafetyPlanText> = {};
  for (const [key, lines] of Object.entries(value)) {
    if (!(SAFETY_PLAN_SECTIONS as readonly string[]).includes(key) || !Array.isArray(lines) || !lines.every(isLine)) throw new ImportError(PLAN_DAMAGED);
    plan[key as SafetyPlanSection] = (lines as string[]).map((t) => t.trim());
  }
  return plan;
}

function parseCheckIns(value: unknown): CheckIn[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every(isCheckIn)) throw new ImportError('The check-ins in this file are damaged, so nothing was imported.');
  return value.map(({ id, at, day, mood, feelings, sleepHours, note }) => ({ id, at, day, mood, feelings: [...feelings], sleepHours: sleepHours ?? null, note: note ?? '' }));
}

/** Reads an export file; throws ImportError with a message fit to show. */
export function parseExport(text: string): ParsedExport {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ImportError('This file is not a Haven diary export (it is not valid JSON).');
  }
  const d = data as { format?: unknown; version?: unknown; entries?: unknown; safetyPlan?: unknown; checkIns?: unknown } | null;
  if (typeof d !== 'object' || d === null || d.format !== EXPORT_FORMAT || !Array.isArray(d.entries)) {
    throw new ImportError('This file is not a Haven diary export.');
  }
  if (d.version !== 1 && d.version !== 2 && d.version !== EXPORT_VERSION) throw new ImportError('This diary export comes from a newer version of Haven.');
  const bad = d.entries.findIndex((e) => !isEntry(e));
  if (bad !== -1) throw new ImportError(`Entry ${bad + 1} in this file is damaged, so nothing was imported.`);
  const entries = (d.entries as DiaryEntry[]).map(({ id, title, content, date }) => ({ id, title, content, date }));
  const safetyPlan = d.version === 1 || d.safetyPlan === undefined ? null : parsePlan(d.safetyPlan);
  return { entries, safetyPlan, checkIns: parseCheckIns(d.checkIns) };
}

export interface EntriesResult {
  added: number;
  skipped: number;
}

export interface ImportResult extends EntriesResult {
  /** Plan lines added; null when the file had no plan (version 1). */
  planAdded: number | null;
  /** Check-ins added (those already here, by id, are skipped). */
  checkInsAdded?: number;
}

/**
 * Adds the entries not already here (by id), sealed with `key` while the diary lock is on; must
 * run inside a transaction covering db.diary.
 */
async function addEntriesIn(db: HavenDb, entries: readonly DiaryEntry[], key: CryptoKey | null): Promise<EntriesResult> {
  const existing = new Set((await db.diary.bulkGet(entries.map((e) => e.id))).flatMap((e) => (e ? [e.id] : [])));
  const fresh = new Map<string, DiaryEntry>();
  for (const e of entries) if (!existing.has(e.id) && !fresh.has(e.id)) fresh.set(e.id, e);
  const rows = key ? await Dexie.waitFor(Promise.all([...fresh.values()].map((e) => sealEntry(key, e)))) : [...fresh.values()];
  await db.diary.bulkAdd(rows);
  return { added: fresh.size, skipped: entries.length - fresh.size };
}

export async function importEntries(db: HavenDb, entries: readonly DiaryEntry[]): Promise<EntriesResult> {
  return safeWrite(db, () => db.transaction('rw', db.diary, db.meta, async () => addEntriesIn(db, entries, await sealingKey(db))));
}

/**
 * Imports a whole file in one transaction: either all of it lands or none of it. Into a diary with
 * the lock on, everything is sealed as it lands (and a locked one refuses it: LockedError).
 */
export async function importExport(db: HavenDb, data: ParsedExport, now = new Date()): Promise<ImportResult> {
  return safeWrite(db, () => db.transaction('rw', db.diary, db.safetyPlan, db.checkIns, db.meta, async () => {
    const key = await sealingKey(db);
    const entries = await addEntriesIn(db, data.entries, key);
    const planAdded = data.safetyPlan ? await mergePlanIn(db, data.safetyPlan, now) : null;
    const here = new Set((await db.checkIns.bulkGet(data.checkIns.map((c) => c.id))).flatMap((c) => (c ? [c.id] : [])));
    const fresh = [...new Map(data.checkIns.filter((c) => !here.has(c.id)).map((c) => [c.id, c])).values()];
    await db.checkIns.bulkAdd(key ? await Dexie.waitFor(Promise.all(fresh.map((c) => sealCheckIn(key, c)))) : fresh);
    return { ...entries, planAdded, ...(data.checkIns.length > 0 && { checkInsAdded: fresh.length }) };
  }));
}

export function importSummary({ added, skipped, planAdded = null, checkInsAdded }: EntriesResult & { planAdded?: number | null; checkInsAdded?: number }): string {
  const parts = [`${added} ${added === 1 ? 'entry' : 'entries'} imported`];
  if (skipped) parts.push(`${skipped} already here`);
  if (planAdded !== null) parts.push(`safety plan: ${planAdded === 0 ? 'nothing new' : `${planAdded} ${planAdded === 1 ? 'item' : 'items'} added`}`);
  if (checkInsAdded !== undefined) parts.push(`check-ins: ${checkInsAdded === 0 ? 'nothing new' : `${checkInsAdded} added`}`);
  return parts.join(', ');
}
