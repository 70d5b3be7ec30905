/** The links under every list of crisis lines: a helpline finder, the safety plan, and whatever the place adds. */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FIND_A_HELPLINE_URL } from '../../../shared/crisis-resources';

interface Props {
  /** False where nobody is signed in: the plan lives in a signed-in person's own database. */
  showSafetyPlan: boolean;
  onNavigate?: () => void;
  children?: ReactNode;
}

export function HelpLinks({ showSafetyPlan, onNavigate, children }: Props) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      <a href={FIND_A_HELPLINE_URL} target="_blank" rel="noopener noreferrer" className="btn btn-outline min-h-11 h-auto">
        Find a helpline near you
      </a>
      {showSafetyPlan && (
        <Link to="/safety-plan" className="btn btn-outline min-h-11 h-auto" onClick={onNavigate}>My safety plan</Link>
      )}
      {children}
    </div>
  );
}
