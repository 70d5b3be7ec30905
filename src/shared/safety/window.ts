/**
 * Which earlier messages a message is judged with (detect.ts): the same person's last few in the
 * same place, written shortly before. Three lines and half an hour hold a plan typed in pieces;
 * older lines belong to another moment and would only make the detector remember old pain.
 */
export const PREVIOUS_MESSAGES = 3;
export const PREVIOUS_WITHIN_MS = 30 * 60_000;

/** The texts of `earlier` (any order) inside the window before `at`, oldest first. */
export function recentTexts(earlier: readonly { text: string; at: string | Date }[], at: string | Date = new Date()): string[] {
  const end = new Date(at).getTime();
  return earlier
    .map((m) => ({ text: m.text, t: new Date(m.at).getTime() }))
    .filter((m) => m.text.trim() !== '' && m.t <= end && end - m.t <= PREVIOUS_WITHIN_MS)
    .sort((a, b) => a.t - b.t)
    .slice(-PREVIOUS_MESSAGES)
    .map((m) => m.text);
}
