// oxlint-disable-next-line import/no-unassigned-import -- installs the IndexedDB fake before Dexie loads
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { HavenDb, SAFETY_PLAN_SECTIONS } from '../../../src/client/db/database';
import {
  addItem, BLANK_ITEM, cleanItemText, LONG_ITEM, prefill, readPlan, referrerItemText, removeItem, resourceItemText,
  SafetyPlanValidationError, updateItem, type Referrer,
} from '../../../src/client/features/safety-plan/plan';
import { SAFETY_PLAN_SECTIONS as SECTION_KEYS } from '../../../src/client/db/database';
import { ITEM_MAX_LENGTH, SECTIONS } from '../../../src/client/features/safety-plan/sections';
import { DEFAULT_CRISIS_RESOURCES } from '../../../src/shared/crisis-resources';

let n = 0;
const dbs: HavenDb[] = [];
function db(): HavenDb {
  n += 1;
  const d = new HavenDb(`plan-test-${Date.now().toString(36)}-${n}`);
  dbs.push(d);
  return d;
}
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((d) => d.delete()));
});

const therapist: Referrer = { id: 'a'.repeat(24), name: 'Dr Lee', role: 'therapist' };
const texts = async (d: HavenDb, section: (typeof SAFETY_PLAN_SECTIONS)[number]) => (await readPlan(d))[section].map((i) => i.text);

describe('the safety plan sections', () => {
  it('are the seven Stanley–Brown steps, in order, each with a title and a prompt', () => {
    expect(SECTION_KEYS.map((k) => SECTIONS[k].title)).toEqual([
      'Warning signs', 'Things I can do on my own', 'People and places that distract me', 'People I can ask for help',
      'Professionals and crisis lines', 'Making my surroundings safer', 'Reasons for living',
    ]);
    for (const k of SECTION_KEYS) expect(SECTIONS[k].prompt.length).toBeGreaterThan(10);
  });
});

describe('editing the safety plan', () => {
  it('starts empty, then adds (trimmed), edits and removes lines, section by section', async () => {
    const d = db();
    const empty = await readPlan(d);
    expect(Object.keys(empty)).toEqual([...SECTION_KEYS]);
    expect(Object.values(empty).every((items) => items.length === 0)).toBe(true);

    const first = await addItem(d, 'warningSigns', '  Not sleeping  ');
    const second = await addItem(d, 'warningSigns', 'Skipping meals');
    await addItem(d, 'reasonsForLiving', 'My cat, Miso');
    expect(first.text).toBe('Not sleeping');
    expect(await texts(d, 'warningSigns')).toEqual(['Not sleeping', 'Skipping meals']);
    expect(await texts(d, 'reasonsForLiving')).toEqual(['My cat, Miso']);

    await updateItem(d, 'warningSigns', first.id, ' Sleeping badly for days ');
    expect(await texts(d, 'warningSigns')).toEqual(['Sleeping badly for days', 'Skipping meals']);
    await removeItem(d, 'warningSigns', second.id);
    expect(await texts(d, 'warningSigns')).toEqual(['Sleeping badly for days']);
    expect((await d.safetyPlan.get('warningSigns'))?.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('refuses a blank or too long line with a clear message and changes nothing', async () => {
    const d = db();
    const kept = await addItem(d, 'helpers', 'My sister: 555 0100');
    for (const text of ['', '   ', '\n\t']) {
      await expect(addItem(d, 'helpers', text)).rejects.toThrow(BLANK_ITEM);
      await expect(updateItem(d, 'helpers', kept.id, text)).rejects.toThrow(BLANK_ITEM);
    }
    const long = 'x'.repeat(ITEM_MAX_LENGTH + 1);
    await expect(addItem(d, 'helpers', long)).rejects.toBeInstanceOf(SafetyPlanValidationError);
    await expect(addItem(d, 'helpers', long)).rejects.toThrow(LONG_ITEM);
    expect(await texts(d, 'helpers')).toEqual(['My sister: 555 0100']);
    // Exactly the limit is fine, and spaces around it do not count.
    expect(cleanItemText(`  ${'y'.repeat(ITEM_MAX_LENGTH)}  `)).toHaveLength(ITEM_MAX_LENGTH);
  });

  it('keeps every line when several are added at once', async () => {
    const d = db();
    await Promise.all(['one', 'two', 'three', 'four'].map((t) => addItem(d, 'copingStrategies', t)));
    expect((await texts(d, 'copingStrategies')).sort()).toEqual(['four', 'one', 'three', 'two']);
  });
});

describe('prefilling "Professionals and crisis lines"', () => {
  it('copies in the crisis lines and the referring professional the first time', async () => {
    const d = db();
    expect(await prefill(d, DEFAULT_CRISIS_RESOURCES, therapist)).toBe(DEFAULT_CRISIS_RESOURCES.length + 1);
    const lines = await texts(d, 'professionals');
    expect(lines).toContain('988 Suicide & Crisis Lifeline (United States): Call or text 988');
    expect(lines.at(-1)).toBe('Dr Lee (therapist) — message them in Haven');
    expect(referrerItemText({ ...therapist, role: 'ngo' })).toBe('Dr Lee (NGO) — message them in Haven');
  });

  it('happens only once: lines the person removed never come back', async () => {
    const d = db();
    await prefill(d, DEFAULT_CRISIS_RESOURCES, therapist);
    for (const item of (await readPlan(d)).professionals.slice(1)) await removeItem(d, 'professionals', item.id);
    expect(await prefill(d, DEFAULT_CRISIS_RESOURCES, therapist)).toBe(0);
    expect(await texts(d, 'professionals')).toEqual([resourceItemText(DEFAULT_CRISIS_RESOURCES[0]!)]);
    // Even with every line gone (the section saved empty), nothing is put back.
    await removeItem(d, 'professionals', (await readPlan(d)).professionals[0]!.id);
    expect(await prefill(d, DEFAULT_CRISIS_RESOURCES, therapist)).toBe(0);
    expect(await texts(d, 'professionals')).toEqual([]);
  });

  it('leaves a section the person already saved alone, but adds a referrer first known later, once', async () => {
    const d = db();
    await addItem(d, 'professionals', 'Dr Patel, GP: 555 0199');
    expect(await prefill(d, DEFAULT_CRISIS_RESOURCES, null)).toBe(0);
    expect(await texts(d, 'professionals')).toEqual(['Dr Patel, GP: 555 0199']);
    // The people list arrived after the first visit: the referrer is added then, and only then.
    expect(await prefill(d, DEFAULT_CRISIS_RESOURCES, therapist)).toBe(1);
    expect(await prefill(d, DEFAULT_CRISIS_RESOURCES, therapist)).toBe(0);
    expect(await texts(d, 'professionals')).toEqual(['Dr Patel, GP: 555 0199', 'Dr Lee (therapist) — message them in Haven']);
  });

  it('two screens prefilling at the same moment add each line once', async () => {
    const d = db();
    await Promise.all([prefill(d, DEFAULT_CRISIS_RESOURCES, therapist), prefill(d, DEFAULT_CRISIS_RESOURCES, therapist)]);
    expect(await texts(d, 'professionals')).toHaveLength(DEFAULT_CRISIS_RESOURCES.length + 1);
  });
});
