/** "Remind me to check in" on /wellness: a time of day on this device, off by default (reminder.ts). */
import { useId, useState } from 'react';
import { readReminder, setReminder, useReminder } from './reminder';

export function ReminderSetting() {
  const time = useReminder();
  const [draft, setDraft] = useState(() => readReminder() ?? '20:00');
  const help = useId();

  async function turnOn() {
    setReminder(draft);
    // Asked here, after the person chose a reminder, never at load; a refusal leaves the dashboard's note.
    if (typeof Notification !== 'undefined' && Notification.permission === 'default') await Notification.requestPermission().catch(() => 'default');
  }

  return (
    <section className="mt-8 rounded-box border border-base-300 p-4" data-testid="check-in-reminder">
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input type="checkbox" className="toggle toggle-primary shrink-0" checked={time !== null} aria-describedby={help}
          onChange={(e) => void (e.target.checked ? turnOn() : setReminder(null))} />
        <span className="font-medium">Remind me to check in every day</span>
      </label>
      <label className="mt-2 flex min-h-11 items-center gap-2">At
        <input type="time" className="input min-h-11 w-36" value={time ?? draft}
          onChange={(e) => {
            if (!e.target.value) return;
            setDraft(e.target.value);
            if (time) setReminder(e.target.value);
          }} />
      </label>
      <p id={help} className="mt-2 text-sm">
        On this device only. If you have not checked in by then, a notification reminds you while Haven is open or in the
        background and notifications are allowed; otherwise the dashboard reminds you when you next open Haven.
      </p>
    </section>
  );
}
