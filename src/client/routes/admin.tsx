import { useEffect } from 'react';
import { createFileRoute, redirect, useLocation, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { toast } from 'react-hot-toast';
import { ROLE_FILTERS, type RoleFilter } from '../../shared/limits';
import { AdminFrame, AdminPage } from '../features/admin/AdminPage';
import { AdminDeniedError, AdminLoadError, loadAdmin } from '../features/admin/loadAdmin';
import { requireAccess } from '../features/auth/access';
import { titled } from '../ui/screen';
import { InlineSpinner } from '../ui/Spinner';

type RoleSearch = { role?: Exclude<RoleFilter, 'all'> };

/** The role filter lives in the URL (?role=volunteer), so the loader can depend on it; "all" is the bare /admin. */
function roleSearch(search: Record<string, unknown>): RoleSearch {
  const role = ROLE_FILTERS.find((r) => r === search.role);
  return role && role !== 'all' ? { role } : {};
}

export const Route = createFileRoute('/admin')({
  beforeLoad: requireAccess('admin'),
  head: titled('Admin'),
  validateSearch: roleSearch,
  loaderDeps: ({ search }): { role: RoleFilter } => ({ role: search.role ?? 'all' }),
  // Only an admin gets here: the access check redirects anyone else before any loader runs. Should
  // the server still refuse (the device's remembered person was an admin), the person is sent on
  // without a toast: there is nothing here for them to retry.
  loader: ({ deps }) => loadAdmin(deps.role).catch((error: unknown) => {
    if (error instanceof AdminDeniedError) throw redirect({ to: '/', replace: true });
    throw error;
  }),
  // The loader travels with the page in its lazy chunk: the admin code it needs (GroupsAdmin
  // included) then stays out of the bundle every person downloads at start-up.
  codeSplitGroupings: [['loader', 'component'], ['pendingComponent', 'errorComponent']],
  pendingComponent: AdminPending,
  errorComponent: AdminError,
  component: AdminRoute,
});

function AdminRoute() {
  const data = Route.useLoaderData();
  const navigate = Route.useNavigate();
  const router = useRouter();
  // Read from the location, which changes at once, not from the match, which changes only when the
  // new list is in: the select would otherwise jump back to the old choice meanwhile.
  const filter: RoleFilter = useLocation({ select: (l) => roleSearch(l.search).role ?? 'all' });
  const onFilter = (f: RoleFilter) => void navigate({ search: f === 'all' ? {} : { role: f }, replace: true });
  // `sync` waits for the new lists, so the buttons stay busy until the page shows the change.
  const onChanged = () => router.invalidate({ filter: (m) => m.routeId === Route.id, sync: true });
  return <AdminPage data={data} filter={filter} onFilter={onFilter} onChanged={onChanged} />;
}

function AdminPending() {
  return (
    <AdminFrame>
      <InlineSpinner label="Loading the admin dashboard" />
    </AdminFrame>
  );
}

/** Nothing could be loaded (or the page failed to draw): a calm explanation and a way to try again. */
function AdminError({ error }: ErrorComponentProps) {
  const router = useRouter();
  useEffect(() => {
    // The spec's toasts for each part, as when only some of them fail.
    if (error instanceof AdminLoadError) for (const message of error.failures) toast.error(message, { id: message });
  }, [error]);
  const reason = error instanceof AdminLoadError ? error.calm : 'Something went wrong while showing this page.';
  return (
    <AdminFrame>
      <div role="alert" className="mt-6 rounded-box border border-base-300 bg-base-200 p-4">
        <p>The dashboard could not be loaded. {reason}</p>
        <button type="button" className="btn mt-3 min-h-11" onClick={() => void router.invalidate()}>Try again</button>
      </div>
    </AdminFrame>
  );
}
