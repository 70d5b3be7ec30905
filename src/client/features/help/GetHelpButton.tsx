/** "Get help now": the crisis lines one tap away on every screen, from the list kept on this device. */
import { useState, type ReactNode } from 'react';
import type { CrisisResource } from '../../../shared/crisis-resources';
import { Modal } from '../../ui/Modal';
import { IconLifebuoy } from './icons';
import { HelpLinks } from './HelpLinks';
import { ResourceList } from './ResourceList';
import { useCrisisResources } from './resources';

interface DialogProps {
  open: boolean;
  resources: CrisisResource[];
  showSafetyPlan: boolean;
  onClose: () => void;
}

/** Focus goes to the title (the Modal's default), not the first link: an Enter meant for something else must not dial a number. */
function HelpDialog({ open, resources, showSafetyPlan, onClose }: DialogProps) {
  return (
    <Modal open={open} title="Get help now" titleClassName="text-xl" onClose={onClose} dismissOnOutside
      icon={<IconLifebuoy className="size-6 shrink-0 text-error" />}>
      <p className="mt-2 font-medium">If you are in danger right now, call your local emergency number.</p>
      <p className="mt-1 text-sm">You can also call or text one of these lines and talk to someone.</p>
      <div className="mt-3">
        <ResourceList resources={resources} />
      </div>
      <div className="mt-4">
        <HelpLinks showSafetyPlan={showSafetyPlan} onNavigate={onClose} />
      </div>
    </Modal>
  );
}

/**
 * The header button and its dialog. `showSafetyPlan` is false where nobody is signed in: the plan
 * belongs to one person on a device others may share.
 */
export function GetHelpButton({ showSafetyPlan, short = false }: { showSafetyPlan: boolean; short?: boolean }) {
  // Read here, not only in the dialog, so the page load refreshes the kept copy while online.
  const resources = useCrisisResources();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-error btn-sm gap-1 px-2 @max-[22rem]:h-[44px]! @max-[22rem]:min-h-[44px]! @max-[22rem]:px-[8px]" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {/* On a phone the words win over the icon (the header holds 44 px targets); `short`: a header too
            full even for the whole label, or a compact one (ui/Header.tsx), so "now" goes too; screen
            readers keep the words whole. */}
        <IconLifebuoy className="size-4 shrink-0 max-sm:hidden" />
        <span>Get help{' '}<span className={short ? 'max-sm:sr-only' : '@max-[22rem]:sr-only'}>now</span></span>
      </button>
      <HelpDialog open={open} resources={resources} showSafetyPlan={showSafetyPlan} onClose={() => setOpen(false)} />
    </>
  );
}

/** For the screens without the app header (sign-in, sign-up, waiting for verification): the button in the top corner. */
export function WithGetHelp({ showSafetyPlan, children }: { showSafetyPlan: boolean; children: ReactNode }) {
  return (
    // The page's own top padding grows so that a tall card scrolls in below the button, not under it.
    <div className="relative flex grow flex-col [&>main]:pt-14">
      <header className="absolute end-2 top-2 z-10">
        <GetHelpButton showSafetyPlan={showSafetyPlan} />
      </header>
      {children}
    </div>
  );
}
