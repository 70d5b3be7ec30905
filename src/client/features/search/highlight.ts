/** What a result shows of its message: one stretch of it around the match, with the matches marked. */
import { matcher } from './hits';

export interface Segment { text: string; match: boolean }

/** The text in pieces, each match of `q` (case-insensitive, taken literally) its own piece. */
export function segments(text: string, q: string): Segment[] {
  const out: Segment[] = [];
  if (!q) return [{ text, match: false }];
  let last = 0;
  for (const found of text.matchAll(matcher(q))) {
    const at = found.index;
    if (at > last) out.push({ text: text.slice(last, at), match: false });
    out.push({ text: found[0], match: true });
    last = at + found[0].length;
  }
  if (last < text.length || out.length === 0) out.push({ text: text.slice(last), match: false });
  return out;
}

/**
 * At most `max` characters (code points, so no emoji is cut in half) on one line, starting a little
 * before the first match so it is always in view; "…" where something was left out.
 */
export function snippet(text: string, q: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const points = Array.from(line);
  if (points.length <= max) return line;
  const found = matcher(q).exec(line);
  const matchAt = found ? Array.from(line.slice(0, found.index)).length : 0;
  const lead = Math.min(40, Math.floor(max / 4));
  const start = Math.max(0, Math.min(matchAt - lead, points.length - max));
  const end = start + max;
  return `${start > 0 ? '…' : ''}${points.slice(start, end).join('').trim()}${end < points.length ? '…' : ''}`;
}
