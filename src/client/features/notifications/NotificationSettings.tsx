/**
 * Settings › Notifications (docs/decisions/notifications.md): this device on or off, what notifies
 * (each kind, and groups one by one), whether names show, quiet hours in the person's own time
 * zone, and a test. Saved on the server, so every device of theirs follows; a push never
 * carries what anyone wrote.
 */
import { useEffect, useId, useState } from 'react';
import { toast } from 'react-hot-toast';
import type { GroupSummary } from '../../../shared/api';
import { DEFAULT_PUSH_SETTINGS, type PushKind, type PushSettings } from '../../../shared/push';
import { call } from '../../net/call';
import { describeFailure } from '../../net/errors';
import { chimeWanted, rememberChime } from './chime';
import { NOTIFICATIONS_PROMISE, pushState, turnOff, turnOn, type PushState } from './device';
import { useEmailNotices } from './useEmailNotices';

const KIND_LABELS: Record<PushKind, string> = {
  messages: 'Direct messages',
  groups: 'Group messages (for the groups you choose below)',
  aura: 'Aura’s answers',
  account: 'Your verification and your reports',
  crisis: 'Crisis alerts from people you support',
};

const STATE_TEXT: Record<PushState, string> = {
  unsupported: 'This browser cannot show notifications.',
  blocked: 'Notifications are blocked for Haven in this browser’s site settings.',
  off: 'Notifications are off on this device.',
  on: 'Notifications are on on this device.',
};

const toTime = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const toMinute = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};
const ownTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function NotificationSettings() {
  const [device, setDevice] = useState<PushState | null>(null);
  const [settings, setSettings] = useState<PushSettings | null>(null);
  const [groups, setGroups] = useState<GroupSummary[]>([]);
  const [busy, setBusy] = useState(false);
  const help = useId();
  const email = useEmailNotices();
  const [chimeOn, setChimeOn] = useState(chimeWanted);

  useEffect(() => {
    void pushState().then(setDevice);
    call('pushSettings').then(setSettings, async (failure: unknown) => toast.error((await describeFailure(failure)).message));
    call('groups').then((all) => setGroups(all.filter((g) => g.isMember)), (error: unknown) => console.error('Haven: groups not loaded', error));
  }, []);

  async function save(next: PushSettings) {
    const before = settings;
    setSettings(next);
    try {
      setSettings(await call('setPushSettings', { body: next }));
    } catch (failure) {
      setSettings(before);
      toast.error((await describeFailure(failure)).message);
    }
  }

  async function toggleDevice() {
    setBusy(true);
    try {
      if (device === 'on') {
        await turnOff();
        setDevice('off');
      } else {
        const now = await turnOn();
        setDevice(now);
        if (now === 'blocked') toast.error(STATE_TEXT.blocked);
      }
    } catch (failure) {
      toast.error((await describeFailure(failure)).message);
    } finally {
      setBusy(false);
    }
  }

  async function test() {
    try {
      toast.success((await call('pushTest')).message);
    } catch (failure) {
      toast.error((await describeFailure(failure)).message);
    }
  }

  const s = settings ?? DEFAULT_PUSH_SETTINGS;
  const quiet = s.quietHours;
  return (
    <section aria-labelledby="notifications-title" className="mt-8">
      <h2 id="notifications-title" className="text-lg font-semibold">Notifications</h2>
      <p id={help} className="mt-1 text-sm">{NOTIFICATIONS_PROMISE}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <p role="status" data-testid="push-state">{device ? STATE_TEXT[device] : 'Checking this device…'}</p>
        {(device === 'on' || device === 'off') && (
          <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={() => void toggleDevice()} aria-describedby={help}>
            {device === 'on' ? 'Turn off on this device' : 'Turn on notifications'}
          </button>
        )}
        {device === 'on' && <button type="button" className="btn btn-sm btn-outline" onClick={() => void test()}>Send a test notification</button>}
      </div>

      <fieldset className="mt-4" disabled={!settings}>
        <legend className="font-medium">What notifies you</legend>
        {(Object.keys(KIND_LABELS) as PushKind[]).map((kind) => (
          <label key={kind} className="mt-2 flex min-h-11 cursor-pointer items-center gap-3">
            <input type="checkbox" className="toggle toggle-primary shrink-0" checked={s.kinds[kind]}
              onChange={(e) => void save({ ...s, kinds: { ...s.kinds, [kind]: e.target.checked } })} />
            <span>{KIND_LABELS[kind]}</span>
          </label>
        ))}
        {groups.length > 0 && (
          <fieldset className="mt-2 ml-4">
            <legend className="text-sm">Groups that notify you (off until you choose)</legend>
            {groups.map((g) => (
              <label key={g._id} className="mt-1 flex min-h-11 cursor-pointer items-center gap-3 wrap-anywhere">
                <input type="checkbox" className="checkbox checkbox-primary shrink-0" checked={s.groups.includes(g._id)}
                  onChange={(e) => void save({ ...s, groups: e.target.checked ? [...s.groups, g._id] : s.groups.filter((id) => id !== g._id) })} />
                <span>{g.name}</span>
              </label>
            ))}
          </fieldset>
        )}
        <label className="mt-2 flex min-h-11 cursor-pointer items-center gap-3">
          <input type="checkbox" className="toggle toggle-primary shrink-0" checked={s.showNames} onChange={(e) => void save({ ...s, showNames: e.target.checked })} />
          <span>Show names in notifications</span>
        </label>
        <label className="mt-2 flex min-h-11 cursor-pointer items-center gap-3">
          <input type="checkbox" className="toggle toggle-primary shrink-0" checked={chimeOn}
            onChange={(e) => { rememberChime(e.target.checked); setChimeOn(e.target.checked); }} />
          <span>Sound and vibration when something arrives while Haven is open (this device)</span>
        </label>
        <label className="mt-2 flex min-h-11 cursor-pointer items-center gap-3">
          <input type="checkbox" className="toggle toggle-primary shrink-0" checked={quiet !== null}
            onChange={(e) => void save({ ...s, quietHours: e.target.checked ? { start: 22 * 60, end: 7 * 60, timeZone: ownTimeZone() } : null })} />
          <span>Quiet hours</span>
        </label>
        {quiet && (
          <div className="mt-1 ml-4 flex flex-wrap items-center gap-2">
            <label className="flex items-center gap-2">From
              <input type="time" className="input input-sm w-32" value={toTime(quiet.start)}
                onChange={(e) => e.target.value && void save({ ...s, quietHours: { ...quiet, start: toMinute(e.target.value), timeZone: ownTimeZone() } })} />
            </label>
            <label className="flex items-center gap-2">to
              <input type="time" className="input input-sm w-32" value={toTime(quiet.end)}
                onChange={(e) => e.target.value && void save({ ...s, quietHours: { ...quiet, end: toMinute(e.target.value), timeZone: ownTimeZone() } })} />
            </label>
            <span className="text-sm">Held back, then one summary when they end ({quiet.timeZone}).</span>
          </div>
        )}
      </fieldset>
      {email !== undefined && (
        <p className="mt-4 text-sm" data-testid="email-notices">
          {email
            ? 'Haven also emails you about your account: a decision on your verification, a reset code an admin made for you, and a sign-in from a browser it has not seen. Never what anyone wrote, and never a link.'
            : 'Haven sends no email: what happens shows here and, if you turn them on, as notifications.'}
        </p>
      )}
    </section>
  );
}
