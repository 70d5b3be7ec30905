import { CrisisAlertsToggle } from '../safety/CrisisAlertsToggle';
import { Link } from '@tanstack/react-router';
import { SAFETY_PLAN_SECTIONS } from '../../db/database';
import { IconArrowLeft } from '../../ui/icons';
import { MAIN_ID } from '../../ui/SkipLink';
import { StorageErrorBoundary } from '../../ui/StorageErrorBoundary';
import { useDb } from '../../sync/current';
import { UnlockForm } from '../lock/UnlockForm';
import { useLockState } from '../lock/useLock';
import { SectionEditor } from './SectionEditor';
import { usePlanView, usePrefill } from './usePlan';
// oxlint-disable-next-line import/no-unassigned-import -- print rules for this page only (scoped inside)
import './print.css';

/**
 * /safety-plan: the Stanley–Brown safety plan, kept only in this person's local database (never
 * sent anywhere), so it opens offline and in a hard moment without waiting for a network.
 */
export function SafetyPlanPage() {
  return (
    <main id={MAIN_ID} tabIndex={-1} data-safety-plan className="mx-auto max-w-3xl px-3 py-6 sm:px-6 print:max-w-none print:p-0">
      <Link to="/dashboard" className="btn btn-ghost min-h-11 print:hidden">
        <IconArrowLeft /> Back to Dashboard
      </Link>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold sm:text-3xl">My safety plan</h1>
        <button type="button" className="btn btn-outline min-h-11 print:hidden" onClick={() => window.print()}>Print</button>
      </div>
      <p className="mt-1 text-sm">Kept only on this device, never sent to the server, and it works offline.</p>
      <p className="mt-1 text-sm print:hidden">Start at step 1 and keep going until you feel safer. Short lines are fine.</p>
      <StorageErrorBoundary what="your safety plan">
        <Plan />
      </StorageErrorBoundary>
    </main>
  );
}

function Plan() {
  const db = useDb();
  const view = usePlanView();
  const lock = useLockState(db);
  usePrefill();
  if (!view) return <span className="loading loading-spinner mt-6" aria-label="Loading your safety plan" />;
  const { plan, locked } = view;
  return (
    <div className="mt-4 flex flex-col gap-4">
      {/* The private steps wait for the passcode; who to call never does (docs/decisions/diary-lock.md). */}
      {locked.length > 0 && lock.record && (
        <section aria-labelledby="plan-locked-title" className="flex max-w-xl flex-col gap-3 rounded-box border border-base-300 p-4 print:hidden">
          <h2 id="plan-locked-title" className="text-lg font-bold">Some steps are locked</h2>
          <p>The private steps of your plan are locked with your diary. The people and services to reach are below, ready to use.</p>
          <UnlockForm db={db} record={lock.record} name="Unlock your safety plan" autoFocus={false} />
        </section>
      )}
      {SAFETY_PLAN_SECTIONS.map((key, i) => <SectionEditor key={key} section={key} step={i + 1} items={plan[key]} locked={locked.includes(key)} />)}
      <CrisisAlertsToggle />
    </div>
  );
}
