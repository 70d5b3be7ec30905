/** Completed questionnaires on this device: saved with their score, listed oldest first per kind. */
import type { HavenDb, ScreeningRow } from '../../db/database';
import { safeWrite } from '../../db/safe-write';
import { score, type Questionnaire } from './questionnaires';

export async function saveScreening(db: HavenDb, q: Questionnaire, answers: readonly (number | undefined)[], now = new Date()): Promise<ScreeningRow> {
  const row: ScreeningRow = { id: crypto.randomUUID(), kind: q.kind, at: now.toISOString(), answers: answers as number[], score: score(q, answers) };
  await safeWrite(db, () => db.screenings.add(row));
  return row;
}

export async function deleteScreening(db: HavenDb, id: string): Promise<void> {
  await safeWrite(db, () => db.screenings.delete(id));
}
