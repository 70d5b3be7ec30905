import { useNavigate } from '@tanstack/react-router';
import { toast } from 'react-hot-toast';
import { serverMessage } from '../../net/api';
import { logout, type LogoutOptions } from './session';

/** Said after a sign-out the server could not hear yet (pendingSignOut.ts). */
export const OFFLINE_SIGN_OUT_NOTE = "You're offline: this device is signed out now, and the server will be told when you're back online.";
/** Said when the person's database could not be deleted yet (another tab holding it, a browser failure). */
export const REMOVAL_LATER_NOTE = 'Haven could not finish removing your data from this device yet. It will try again the next time Haven opens.';

/**
 * The Logout action (confirmed in LogoutDialog), with the spec's toasts: 'Logged out successfully',
 * or the server's message / 'Failed to log out' (the person stays signed in). Resolves true when
 * signed out.
 */
export function useLogout(): (options?: LogoutOptions) => Promise<boolean> {
  const navigate = useNavigate();
  return async (options) => {
    try {
      const { offline, removed } = await logout(options);
      toast.success('Logged out successfully');
      // Longer than a blank toast's 4 s: a sentence to read, not a word to glance at.
      if (offline) toast(OFFLINE_SIGN_OUT_NOTE, { duration: 6000 });
      if (!removed) toast.error(REMOVAL_LATER_NOTE, { duration: 6000 });
      await navigate({ to: '/login' });
      return true;
    } catch (error) {
      toast.error(await serverMessage(error, 'Failed to log out'));
      return false;
    }
  };
}
