/** On the dashboard, after the reminder's time on a day without a check-in: a gentle line, no alarm. */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEngine } from '../../sync/current';
import { checkedInToday, isDue, useReminder } from './reminder';

export function CheckInNudge() {
  const db = useEngine()?.db;
  const time = useReminder();
  const due = useLiveQuery(async () => (db && time && isDue(time, new Date()) ? !(await checkedInToday(db)) : false), [db, time]);

  if (!due) return null;
  return <p className="mt-4 rounded-box bg-base-200 p-3" data-testid="check-in-nudge">It is past {time}, your check-in time. A moment for yourself?</p>;
}
