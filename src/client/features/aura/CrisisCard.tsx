/** Shown beside a turn that showed crisis risk: the same help card as everywhere else. */
import type { HelpSubject } from '../../../shared/safety/help';
import { HelpCard } from '../help/HelpCard';

interface Props {
  subject?: HelpSubject;
  /** Under the person's own (not yet answered) question rather than Aura's answer. */
  mine?: boolean;
  /** The emergency number first. */
  imminent?: boolean;
}

export function CrisisCard({ subject = 'self', mine = false, imminent = false }: Props) {
  return (
    // Placed in the bubble column of the chat-start or chat-end grid it sits in.
    <div data-testid="crisis-card" className={`${mine ? 'mt-2 col-start-1 justify-self-end' : 'mb-2 col-start-2 row-start-2'} w-full max-w-prose`}>
      <HelpCard subject={subject} context="aura" imminent={imminent} />
    </div>
  );
}
