/**
 * The help card shown inline where someone wrote something that shows crisis risk: in Aura, under
 * the author's own message, or in the diary. Same lines and links as "Get help now".
 */
import { useId } from 'react';
import { emergencyLine, telHref } from '../../../shared/crisis-resources';
import type { HelpSubject } from '../../../shared/safety/help';
import { IconLifebuoy } from './icons';
import { HelpLinks } from './HelpLinks';
import { ResourceList } from './ResourceList';
import { useCrisisResources } from './resources';

export type HelpContext = 'aura' | 'message' | 'diary' | 'check-in' | 'questionnaire';

interface Props {
  /** 'other': the writer is worried about someone else, so the words are for a helper. */
  subject: HelpSubject;
  context: HelpContext;
  /** An attempt under way or means and a time that is now: the emergency call comes first. */
  imminent?: boolean;
  onDismiss?: () => void;
}

const HEADING: Record<HelpSubject, string> = {
  self: 'Get help now',
  other: "Help for someone you're worried about",
};

const LEAD: Record<HelpSubject, string> = {
  self: 'If you are in danger or thinking about ending your life, please contact your local emergency services or a crisis line now. You deserve support from a person.',
  other: 'It sounds like someone you care about may be in danger. These lines can help you help them. If their life is at risk right now, call your local emergency number, and stay with them if you can.',
};

// Where the card sits changes what the writer needs to be sure of.
const PRIVACY: Record<HelpContext, string | null> = {
  aura: null,
  message: 'Only you can see this card. Nobody else is told.',
  diary: 'Nothing has left this device: your diary stays private.',
  'check-in': 'Nothing has left this device: your check-in stays private.',
  questionnaire: 'Nothing has left this device: your answers stay private.',
};

/** The first thing on an imminent card: one large button that dials the emergency number. */
function EmergencyCall({ subject }: { subject: HelpSubject }) {
  const line = emergencyLine(useCrisisResources());
  return (
    <a href={telHref(line.phone)} data-testid="emergency-call" className="btn btn-error btn-lg h-auto min-h-14 w-full py-2 text-lg"
      aria-label={`Call ${line.phone}, ${line.name}, now`}>
      Call {line.phone} now
      <span className="block w-full text-sm font-normal">{subject === 'other' ? 'Emergency services can reach them fastest' : 'Emergency services, if you are in danger'}</span>
    </a>
  );
}

export function HelpCard({ subject, context, imminent = false, onDismiss }: Props) {
  const heading = useId();
  const resources = useCrisisResources();
  const privacy = PRIVACY[context];
  return (
    <section aria-labelledby={heading} data-testid="help-card" data-subject={subject} data-imminent={imminent || undefined}
      className="card card-border border-error bg-base-100 text-left text-base-content">
      <div className="card-body gap-3 p-4">
        {imminent && <EmergencyCall subject={subject} />}
        <div className="flex items-center gap-2">
          <IconLifebuoy className="size-6 shrink-0 text-error" />
          <h3 id={heading} className="text-lg font-bold">{HEADING[subject]}</h3>
        </div>
        <p>{LEAD[subject]}</p>
        {context === 'aura' && (
          <p className="font-semibold">Aura is an AI companion, not a crisis service, and cannot send help.</p>
        )}
        {privacy && <p className="text-sm">{privacy}</p>}
        <ResourceList resources={resources} compact />
        <HelpLinks showSafetyPlan>
          {onDismiss && (
            <button type="button" className="btn btn-ghost min-h-11" onClick={onDismiss}>Dismiss</button>
          )}
        </HelpLinks>
      </div>
    </section>
  );
}
