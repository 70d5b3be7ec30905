import { useNavigate } from '@tanstack/react-router';
import { toast } from 'react-hot-toast';
import { serverMessage } from '../../net/api';
import { logout } from './session';

/** The Logout action of every screen that offers one, with the spec's toasts. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    try {
      await logout();
      toast.success('Logged out successfully');
      await navigate({ to: '/login' });
    } catch (error) {
      toast.error(await serverMessage(error, 'Failed to log out'));
    }
  };
}
