/** The few icons of the safety screens (the app's own set is in ui/icons.tsx). */
import { Svg, type P } from '../../ui/icons';

/** A bell struck through: the conversation is muted. */
export const IconBellOff = (p: P) => (
  <Svg {...p}>
    <path d="M13.7 21a2 2 0 0 1-3.4 0" />
    <path d="M18.6 13A17.9 17.9 0 0 1 18 8" />
    <path d="M6.3 6.3A5.9 5.9 0 0 0 6 8c0 7-3 9-3 9h14" />
    <path d="M18 8a6 6 0 0 0-9.3-5" />
    <path d="M1 1l22 22" />
  </Svg>
);

/** Three dots in a row: more actions. */
export const IconDots = (p: P) => (
  <Svg {...p}>
    <circle cx="5" cy="12" r="1.5" />
    <circle cx="12" cy="12" r="1.5" />
    <circle cx="19" cy="12" r="1.5" />
  </Svg>
);

/** The muted mark beside a conversation's name: a picture with its words for screen readers. */
export function MutedMark({ className = 'size-4' }: { className?: string }) {
  return (
    <span role="img" aria-label="Muted" title="Muted" className="inline-flex shrink-0" data-testid="muted">
      <IconBellOff className={className} />
    </span>
  );
}
