/**
 * Reading a message line by line, each line read once. A message is judged alone and then again
 * inside the window of its writer's previous few lines (detect.ts), and each of those lines was read
 * when it was sent, and is still held if it was sent recently (the last thousand lines read, about
 * ten seconds at a hundred messages a second): without this, every message read its window's lines
 * afresh, about four times the reading one message needs. Held lines live in memory only and go as
 * newer ones come, a message taken back included. Reading is line-local (sentences split at every
 * line break, and no normalisation crosses one), so the sentences of a text are those of its lines,
 * in order; the safety unit tests check that on every development line.
 */
import { analyse, type Sent } from './frames';

/** Enough for the windows of people writing back and forth, about 6 MB at most (1,000 lines of 280 characters). */
const CACHED_LINES = 1000;
/** Longer lines (rare in chat) are read each time rather than held. */
const CACHED_LINE_CHARS = 280;

const read = new Map<string, readonly Sent[]>();

function analyseLine(line: string): readonly Sent[] {
  if (line.length > CACHED_LINE_CHARS) return analyse(line);
  const known = read.get(line);
  if (known) {
    // Most recently used last, so the oldest is the first to go.
    read.delete(line);
    read.set(line, known);
    return known;
  }
  // Shared by every analysis that meets the line again: Sent and its tokens are read-only types,
  // so the compiler refuses direct writes to them (freezing them cost more than the reading saved).
  const sents = analyse(line);
  read.set(line, sents);
  if (read.size > CACHED_LINES) read.delete(read.keys().next().value!);
  return sents;
}

/** The same sentences as `analyse(text)`, from lines already read where it can. */
export function analyseLines(text: string): Sent[] {
  return text.split('\n').flatMap(analyseLine);
}

/** How many lines are held (never more than CACHED_LINES). */
export function linesHeld(): number {
  return read.size;
}

/** Forgets every line read (the speed evaluation measures a cold start with it). */
export function forgetLines(): void {
  read.clear();
}
