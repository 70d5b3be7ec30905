/** Shown beside an answer to a message that showed risk of self-harm; the resources are in the answer itself. */
import { useId } from 'react';
import { IconLifebuoy } from './icons';

export function CrisisCard() {
  const heading = useId();
  return (
    <section aria-labelledby={heading} data-testid="crisis-card"
      // Placed in the bubble column of the chat-start grid it sits in.
      className="alert alert-error alert-vertical col-start-2 mt-2 max-w-prose items-start text-left sm:alert-horizontal">
      <IconLifebuoy className="size-7 shrink-0" />
      <div className="space-y-1">
        <h3 id={heading} className="text-lg font-bold">Get help now</h3>
        <p>
          If you are in danger or thinking about ending your life, please contact your local emergency
          services or a crisis line now. The numbers in Aura&apos;s reply can help you reach someone.
        </p>
        <p className="font-semibold">Aura is an AI companion, not a crisis service, and cannot send help.</p>
      </div>
    </section>
  );
}
