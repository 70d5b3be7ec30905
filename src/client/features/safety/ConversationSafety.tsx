/**
 * What an open conversation offers to keep someone safe, shared by its header and every message
 * row (through context, so the memoised rows need no new props): delete one's own message for
 * everyone, report, block. Each asks first in a dialog drawn once per conversation.
 */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { toast } from 'react-hot-toast';
import type { LocalMessage } from '../../db/database';
import { blockPerson, deleteForEveryone } from './actions';
import { ConfirmAction } from './ConfirmAction';
import { useBlockedIds } from './hooks';
import { BLOCK_EXPLAINED, useStaffIds, type BlockablePerson } from './people';
import { ReportDialog, type ReportTarget } from './ReportDialog';

export interface SafetyActions {
  /** The other person of a direct chat; null in a group, where each message names its sender. */
  person: BlockablePerson | null;
  /** Haven's team: never offered for blocking. */
  staff: ReadonlySet<string>;
  blocked: ReadonlySet<string>;
  askDelete: (message: LocalMessage) => void;
  askReport: (target: ReportTarget) => void;
  askBlock: (person: BlockablePerson) => void;
}

type Dialog =
  | { kind: 'delete'; message: LocalMessage }
  | { kind: 'report'; target: ReportTarget }
  | { kind: 'block'; person: BlockablePerson };

const SafetyContext = createContext<SafetyActions | null>(null);

/** The conversation's safety actions; null outside a conversation (a list drawn on its own). */
export const useSafetyActions = () => useContext(SafetyContext);

/** Whether `person` may be blocked from here: not Haven's team, not already blocked. */
export const canBlock = (actions: SafetyActions, personId: string) => !actions.staff.has(personId) && !actions.blocked.has(personId);

export function ConversationSafety({ person, children }: { person: BlockablePerson | null; children: ReactNode }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const staff = useStaffIds();
  const blocked = useBlockedIds();
  const personId = person?._id;
  const personName = person?.fullName;
  const personPic = person?.profilePic;
  const actions = useMemo<SafetyActions>(() => ({
    person: personId ? { _id: personId, fullName: personName ?? '', profilePic: personPic ?? '' } : null,
    staff,
    blocked,
    askDelete: (message) => setDialog({ kind: 'delete', message }),
    askReport: (target) => setDialog({ kind: 'report', target }),
    askBlock: (who) => setDialog({ kind: 'block', person: who }),
  }), [personId, personName, personPic, staff, blocked]);
  const close = () => setDialog(null);

  return (
    <SafetyContext.Provider value={actions}>
      {children}
      {dialog?.kind === 'report' && <ReportDialog target={dialog.target} onClose={close} />}
      {dialog?.kind === 'block' && (
        <ConfirmAction title={`Block ${dialog.person.fullName}?`} confirmLabel="Block" onClose={close}
          onConfirm={async () => {
            await blockPerson(dialog.person);
            toast.success(`You blocked ${dialog.person.fullName}.`);
          }}>
          <p>{BLOCK_EXPLAINED}</p>
        </ConfirmAction>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmAction title="Delete for everyone?" confirmLabel="Delete for everyone" onClose={close}
          onConfirm={() => deleteForEveryone(dialog.message)}>
          <p>Everyone in this conversation will see &ldquo;This message was deleted&rdquo; in its place.</p>
        </ConfirmAction>
      )}
    </SafetyContext.Provider>
  );
}
