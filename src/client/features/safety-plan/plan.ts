/**
 * The safety plan's rules, on the person's own Dexie database. Like the diary it never leaves
 * the device: nothing here touches the network or the outbox, so it all works offline.
 */
import { Dexie } from 'dexie';
import { SAFETY_PLAN_SECTIONS, type HavenDb, type SafetyPlanItem, type SafetyPlanRow, type SafetyPlanSection } from '../../db/database';
import { safeWrite } from '../../db/safe-write';
import { currentKey, LockedError, openPlanItems, PRIVATE_SECTIONS, sealingKey, storedPlanRow } from '../lock/rows';
import type { CrisisResource } from '../../../shared/crisis-resources';
import { newId } from '../../../shared/ids';
import { isProfessional, type Role } from '../../../shared/limits';
import { ROLE_WORD } from '../../ui/labels';
import { ITEM_MAX_LENGTH } from './sections';

export type SafetyPlan = Record<SafetyPlanSection, SafetyPlanItem[]>;

export const BLANK_ITEM = 'Please write something first; an empty line cannot be saved.';
export const LONG_ITEM = `Please keep it to ${ITEM_MAX_LENGTH} characters or fewer.`;

export class SafetyPlanValidationError extends Error {}

/** Records what was prefilled, so a line the person deleted is never put back. */
export const PREFILL_KEY = 'safetyPlanPrefill';
interface PrefillState {
  resources: boolean;
  referrerId: string | null;
}

export function emptyPlan(): SafetyPlan {
  return Object.fromEntries(SAFETY_PLAN_SECTIONS.map((k) => [k, []])) as unknown as SafetyPlan;
}

/** The plan as this tab can read it, and the private sections it cannot open now (the diary lock is locked). */
export interface PlanView {
  plan: SafetyPlan;
  locked: readonly SafetyPlanSection[];
}

export async function readPlanView(db: HavenDb): Promise<PlanView> {
  const [rows, key] = await Promise.all([db.safetyPlan.toArray(), currentKey(db)]);
  const plan = emptyPlan();
  const locked: SafetyPlanSection[] = [];
  // Promise.resolve: WebCrypto is not Dexie, and a live query must not lose track of what it read.
  const opened = await Promise.resolve(Promise.all(rows.map((row) => openPlanItems(key, row))));
  rows.forEach((row, i) => {
    if (!(row.section in plan)) return;
    const items = opened[i];
    if (items) plan[row.section] = items;
    else locked.push(row.section);
  });
  return { plan, locked };
}

export async function readPlan(db: HavenDb): Promise<SafetyPlan> {
  return (await readPlanView(db)).plan;
}

/**
 * A section's items inside a write's transaction (covering db.safetyPlan and db.meta), with the
 * key to store them back with: null for a section kept in clear or with the lock off.
 */
async function sectionForWrite(db: HavenDb, section: SafetyPlanSection): Promise<{ items: SafetyPlanItem[]; key: CryptoKey | null }> {
  const key = PRIVATE_SECTIONS.has(section) ? await sealingKey(db) : null;
  const row = await db.safetyPlan.get(section);
  const items = await Dexie.waitFor(openPlanItems(key, row));
  if (!items) throw new LockedError();
  return { items, key };
}

const putSection = async (db: HavenDb, key: CryptoKey | null, row: SafetyPlanRow) =>
  db.safetyPlan.put(await Dexie.waitFor(storedPlanRow(key, row)));

export const planItemCount = (plan: SafetyPlan) => SAFETY_PLAN_SECTIONS.reduce((n, k) => n + plan[k].length, 0);

/** Trims the text; refuses it, with a message fit to show, when blank or too long. */
export function cleanItemText(text: string): string {
  const clean = text.trim();
  if (!clean) throw new SafetyPlanValidationError(BLANK_ITEM);
  if (clean.length > ITEM_MAX_LENGTH) throw new SafetyPlanValidationError(LONG_ITEM);
  return clean;
}

