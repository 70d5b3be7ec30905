/**
 * PHQ-9, GAD-7 and WHO-5 scored as published, their bands at every cut-off, the ninth PHQ-9 item's
 * rule, and the scores kept on the device (fake-indexeddb).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { asksForHelpNow, band, GAD7, IncompleteError, PHQ9, score, WHO5, type Questionnaire } from '../../../src/client/features/wellness/questionnaires';
import { saveScreening } from '../../../src/client/features/wellness/screenings';
import { freshDb } from '../sync/fixtures';

/** Answers adding up to `total` raw points, filled from the first item. */
function answersFor(q: Questionnaire, total: number): number[] {
  const top = Math.max(...q.options.map((o) => o.points));
  return q.items.map((_, i) => Math.max(0, Math.min(top, total - i * top)));
}

describe('scoring as published', () => {
  it('PHQ-9: 0 to 27, bands at 5, 10, 15 and 20', () => {
    expect(PHQ9.items).toHaveLength(9);
    const cases: [number, string][] = [[0, 'Minimal'], [4, 'Minimal'], [5, 'Mild'], [9, 'Mild'], [10, 'Moderate'], [14, 'Moderate'], [15, 'Moderately severe'], [19, 'Moderately severe'], [20, 'Severe'], [27, 'Severe']];
    for (const [total, label] of cases) {
      const value = score(PHQ9, answersFor(PHQ9, total));
      expect(value).toBe(total);
      expect(band(PHQ9, value).label).toBe(label);
    }
    expect(band(PHQ9, 20).severe).toBe(true);
    expect(band(PHQ9, 19).severe).toBeFalsy();
  });

  it('GAD-7: 0 to 21, bands at 5, 10 and 15', () => {
    expect(GAD7.items).toHaveLength(7);
    const cases: [number, string][] = [[0, 'Minimal'], [4, 'Minimal'], [5, 'Mild'], [10, 'Moderate'], [14, 'Moderate'], [15, 'Severe'], [21, 'Severe']];
    for (const [total, label] of cases) expect(band(GAD7, score(GAD7, answersFor(GAD7, total))).label).toBe(label);
    expect(band(GAD7, 15).severe).toBe(true);
  });

  it('WHO-5: raw 0 to 25 times four, 50 or less low, 28 or less very low', () => {
    expect(WHO5.items).toHaveLength(5);
    expect(score(WHO5, [5, 5, 5, 5, 5])).toBe(100);
    expect(score(WHO5, [0, 0, 0, 0, 0])).toBe(0);
    expect(score(WHO5, [3, 3, 3, 2, 2])).toBe(52);
    expect(band(WHO5, 52).label).toBe('Good wellbeing');
    expect(band(WHO5, 48).label).toBe('Low wellbeing');
    expect(band(WHO5, 28).label).toBe('Very low wellbeing');
    expect(band(WHO5, 28).severe).toBe(true);
    expect(band(WHO5, 32).severe).toBeFalsy();
  });

  it('refuses an unanswered item or a value off the scale', () => {
    expect(() => score(PHQ9, [0, 0, 0, 0, 0, 0, 0, 0])).toThrow(IncompleteError);
    expect(() => score(PHQ9, [0, 0, 0, 0, undefined, 0, 0, 0, 0])).toThrow('Please answer every question.');
    expect(() => score(GAD7, [0, 0, 0, 0, 0, 0, 4])).toThrow(IncompleteError);
    expect(() => score(WHO5, [6, 0, 0, 0, 0])).toThrow(IncompleteError);
  });
});

describe("PHQ-9's ninth item", () => {
  it('asks for help at any answer above "Not at all", whatever the total; no other item or questionnaire does', () => {
    for (const points of [1, 2, 3]) expect(asksForHelpNow('phq9', 8, points)).toBe(true);
    expect(asksForHelpNow('phq9', 8, 0)).toBe(false);
    expect(asksForHelpNow('phq9', 8, undefined)).toBe(false);
    for (let item = 0; item < 8; item += 1) expect(asksForHelpNow('phq9', item, 3)).toBe(false);
    expect(asksForHelpNow('gad7', 6, 3)).toBe(false);
    // A total in the minimal band with the ninth item at "Several days" still asks.
    const answers = [0, 0, 0, 0, 0, 0, 0, 0, 1];
    expect(band(PHQ9, score(PHQ9, answers)).label).toBe('Minimal');
    expect(answers.some((a, i) => asksForHelpNow('phq9', i, a))).toBe(true);
  });
});

describe('kept on the device', () => {
  it('saves the answers with their score; an incomplete one saves nothing', async () => {
    const db = freshDb();
    const row = await saveScreening(db, GAD7, [1, 2, 3, 0, 1, 2, 3], new Date('2026-11-27T10:00:00Z'));
    expect(await db.screenings.get(row.id)).toEqual({ id: row.id, kind: 'gad7', at: '2026-11-27T10:00:00.000Z', answers: [1, 2, 3, 0, 1, 2, 3], score: 12 });
    await expect(saveScreening(db, GAD7, [1, 2])).rejects.toThrow(IncompleteError);
    expect(await db.screenings.count()).toBe(1);
  });
});
