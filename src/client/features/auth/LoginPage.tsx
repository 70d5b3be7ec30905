import { useLayoutEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { toast } from 'react-hot-toast';
import { isPendingProfessional } from '../../../shared/limits';
import { serverMessage } from '../../net/api';
import { call } from '../../net/call';
import { gotNoAnswer } from '../../net/errors';
import { WithGetHelp } from '../help/GetHelpButton';
import { AuthCard } from '../../ui/AuthCard';
import { adoptSignInShell } from '../../shell/adopt-shell';
import { PasswordInput } from '../../ui/PasswordInput';
import { safeRedirect } from './access';
import { setUser } from './session';

export const OFFLINE_SIGN_IN = "You're offline. Signing in needs a connection.";
/** Online by the browser's account, yet no answer (server down, a dead Wi-Fi): the same calm words. */
export const NO_ANSWER_SIGN_IN = "Haven's server could not be reached. Signing in needs a connection: please try again.";

/** Signing up from here keeps where the person was going (the /signup route's access check sends them on). */
const signupSearch = (redirect: string | undefined) => (redirect ? { redirect } : {});

/** /login: no client-side rules (spec section 5); the server decides. */
export function LoginPage() {
  const navigate = useNavigate();
  // Where the person was going when sent here (validated by the route: a path of this app only).
  const redirect = safeRedirect(useSearch({ from: '/login' }).redirect) ?? undefined;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  // The copy of this screen in index.html, drawn before the app ran, hands over what was typed there.
  useLayoutEffect(() => adoptSignInShell(), []);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const user = await call('login', { body: { email, password } });
      const pending = isPendingProfessional(user);
      toast.success('Logged in successfully');
      if (pending) toast('Your account is pending verification');
      // Shown once their engine runs: navigating before that would be decided with nobody signed in.
      await setUser(user);
      if (pending) await navigate({ to: '/verification-needed', replace: true });
      else if (redirect) await navigate({ href: redirect, replace: true });
      else await navigate({ to: '/dashboard', replace: true });
    } catch (error) {
      // No answer is not a failed login: the password may well be right. The spec's words stay for real refusals.
      if (gotNoAnswer(error)) toast(navigator.onLine ? NO_ANSWER_SIGN_IN : OFFLINE_SIGN_IN, { id: 'login-no-answer' });
      else toast.error(await serverMessage(error, 'Failed to login'));
      setBusy(false);
    }
  }

  return (
    // No safety plan here: it belongs to one person, and a shared device must not show it signed out.
    <WithGetHelp showSafetyPlan={false}>
      <AuthCard title="Welcome back" subtitle="Log in to continue to your safe space.">
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor="login-email" className="font-medium">Email</label>
            <input id="login-email" name="email" type="email" autoComplete="email" inputMode="email"
              className="input w-full" value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="login-password" className="font-medium">Password</label>
            <PasswordInput id="login-password" value={password} onChange={setPassword} autoComplete="current-password" />
          </div>
          <button type="submit" className="btn btn-primary mt-2 w-full" disabled={busy} aria-busy={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Log in
          </button>
        </form>
        <p className="text-center">
          Don&apos;t have an account?{' '}
          <Link to="/signup" search={signupSearch(redirect)} className="link font-semibold">Create account</Link>
        </p>
        {/* After "Create account", which the spec names: a reset code is Haven's own addition. */}
        <p className="text-center">
          <Link to="/reset-password" className="link">Have a reset code?</Link>
        </p>
      </AuthCard>
    </WithGetHelp>
  );
}
