// oxlint-disable-next-line import/no-unassigned-import -- installs the IndexedDB fake before Dexie loads
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { HavenDb, type DiaryEntry } from '../../../src/client/db/database';
import { importExport, importSummary, parseExport, toJson, toMarkdown } from '../../../src/client/features/diary/transfer';
import { addItem, emptyPlan, readPlan } from '../../../src/client/features/safety-plan/plan';

let n = 0;
const dbs: HavenDb[] = [];
function db(): HavenDb {
  n += 1;
  const d = new HavenDb(`plan-transfer-${Date.now().toString(36)}-${n}`);
  dbs.push(d);
  return d;
}
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((d) => d.delete()));
});

const entry: DiaryEntry = { id: '1767261600000', title: 'A day', content: 'Fine.', date: '2026-01-01T10:00:00.000Z' };

async function filledPlan(d: HavenDb) {
  await addItem(d, 'warningSigns', 'Not sleeping');
  await addItem(d, 'warningSigns', 'Staying in bed all day');
  await addItem(d, 'professionals', 'Dr Lee (therapist) — message them in Haven');
  await addItem(d, 'reasonsForLiving', 'My niece');
  return readPlan(d);
}

describe('the safety plan in the diary export', () => {
  it('a JSON export holds the plan as plain lines per section', async () => {
    const d = db();
    const json = toJson([entry], await filledPlan(d), { now: new Date('2026-05-05T00:00:00Z') });
    const data = JSON.parse(json) as { version: number; safetyPlan: Record<string, string[]> };
    expect(data.version).toBe(3);
    expect(data.safetyPlan.warningSigns).toEqual(['Not sleeping', 'Staying in bed all day']);
    expect(data.safetyPlan.reasonsForLiving).toEqual(['My niece']);
    expect(data.safetyPlan.copingStrategies).toEqual([]);
    expect(Object.keys(data.safetyPlan)).toHaveLength(7);
  });

  it('round-trips into another device, and importing again adds nothing', async () => {
    const json = toJson([entry], await filledPlan(db()));
    const to = db();
    const result = await importExport(to, parseExport(json));
    expect(result).toEqual({ added: 1, skipped: 0, planAdded: 4 });
    expect(importSummary(result)).toBe('1 entry imported, safety plan: 4 items added');
    const plan = await readPlan(to);
    expect(plan.warningSigns.map((i) => i.text)).toEqual(['Not sleeping', 'Staying in bed all day']);
    expect(plan.professionals.map((i) => i.text)).toEqual(['Dr Lee (therapist) — message them in Haven']);

    const again = await importExport(to, parseExport(json));
    expect(again).toEqual({ added: 0, skipped: 1, planAdded: 0 });
    expect(importSummary(again)).toBe('0 entries imported, 1 already here, safety plan: nothing new');
  });

  it('merges: keeps what is here and adds only lines whose text is new (case and spacing ignored)', async () => {
    const to = db();
    await addItem(to, 'warningSigns', 'not  SLEEPING');
    await addItem(to, 'copingStrategies', 'A long shower');
    const json = toJson([], await filledPlan(db()));
    expect((await importExport(to, parseExport(json))).planAdded).toBe(3);
    const plan = await readPlan(to);
    expect(plan.warningSigns.map((i) => i.text)).toEqual(['not  SLEEPING', 'Staying in bed all day']);
    expect(plan.copingStrategies.map((i) => i.text)).toEqual(['A long shower']);
    expect(new Set(plan.warningSigns.map((i) => i.id)).size).toBe(2);
  });

  it('still reads version-1 files, which have no plan, and leaves the plan alone', async () => {
    const to = db();
    await addItem(to, 'reasonsForLiving', 'My garden');
    const v1 = JSON.stringify({ format: 'haven-diary', version: 1, exportedAt: '2025-01-01T00:00:00.000Z', entries: [entry] });
    const parsed = parseExport(v1);
    expect(parsed.safetyPlan).toBeNull();
    const result = await importExport(to, parsed);
    expect(result).toEqual({ added: 1, skipped: 0, planAdded: null });
    expect(importSummary(result)).toBe('1 entry imported');
    expect((await readPlan(to)).reasonsForLiving.map((i) => i.text)).toEqual(['My garden']);
  });

  it('Markdown has a "My safety plan" part with each step and its lines, and none when the plan is empty', async () => {
    const md = toMarkdown([entry], await filledPlan(db()));
    expect(md).toContain('## My safety plan\n\n### 1. Warning signs\n\n- Not sleeping\n- Staying in bed all day\n');
    expect(md).toContain('### 2. Things I can do on my own\n\nNothing written yet.\n');
    expect(md).toContain('### 7. Reasons for living\n\n- My niece\n');
    expect(md.indexOf('## A day')).toBeLessThan(md.indexOf('## My safety plan'));
    expect(toMarkdown([entry], emptyPlan())).not.toContain('safety plan');
  });
});
