/** Settings' "Blocked people" (docs/decisions/blocks.md): everyone this person blocks, each with Unblock; it holds offline too. */
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { InlineSpinner } from '../../ui/Spinner';
import { Avatar } from '../chat/Avatar';
import { unblockPerson } from '../safety/actions';
import { useBlocked } from '../safety/hooks';

export function BlockedPeople() {
  const blocked = useBlocked();
  const [busy, setBusy] = useState<string | null>(null);

  async function unblock(id: string, name: string) {
    setBusy(id);
    try {
      await unblockPerson(id);
      toast.success(`You unblocked ${name}.`);
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(null);
    }
  }

  let body;
  if (blocked === undefined) body = <InlineSpinner label="Loading blocked people" />;
  else if (blocked.length === 0) body = <p className="mt-3">You haven&apos;t blocked anyone.</p>;
  else {
    body = (
      <ul className="mt-3 flex flex-col gap-2" aria-label="Blocked people">
        {blocked.map((b) => (
          <li key={b._id} className="flex items-center gap-3" data-testid="blocked-person">
            <Avatar name={b.fullName} src={b.profilePic} />
            <span className="min-w-0 flex-1 truncate">{b.fullName}</span>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => void unblock(b._id, b.fullName)}
              disabled={busy === b._id} aria-label={`Unblock ${b.fullName}`}>
              {busy === b._id && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              Unblock
            </button>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby="blocked-title" className="mt-8">
      <h2 id="blocked-title" className="text-lg font-semibold">Blocked people</h2>
      <p className="mt-1 text-sm">They are not told. You don&apos;t see their messages, and they don&apos;t see when you are online.</p>
      {body}
    </section>
  );
}
