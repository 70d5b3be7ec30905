/**
 * The verification-needed page moves by itself when the admin decides (docs/decisions/notifications.md):
 * a pending professional has no socket, so it asks gently, every half minute and whenever the
 * page comes back into view or online, and says the decision in words before the access check
 * sends the person on.
 */
import { useEffect } from 'react';
import { toast } from 'react-hot-toast';
import { call } from '../../net/call';
import { setUser } from './session';

const EVERY_MS = 30_000;

export const DECISION_TEXT = {
  verified: 'Your account has been verified. Welcome to Haven.',
  rejected: 'An administrator has declined your verification.',
} as const;

export function useDecisionWatch(): void {
  useEffect(() => {
    let asking = false;
    const ask = async () => {
      if (asking || !navigator.onLine) return;
      asking = true;
      try {
        const user = await call('check');
        if (user.status === 'pending') return;
        toast(DECISION_TEXT[user.status === 'verified' ? 'verified' : 'rejected'], { id: 'verification-decided' });
        await setUser(user);
      } catch (error) {
        // Asked again at the next turn; a session that ended is handled by the session itself.
        console.error('Haven: the verification decision could not be asked for', error);
      } finally {
        asking = false;
      }
    };
    const timer = setInterval(() => void ask(), EVERY_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void ask();
    };
    const onOnline = () => void ask();
    document.addEventListener('visibilitychange', onVisible);
    globalThis.addEventListener('online', onOnline);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      globalThis.removeEventListener('online', onOnline);
    };
  }, []);
}
