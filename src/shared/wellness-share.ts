/**
 * What a person may share of their check-ins and questionnaires with the professional who
 * referred them (docs/decisions/wellness.md): mood averages by week and scores, nothing else.
 * The schemas are strict and hold no free text, so a note or a diary line cannot travel in them
 * even by mistake: the server refuses anything more.
 */
import { SHARED_SCORES, SHARED_WEEKS } from './limits';
import { z } from './zod';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day like 2026-11-27');

export const wellnessSummarySchema = z.strictObject({
  weeks: z.array(z.strictObject({
    /** The Monday the week starts on. */
    weekStart: day,
    /** The average of the week's daily moods, 1 to 5; null for a week without a check-in. */
    moodAverage: z.number().min(1).max(5).nullable(),
    /** Days checked in that week. */
    days: z.number().int().min(0).max(7),
  })).max(SHARED_WEEKS),
  scores: z.array(z.strictObject({
    kind: z.enum(['phq9', 'gad7', 'who5']),
    day,
    score: z.number().int().min(0).max(100),
  })).max(SHARED_SCORES),
});
export type WellnessSummary = z.infer<typeof wellnessSummarySchema>;

/** GET /api/me/wellness-share: whether the person shares, and when it was last updated. */
export const wellnessShareStatusSchema = z.object({ sharing: z.boolean(), updatedAt: z.string().nullable() });
export type WellnessShareStatus = z.infer<typeof wellnessShareStatusSchema>;

/** GET /api/clients/:id/wellness: what a client shares with this professional. */
export const sharedWellnessSchema = z.object({ summary: wellnessSummarySchema, updatedAt: z.string() });
export type SharedWellness = z.infer<typeof sharedWellnessSchema>;
