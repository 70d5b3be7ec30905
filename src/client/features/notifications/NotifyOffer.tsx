/**
 * The one offer to turn notifications on (docs/decisions/notifications.md): made after the
 * person's first message is on its way, when an answer is what they wait for, never at load. It
 * says what a notification holds before the browser asks; either answer is remembered on this
 * device, and Settings can change it any time.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { toast } from 'react-hot-toast';
import { LOCAL_KEYS } from '../../state/local-keys';
import { NOTIFICATIONS_PROMISE, pushState, turnOn } from './device';

let sent = false;
const listeners = new Set<() => void>();

/** A message was sent: the offer may be made now. */
export function offerNotifications(): void {
  if (sent) return;
  sent = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const answered = () => localStorage.getItem(LOCAL_KEYS.notifyAsked) !== null;

export function NotifyOffer() {
  const wanted = useSyncExternalStore(subscribe, () => sent);
  const [show, setShow] = useState(false);

  useEffect(() => {
    if (!wanted || answered()) return;
    void pushState().then((state) => setShow(state === 'off'));
  }, [wanted]);

  if (!show) return null;
  const close = () => {
    localStorage.setItem(LOCAL_KEYS.notifyAsked, new Date().toISOString());
    setShow(false);
  };
  async function accept() {
    close();
    try {
      const state = await turnOn();
      if (state === 'on') toast.success('Notifications are on');
    } catch (error) {
      console.error('Haven: notifications not turned on', error);
      toast.error('Notifications could not be turned on. Try again in Settings.');
    }
  }
  return (
    <div role="dialog" aria-labelledby="notify-offer-title" aria-describedby="notify-offer-text" data-testid="notify-offer"
      className="fixed inset-x-3 bottom-24 z-30 mx-auto max-w-md rounded-box border border-base-300 bg-base-100 p-4 shadow-lg">
      <h2 id="notify-offer-title" className="font-semibold">Get notified when someone answers?</h2>
      <p id="notify-offer-text" className="mt-1 text-sm">{NOTIFICATIONS_PROMISE}</p>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-sm btn-ghost" onClick={close}>Not now</button>
        <button type="button" className="btn btn-sm btn-primary" onClick={() => void accept()}>Turn on notifications</button>
      </div>
    </div>
  );
}
