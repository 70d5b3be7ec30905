/**
 * Export and import, so a private journal can be backed up or moved to another device.
 * JSON is the round-trip format; Markdown is for reading. Import skips entries already here
 * (same id) and refuses a file it cannot read with a message that says what is wrong.
 */
import type { DiaryEntry, HavenDb } from '../../db/database';
import { safeWrite } from '../../db/safe-write';
import { newestFirst } from './entries';

export const EXPORT_FORMAT = 'haven-diary';
export const EXPORT_VERSION = 1;

export interface DiaryExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  entries: DiaryEntry[];
}

export class ImportError extends Error {}

export function toJson(entries: readonly DiaryEntry[], now = new Date()): string {
  const data: DiaryExport = { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: now.toISOString(), entries: newestFirst(entries) };
  return `${JSON.stringify(data, null, 2)}\n`;
}

export function toMarkdown(entries: readonly DiaryEntry[]): string {
  const parts = ['# My Diary', ''];
  for (const e of newestFirst(entries)) {
    // A title is one line; a leading # in it must not turn into a deeper heading level.
    parts.push(`## ${e.title.replace(/\s+/g, ' ').trim()}`, '', `*${e.date}*`, '', e.content.trimEnd(), '');
  }
  if (entries.length === 0) parts.push('No entries yet.', '');
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

/** Reads an export file; throws ImportError with a message fit to show. */
export function parseExport(text: string): DiaryEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ImportError('This file is not a Haven diary export (it is not valid JSON).');
  }
  const d = data as Partial<DiaryExport> | null;
  if (typeof d !== 'object' || d === null || d.format !== EXPORT_FORMAT || !Array.isArray(d.entries)) {
    throw new ImportError('This file is not a Haven diary export.');
  }
  if (d.version !== EXPORT_VERSION) throw new ImportError('This diary export comes from a newer version of Haven.');
  const bad = d.entries.findIndex((e) => !isEntry(e));
  if (bad !== -1) throw new ImportError(`Entry ${bad + 1} in this file is damaged, so nothing was imported.`);
  return d.entries.map(({ id, title, content, date }) => ({ id, title, content, date }));
}

export interface ImportResult {
  added: number;
  skipped: number;
}

/** Adds the entries not already here (by id), all in one transaction. */
export async function importEntries(db: HavenDb, entries: readonly DiaryEntry[]): Promise<ImportResult> {
  return safeWrite(db, () => db.transaction('rw', db.diary, async () => {
    const existing = new Set((await db.diary.bulkGet(entries.map((e) => e.id))).flatMap((e) => (e ? [e.id] : [])));
    const fresh = new Map<string, DiaryEntry>();
    for (const e of entries) if (!existing.has(e.id) && !fresh.has(e.id)) fresh.set(e.id, e);
    await db.diary.bulkAdd([...fresh.values()]);
    return { added: fresh.size, skipped: entries.length - fresh.size };
  }));
}

export function importSummary({ added, skipped }: ImportResult): string {
  const a = `${added} ${added === 1 ? 'entry' : 'entries'} imported`;
  return skipped ? `${a}, ${skipped} already here` : a;
}
