import { useState } from 'react';
import { toast } from 'react-hot-toast';
import type { AdminUser } from '../../../shared/api';
import { ROLE_FILTERS, type RoleFilter } from '../../../shared/limits';
import { ROLE_LABEL, ROLE_PLURAL_LABEL } from '../../ui/labels';
import { adminApi } from './adminApi';
import { ConfirmDialog } from './ConfirmDialog';
import { LiftSuspensionButton } from './LiftSuspension';
import { ResetCodeButton } from './ResetCode';

const filterLabel = (f: RoleFilter) => (f === 'all' ? 'All' : ROLE_PLURAL_LABEL[f]);

interface Props {
  users: AdminUser[];
  filter: RoleFilter;
  onFilter: (f: RoleFilter) => void;
  onChanged: () => Promise<unknown>;
}

export function AllUsers({ users, filter, onFilter, onChanged }: Props) {
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove(u: AdminUser) {
    setBusy(true);
    try {
      await adminApi.remove(u._id);
      toast.success('User deleted successfully');
      setDeleting(null);
      await onChanged();
    } catch (error) {
      // The spec's words, whatever the cause; the detail goes to the console.
      console.error('Haven: could not delete user', error);
      toast.error('Failed to delete user');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="all-users-title" className="mt-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="all-users-title" className="text-xl font-semibold">All Users</h2>
        <div className="flex flex-col gap-1">
          <label htmlFor="role-filter" className="text-sm font-medium">Filter by role</label>
          <select id="role-filter" className="select select-sm w-44 max-w-full" value={filter} onChange={(e) => onFilter(e.target.value as RoleFilter)}>
            {ROLE_FILTERS.map((f) => <option key={f} value={f}>{filterLabel(f)}</option>)}
          </select>
        </div>
      </div>
      {users.length === 0 && <p className="mt-2">No users to show.</p>}
      {users.length > 0 && (
        // A table from the sm breakpoint up; on a phone each row is a card (name and email on
        // their own full-width lines, then the badges, then the actions), so nothing is squeezed
        // into a narrow column and the page never scrolls sideways, at 200 % text too.
        <table className="table mt-3 rounded-box border border-base-300 max-sm:block max-sm:border-0" aria-label="Users">
          {/* daisyUI greys table headings to 60 %, below 4.5:1 on the dark themes: full colour. */}
          <thead className="text-base-content max-sm:sr-only">
            <tr><th scope="col">Name</th><th scope="col">Role</th><th scope="col">Status</th><th scope="col"><span className="sr-only">Actions</span></th></tr>
          </thead>
          <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-3">
            {users.map((u) => (
              <tr key={u._id} data-testid="user-row"
                className="max-sm:flex max-sm:flex-col max-sm:gap-2 max-sm:rounded-box max-sm:border max-sm:border-base-300 max-sm:p-3 max-sm:*:p-0">
                <td className="min-w-0">
                  <p className="font-medium wrap-anywhere">{u.fullName}</p>
                  <p className="text-sm wrap-anywhere">{u.email}</p>
                </td>
                <td><span className="badge badge-outline">{ROLE_LABEL[u.role]}</span></td>
                <td>
                  <div className="flex flex-wrap gap-1">
                    <span className="badge badge-ghost">{u.status}</span>
                    {u.suspended && <span className="badge badge-error badge-outline">Suspended</span>}
                  </div>
                </td>
                <td>
                  <div className="flex flex-wrap justify-end gap-2 max-sm:justify-start">
                    {u.suspended && <LiftSuspensionButton userId={u._id} name={u.fullName} onChanged={onChanged} />}
                    {u.role !== 'admin' && <ResetCodeButton user={u} />}
                    {u.role !== 'admin' && (
                      <button type="button" className="btn btn-error btn-sm" onClick={() => setDeleting(u)} aria-label={`Delete ${u.fullName}`}>
                        Delete
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {deleting && (
        <ConfirmDialog title="Delete this user?" confirmLabel="Delete" danger busy={busy}
          onConfirm={() => void remove(deleting)} onCancel={() => setDeleting(null)}>
          <p>
            This permanently deletes <strong>{deleting.fullName}</strong> ({deleting.email}) and ends all of their sessions.
            This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
