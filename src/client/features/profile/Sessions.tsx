import { useMatch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import type { AccountSession } from '../../../shared/api';
import { call } from '../../net/call';
import { formFailure } from './formFailure';

// 24-hour times, as everywhere else in Haven (spec section 9).
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });

type Loaded = { list: AccountSession[] } | { error: string };
type State = Loaded | null;

/** The list, or what to say instead; never rejects. /profile's loader asks on entry. */
export async function loadSessions(): Promise<Loaded> {
  try {
    return { list: await call('sessions') };
  } catch (error) {
    return { error: (await formFailure(error)).message };
  }
}

/** Loader answers already shown: a list mounted again must not show what an earlier one did. */
const shown = new WeakSet<Promise<Loaded>>();

/** The answer to show on mounting: the route loader's the first time, else a new one. */
function firstAnswer(fromLoader: Promise<Loaded> | undefined): Promise<Loaded> {
  if (!fromLoader || shown.has(fromLoader)) return loadSessions();
  shown.add(fromLoader);
  return fromLoader;
}

/**
 * Where the person is signed in, with "Sign out" for each other device and "Sign out everywhere
 * else". The parent remounts it (a new key) when something else ended sessions (a password change):
 * the list is asked for again then.
 */
export function Sessions() {
  const fromLoader = useMatch({ from: '/profile', shouldThrow: false, select: (m) => m.loaderData?.sessions });
  const [state, setState] = useState<State>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const reload = async () => setState(await loadSessions());

  useEffect(() => {
    let live = true;
    void firstAnswer(fromLoader).then((next) => { if (live) setState(next); });
    return () => { live = false; };
  }, [fromLoader]);

  async function end(which: string | 'others') {
    setBusy(which);
    try {
      const res = which === 'others' ? await call('endOtherSessions') : await call('endSession', { params: { id: which } });
      toast.success(res.message);
    } catch (error) {
      toast.error((await formFailure(error)).message);
    } finally {
      await reload();
      setBusy(null);
    }
  }

  if (state === null) return <p className="flex items-center gap-2"><span className="loading loading-spinner loading-sm" aria-hidden="true" /> Loading your sessions...</p>;
  if ('error' in state) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <p>Your sessions could not be loaded. {state.error}</p>
        <button type="button" className="btn btn-sm" onClick={() => void reload()}>Try again</button>
      </div>
    );
  }
  const others = state.list.filter((s) => !s.current);
  return (
    <div className="flex flex-col gap-3">
      <ul className="divide-y divide-base-300 rounded-box border border-base-300" aria-label="Your sessions">
        {state.list.map((s) => (
          <li key={s._id} className="flex flex-wrap items-center gap-3 p-3" data-testid="session-row">
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {s.browser} {s.current && <span className="badge badge-success badge-sm ml-1">This device</span>}
              </p>
              <p className="text-sm">Signed in on {when(s.createdAt)} · last active {when(s.lastSeenAt)}</p>
            </div>
            {!s.current && (
              <button type="button" className="btn btn-outline btn-sm" disabled={busy !== null}
                onClick={() => void end(s._id)} aria-label={`Sign out ${s.browser}, signed in ${when(s.createdAt)}`}>
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <div>
          <button type="button" className="btn btn-sm" disabled={busy !== null} onClick={() => void end('others')}>
            {busy === 'others' && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Sign out everywhere else
          </button>
        </div>
      ) : <p className="text-sm">You are not signed in anywhere else.</p>}
    </div>
  );
}
