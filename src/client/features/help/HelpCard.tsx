/**
 * The help card shown inline where someone wrote something that shows crisis risk: in Aura, under
 * the author's own message, or in the diary. Same lines and links as "Get help now".
 */
import { useId } from 'react';
import type { HelpSubject } from '../../../shared/safety/help';
import { IconLifebuoy } from './icons';
import { HelpLinks } from './HelpLinks';
import { ResourceList } from './ResourceList';
import { useCrisisResources } from './resources';

export type HelpContext = 'aura' | 'message' | 'diary';

interface Props {
  /** 'other': the writer is worried about someone else, so the words are for a helper. */
  subject: HelpSubject;
  context: HelpContext;
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
};

export function HelpCard({ subject, context, onDismiss }: Props) {
  const heading = useId();
  const resources = useCrisisResources();
  const privacy = PRIVACY[context];
  return (
    <section aria-labelledby={heading} data-testid="help-card" data-subject={subject}
      className="card card-border border-error bg-base-100 text-left text-base-content">
      <div className="card-body gap-3 p-4">
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
