import type { ReactNode } from 'react';
import { IconArrowLeft } from '../../ui/icons';
import { MutedMark } from '../safety/icons';

interface Props {
  title: string;
  subtitle: string;
  icon: ReactNode;
  onBack: () => void;
  /** The conversation is muted: a small mark beside its name. */
  muted?: boolean;
  /** The "Conversation options" menu. */
  menu?: ReactNode;
}

/** Title bar of an open conversation; on a phone its back button returns to the list. */
export function ChatHeader({ title, subtitle, icon, onBack, muted = false, menu }: Props) {
  return (
    <div className="flex items-center gap-3 border-b border-base-300 bg-base-100 p-2 sm:p-3">
      <button type="button" className="btn btn-ghost btn-sm btn-square md:hidden" onClick={onBack} aria-label="Back to list">
        <IconArrowLeft />
      </button>
      {icon}
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-1.5">
          <h2 className="truncate font-semibold" data-testid="conversation-title">{title}</h2>
          {muted && <MutedMark />}
        </div>
        <p className="truncate text-xs">{subtitle}</p>
      </div>
      {menu}
    </div>
  );
}
