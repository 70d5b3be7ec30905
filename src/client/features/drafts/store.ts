/**
 * Unsent text kept on the device while it is typed (docs/everyday-chat.md, Drafts): each conversation's composer and
 * the diary's new-entry form. One localStorage key per person and place,
 * `haven-draft:<userId>:<place>`, so people sharing a device never see each other's words, and
 * "Also remove my data from this device" takes them with every other key naming the person
 * (auth/localData.ts removes each key containing the id). localStorage rather than the person's
 * IndexedDB: it is written synchronously, so a reload right after a keystroke still finds it.
 */

/** The stored draft, or '' when there is none (or storage is blocked: private mode, full disk). */
export function readDraft(key: string): string {
  try {
    return localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

/** Keeps `text`; an empty or blank draft removes the key, so sent messages leave nothing behind. */
export function writeDraft(key: string, text: string): void {
  try {
    if (text.trim() === '') localStorage.removeItem(key);
    else localStorage.setItem(key, text);
  } catch {
    // Storage refused (quota, blocked): the text is still in the box, only not kept across a reload.
  }
}

/** Two fields in one draft (the diary's title and content). */
export function readFields<K extends string>(key: string, names: readonly K[]): Record<K, string> {
  const empty = Object.fromEntries(names.map((n) => [n, ''])) as Record<K, string>;
  const raw = readDraft(key);
  if (!raw) return empty;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return empty;
    const record = parsed as Record<string, unknown>;
    for (const n of names) if (typeof record[n] === 'string') empty[n] = record[n];
    return empty;
  } catch {
    return empty;
  }
}

export function writeFields<K extends string>(key: string, fields: Record<K, string>): void {
  const blank = Object.values<string>(fields).every((v) => v.trim() === '');
  writeDraft(key, blank ? '' : JSON.stringify(fields));
}
