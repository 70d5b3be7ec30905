import { Link } from '@tanstack/react-router';
import { SAFETY_PLAN_SECTIONS } from '../../db/database';
import { Component, type ReactNode } from 'react';
import { IconArrowLeft } from '../../ui/icons';
import { SectionEditor } from './SectionEditor';
import { usePlan, usePrefill } from './usePlan';
// oxlint-disable-next-line import/no-unassigned-import -- print rules for this page only (scoped inside)
import './print.css';

export const PLAN_STORAGE_ERROR = 'Haven could not open the storage on this device, so your safety plan cannot be shown right now. '
  + 'Nothing has been deleted: reload to try again. If you need help now, use "Get help now" or call your local emergency number.';

/**
 * /safety-plan: the Stanley–Brown safety plan, kept only in this person's local database (never
 * sent anywhere), so it opens offline and in a hard moment without waiting for a network.
 */
export function SafetyPlanPage() {
  return (
    <main data-safety-plan className="mx-auto max-w-3xl px-3 py-6 sm:px-6 print:max-w-none print:p-0">
      <Link to="/dashboard" className="btn btn-ghost min-h-11 print:hidden">
        <IconArrowLeft /> Back to Dashboard
      </Link>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold sm:text-3xl">My safety plan</h1>
        <button type="button" className="btn btn-outline min-h-11 print:hidden" onClick={() => window.print()}>Print</button>
      </div>
      <p className="mt-1 text-sm">Kept only on this device, never sent to the server, and it works offline.</p>
      <p className="mt-1 text-sm print:hidden">Start at step 1 and keep going until you feel safer. Short lines are fine.</p>
      <PlanErrorBoundary>
        <Plan />
      </PlanErrorBoundary>
    </main>
  );
}

function Plan() {
  const plan = usePlan();
  usePrefill();
  if (!plan) return <span className="loading loading-spinner mt-6" aria-label="Loading your safety plan" />;
  return (
    <div className="mt-4 flex flex-col gap-4">
      {SAFETY_PLAN_SECTIONS.map((key, i) => <SectionEditor key={key} section={key} step={i + 1} items={plan[key]} />)}
    </div>
  );
}

/** The local database failed to open or read: a clear message and a way to retry, not a blank page. */
class PlanErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="mt-4 rounded-box border border-base-300 bg-base-200 p-4">
        <p>{PLAN_STORAGE_ERROR}</p>
        <button type="button" className="btn mt-3 min-h-11" onClick={() => globalThis.location.reload()}>Reload</button>
      </div>
    );
  }
}