/** Reads, changes and writes one section inside a transaction, so two quick edits cannot undo each other. */
function changeSection<T>(db: HavenDb, section: SafetyPlanSection, now: Date,
  change: (items: SafetyPlanItem[]) => { items: SafetyPlanItem[]; result: T }): Promise<T> {
  return safeWrite(db, () => db.transaction('rw', db.safetyPlan, db.meta, async () => {
    const current = await sectionForWrite(db, section);
    const { items, result } = change(current.items);
    await putSection(db, current.key, { section, items, updatedAt: now.toISOString() });
    return result;
  }));
}

export async function addItem(db: HavenDb, section: SafetyPlanSection, text: string, now = new Date()): Promise<SafetyPlanItem> {
  const item: SafetyPlanItem = { id: newId(), text: cleanItemText(text) };
  return changeSection(db, section, now, (items) => ({ items: [...items, item], result: item }));
}

export async function updateItem(db: HavenDb, section: SafetyPlanSection, id: string, text: string, now = new Date()): Promise<void> {
  const clean = cleanItemText(text);
  await changeSection(db, section, now, (items) => ({ items: items.map((i) => (i.id === id ? { ...i, text: clean } : i)), result: undefined }));
}

export async function removeItem(db: HavenDb, section: SafetyPlanSection, id: string, now = new Date()): Promise<void> {
  await changeSection(db, section, now, (items) => ({ items: items.filter((i) => i.id !== id), result: undefined }));
}

type PlanResource = Pick<CrisisResource, 'name' | 'contact' | 'region'>;

export interface Referrer {
  id: string;
  name: string;
  role: Role;
}

export const resourceItemText = (r: PlanResource) => `${r.name} (${r.region}): ${r.contact}`.slice(0, ITEM_MAX_LENGTH);

export const referrerItemText = (r: Referrer) => {
  const role = isProfessional(r.role) ? ROLE_WORD[r.role] : null;
  return `${r.name}${role ? ` (${role})` : ''} — message them in Haven`.slice(0, ITEM_MAX_LENGTH);
};

/**
 * Fills "Professionals and crisis lines" with the crisis resources the first time the plan is
 * opened, if the person never saved that section, and adds the referring professional once, when
 * first known (the directory may only arrive after the first visit). Each is done at most once,
 * so nothing the person removed comes back. Answers how many items were added.
 */
export async function prefill(db: HavenDb, resources: readonly PlanResource[], referrer: Referrer | null, now = new Date()): Promise<number> {
  return safeWrite(db, () => db.transaction('rw', db.safetyPlan, db.meta, async () => {
    const state: PrefillState = { resources: false, referrerId: null, ...((await db.meta.get(PREFILL_KEY))?.value as PrefillState | undefined) };
    const row = await db.safetyPlan.get('professionals');
    const items = [...(row?.items ?? [])];
    const texts = new Set(items.map((i) => i.text));
    const add = (text: string) => {
      if (texts.has(text)) return;
      texts.add(text);
      items.push({ id: newId(), text });
    };
    if (!state.resources && resources.length > 0) {
      if (!row) resources.forEach((r) => add(resourceItemText(r)));
      state.resources = true;
    }
    if (referrer && state.referrerId !== referrer.id) {
      add(referrerItemText(referrer));
      state.referrerId = referrer.id;
    }
    const added = items.length - (row?.items.length ?? 0);
    if (added > 0) await db.safetyPlan.put({ section: 'professionals', items, updatedAt: now.toISOString() });
    await db.meta.put({ key: PREFILL_KEY, value: state });
    return added;
  }));
}

const sameText = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Adds, section by section, the lines not already in the plan (compared ignoring case and
 * spacing). Must run inside a transaction covering db.safetyPlan and db.meta. Answers how many were added.
 */
export async function mergePlanIn(db: HavenDb, incoming: Partial<Record<SafetyPlanSection, readonly string[]>>, now = new Date()): Promise<number> {
  let added = 0;
  for (const section of SAFETY_PLAN_SECTIONS) {
    const texts = incoming[section] ?? [];
    if (texts.length === 0) continue;
    const current = await sectionForWrite(db, section);
    const items = [...current.items];
    const seen = new Set(items.map((i) => sameText(i.text)));
    for (const text of texts) {
      const key = sameText(text);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push({ id: newId(), text: cleanItemText(text) });
      added += 1;
    }
    if (items.length !== current.items.length) await putSection(db, current.key, { section, items, updatedAt: now.toISOString() });
  }
  return added;
}
