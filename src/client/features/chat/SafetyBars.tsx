/** What stands above (or instead of) a direct chat's composer when the person is blocked, or is asking to message. */
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import type { PublicUser } from '../../../shared/api';
import { acceptRequest, unblockPerson } from '../safety/actions';
import { canBlock, useSafetyActions } from '../safety/ConversationSafety';

const said = (error: unknown) => toast.error(error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');

/** In place of the composer: nothing can be written to someone blocked until they are unblocked. */
export function BlockedNotice({ person }: { person: PublicUser }) {
  const [busy, setBusy] = useState(false);
  async function unblock() {
    setBusy(true);
    try {
      await unblockPerson(person._id);
      toast.success(`You unblocked ${person.fullName}.`);
    } catch (error) {
      said(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-base-300 bg-base-100 p-3" data-testid="blocked-notice">
      <p>You blocked {person.fullName}.</p>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => void unblock()} disabled={busy}>
        {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Unblock
      </button>
    </div>
  );
}

/** Above the composer while a stranger's messages wait as a request (docs/decisions/message-requests.md). Replying accepts too. */
export function RequestBanner({ person }: { person: PublicUser }) {
  const safety = useSafetyActions();
  const [busy, setBusy] = useState(false);
  const who = { _id: person._id, fullName: person.fullName, profilePic: person.profilePic };
  const blockable = safety !== null && person.role !== 'admin' && canBlock(safety, person._id);
  async function accept() {
    setBusy(true);
    try {
      await acceptRequest(person._id);
    } catch (error) {
      said(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-label="Message request" className="border-t border-base-300 bg-base-100 p-3" data-testid="request-banner">
      <p>{person.fullName} wants to message you. Accept to reply, or block or report them.</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary btn-sm" onClick={() => void accept()} disabled={busy}>
          {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Accept
        </button>
        {blockable && <button type="button" className="btn btn-outline btn-sm" onClick={() => safety.askBlock(who)}>Block</button>}
        {safety && (
          <button type="button" className="btn btn-outline btn-sm"
            onClick={() => safety.askReport({ kind: 'user', userId: person._id, name: person.fullName, person: blockable ? who : null })}>
            Report
          </button>
        )}
      </div>
    </section>
  );
}
