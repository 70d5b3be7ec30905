import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { toast } from 'react-hot-toast';
import type { SafetyPlanItem, SafetyPlanSection } from '../../db/database';
import { useDb } from '../../sync/current';
import { useCrisisResources } from '../help/resources';
import { ItemForm } from './ItemForm';
import { linksFor, type PlanLink } from './links';
import { useReferrer } from './usePlan';
import { addItem, removeItem, updateItem } from './plan';
import { SECTIONS } from './sections';

/** The steps whose lines are people and services to reach: their numbers and addresses are tappable. */
const REACHABLE: ReadonlySet<SafetyPlanSection> = new Set(['helpers', 'professionals']);

function ItemLinks({ links }: { links: readonly PlanLink[] }) {
  if (links.length === 0) return null;
  return (
    <span className="flex basis-full flex-wrap gap-1 print:hidden" data-testid="plan-links">
      {links.map((link) => (link.internal
        ? <Link key={link.href} to={link.href} className="btn btn-sm btn-primary min-h-11">{link.label}</Link>
        : (
          <a key={link.href} href={link.href} className="btn btn-sm btn-outline min-h-11"
            {...(link.kind === 'web' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {link.label}
          </a>
        )))}
    </span>
  );
}

interface Props {
  section: SafetyPlanSection;
  step: number;
  items: readonly SafetyPlanItem[];
  /** Sealed by the diary lock and not open in this tab: nothing to show or change until unlocked. */
  locked?: boolean;
}

/** One step of the plan: its prompt, its lines (each editable in place) and a way to add one. */
export function SectionEditor({ section, step, items, locked = false }: Props) {
  const db = useDb();
  const [editingId, setEditingId] = useState<string | null>(null);
  const { title, prompt } = SECTIONS[section];
  const resources = useCrisisResources();
  const referrer = useReferrer();
  const reachable = REACHABLE.has(section);
  const headingId = `safety-plan-${section}`;

  async function onRemove(item: SafetyPlanItem) {
    try {
      await removeItem(db, section, item.id);
      if (editingId === item.id) setEditingId(null);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not remove this line.');
    }
  }

  return (
    <section aria-labelledby={headingId} className="safety-plan-section rounded-box border border-base-300 p-4">
      <p className="text-sm font-semibold">Step {step}</p>
      <h2 id={headingId} className="text-lg font-bold">{title}</h2>
      <p className="mt-1 text-sm">{prompt}</p>
      {locked ? (
        <p className="mt-3 text-sm italic">Locked with your diary. Unlock to see and change this step.</p>
      ) : items.length > 0 ? (
        <ul aria-label={title} className="mt-3 flex flex-col gap-2">
          {items.map((item) => (
            <li key={item.id} className="flex flex-col gap-1">
              {editingId === item.id ? (
                <ItemForm label={`Edit a line in ${title}`} initial={item.text} submitLabel="Save" autoFocus
                  onCancel={() => setEditingId(null)}
                  onSubmit={async (text) => {
                    await updateItem(db, section, item.id, text);
                    setEditingId(null);
                  }} />
              ) : (
                <div className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0 flex-1 basis-48 break-words print:before:content-['•_']">{item.text}</span>
                  <span className="flex gap-1 print:hidden">
                    <button type="button" className="btn btn-ghost min-h-11" aria-label={`Edit ${item.text}`} onClick={() => setEditingId(item.id)}>Edit</button>
                    <button type="button" className="btn btn-ghost min-h-11" aria-label={`Remove ${item.text}`} onClick={() => void onRemove(item)}>Remove</button>
                  </span>
                  {reachable && <ItemLinks links={linksFor(item.text, resources, referrer)} />}
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <>
          <p className="mt-3 text-sm italic print:hidden">Nothing here yet.</p>
          {/* On paper an empty step gets lines to fill in by hand. */}
          <div aria-hidden="true" className="hidden print:block">
            <div className="h-8 border-b" /><div className="h-8 border-b" /><div className="h-8 border-b" />
          </div>
        </>
      )}
      {!locked && <div className="mt-3">
        <ItemForm label={`Add to ${title}`} submitLabel="Add" clearOnSave onSubmit={async (text) => {
          await addItem(db, section, text);
        }} />
      </div>}
    </section>
  );
}
