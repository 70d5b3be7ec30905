import { useEffect } from 'react';
import { Toaster, toast, useToasterStore } from 'react-hot-toast';

/** The spec's toast defaults (section 9): at most 20 at once. */
export const TOAST_LIMIT = 20;

/** Which toasts to dismiss so that at most `limit` visible ones remain (oldest go first). */
export function toastsOverLimit(toasts: readonly { id: string; visible: boolean }[], limit = TOAST_LIMIT): string[] {
  // react-hot-toast keeps the newest first.
  return toasts.filter((t) => t.visible).slice(limit).map((t) => t.id);
}

export function AppToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    for (const id of toastsOverLimit(toasts)) toast.dismiss(id);
  }, [toasts]);
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: 4000,
        success: { duration: 2000 },
        error: { duration: 4000 },
        loading: { duration: Infinity },
        custom: { duration: 4000 },
        blank: { duration: 4000 },
      }}
    />
  );
}
