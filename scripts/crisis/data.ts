/**
 * The crisis detector's evaluation data, by author (docs/crisis-detection.md, Data, by author).
 * Each folder under tests/safety/data/authors/ is one writer who saw only the category grid and a
 * persona; train/ and heldout/ are the earlier sets the frames were written beside ("legacy":
 * always trained on, never a left-out author). tests/safety/data/sealed/ is read only by
 * `eval-crisis.ts sealed`: it stays out of every step until the final report.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DATA = join(dirname(fileURLToPath(import.meta.url)), '../../tests/safety/data');

export interface Row {
  text: string;
  label: 'crisis' | 'distress' | 'none';
  category: string;
  subject?: 'self' | 'other';
  imminent?: boolean;
  /** Who wrote it: an author folder's name, or 'legacy'. */
  author: string;
}

function readDir(dir: string, author: string): Row[] {
  const rows: Row[] = [];
  // Every file in name order, so the order (and with it training) is the same on every run.
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.jsonl')).sort()) {
    for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
      if (line.trim()) rows.push({ ...(JSON.parse(line) as Omit<Row, 'author'>), author });
    }
  }
  return rows;
}

function authorsIn(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort() : [];
}

/** The development data: the legacy sets and every author's folder. Never the sealed author. */
export function loadDevelopment(): { rows: Row[]; authors: string[] } {
  const authors = authorsIn(join(DATA, 'authors'));
  const rows = [
    ...readDir(join(DATA, 'train'), 'legacy'),
    ...readDir(join(DATA, 'heldout'), 'legacy'),
    ...authors.flatMap((a) => readDir(join(DATA, 'authors', a), a)),
  ];
  return { rows, authors };
}

/** Every author folder under `dir`, none of them trained on. */
export function loadAuthorsIn(dir: string): { rows: Row[]; authors: string[] } {
  const authors = authorsIn(dir);
  return { rows: authors.flatMap((a) => readDir(join(dir, a), a)), authors };
}

/** The sealed author(s), for the final report only. */
export const loadSealed = () => loadAuthorsIn(join(DATA, 'sealed'));
