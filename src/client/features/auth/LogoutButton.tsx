import { lazy, Suspense, useState, type ReactNode } from 'react';

/**
 * The dialog counts the outbox through Dexie: it loads when first opened (the service worker has
 * it offline), so the screens around the button do not carry the database library.
 */
const LogoutDialog = lazy(() => import('./LogoutDialog').then((m) => ({ default: m.LogoutDialog })));

/** The Logout button of the header and /verification-needed, with its confirmation. */
export function LogoutButton({ className, children }: { className: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>{children}</button>
      {open && (
        <Suspense fallback={null}>
          <LogoutDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
