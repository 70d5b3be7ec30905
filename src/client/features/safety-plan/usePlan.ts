/** The safety plan as screens see it: live from Dexie, so every edit shows at once, offline too. */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { isProfessional } from '../../../shared/limits';
import { useDb } from '../../sync/current';
import { useUser } from '../auth/session';
import { crisisResources, refreshCrisisResources } from '../help/resources';
import { useHeld } from '../lock/keyring';
import { prefill, readPlanView, type PlanView, type Referrer, type SafetyPlan } from './plan';

/** The plan, with the sections the diary lock keeps closed right now (re-read on lock and unlock). */
export function usePlanView(): PlanView | undefined {
  const db = useDb();
  const held = useHeld();
  return useLiveQuery(() => readPlanView(db), [db, held]);
}

export function usePlan(): SafetyPlan | undefined {
  return usePlanView()?.plan;
}

/**
 * The professional who referred this person, from the people list kept on the device; null when
 * there is none or it is not known here yet, undefined while it is being read.
 */
export function useReferrer(): Referrer | null | undefined {
  const db = useDb();
  const referredBy = useUser().referredBy;
  return useLiveQuery(async () => {
    if (!referredBy) return null;
    const person = await db.users.get(referredBy);
    return person && isProfessional(person.role) ? { id: person._id, name: person.fullName, role: person.role } : null;
  }, [db, referredBy]);
}

/** Prefills "Professionals and crisis lines" (see prefill for the once-only rules). */
export function usePrefill(): void {
  const db = useDb();
  const referrer = useReferrer();
  const ready = referrer !== undefined;
  const { id, name, role } = referrer ?? {};
  useEffect(() => {
    if (!ready) return;
    let live = true;
    const who: Referrer | null = id && name && role ? { id, name, role } : null;
    // The server's list if it answers (it may differ from the bundled one); offline this fails at once.
    void refreshCrisisResources()
      .then(() => (live ? prefill(db, crisisResources(), who) : 0))
      .catch(() => {
        // A failed prefill only means the crisis lines are not copied in; "Get help now" still has them.
      });
    return () => {
      live = false;
    };
  }, [db, ready, id, name, role]);
}
