/**
 * /wellness: the check-ins over the last 7, 30 or 90 days (docs/decisions/wellness.md): a chart,
 * the same in words, the feelings that came up most, gentle words about checking in, and every
 * check-in in a table. All of it read from this device, offline too. Below: the questionnaires,
 * the daily reminder, and sharing with the referring professional.
 */
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { useDb } from '../../sync/current';
import { MAIN_ID } from '../../ui/SkipLink';
import { StorageErrorBoundary } from '../../ui/StorageErrorBoundary';
import { CheckInCard } from './CheckInCard';
import { useHeld } from '../lock/keyring';
import { deleteCheckIn, isNoteLocked, localDay, moodLabel, readCheckIns } from './checkins';
import { ReminderSetting } from './ReminderSetting';
import { ShareWithProfessional } from './ShareWithProfessional';
import { TrendChart } from './TrendChart';
import { gentleWords, PERIODS, trend, type Period } from './trends';

export function WellnessPage() {
  return (
    <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-4xl px-3 py-6 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">Mood and trends</h1>
      <p className="mt-1">Your check-ins stay on this device. Nobody else sees them.</p>
      <StorageErrorBoundary what="your check-ins">
        <CheckInCard />
        <Trends />
        <p className="mt-8">
          <Link to="/questionnaires" className="link">Questionnaires: PHQ-9, GAD-7 and WHO-5</Link>, with your scores over time.
        </p>
        <ReminderSetting />
        <ShareWithProfessional />
      </StorageErrorBoundary>
    </main>
  );
}

const oneDecimal = (n: number) => n.toFixed(1).replace(/\.0$/, '');

function Trends() {
  const db = useDb();
  // Notes opened with the diary lock's key when it is on and unlocked (docs/decisions/diary-lock.md).
  const held = useHeld();
  const checkIns = useLiveQuery(() => readCheckIns(db), [db, held]);
  const [period, setPeriod] = useState<Period>(7);
  // The day the page opened: a page left open past midnight keeps its frame until the next visit.
  const [today] = useState(() => localDay(new Date()));
  if (!checkIns) return <p className="mt-6" role="status">Loading your check-ins…</p>;
  const t = trend(checkIns, today, period);
  const summary = t.average === null
    ? `No check-ins in the last ${period} days.`
    : `In the last ${period} days you checked in on ${t.daysCheckedIn} ${t.daysCheckedIn === 1 ? 'day' : 'days'}; your mood averaged ${oneDecimal(t.average)} of 5 (${moodLabel(t.average)}).`
      + (t.averageSleep === null ? '' : ` You slept ${oneDecimal(t.averageSleep)} hours on average.`);
  const rows = t.days.flatMap((d) => d.checkIns).reverse();

  async function remove(id: string) {
    try {
      await deleteCheckIn(db, id);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not delete the check-in');
    }
  }

  return (
    <section aria-labelledby="trends-title" className="mt-8">
      <h2 id="trends-title" className="text-xl font-semibold">Trends</h2>
      <p className="mt-1">{gentleWords(checkIns, today)}</p>
      <div role="group" aria-label="Period" className="join mt-3">
        {PERIODS.map((p) => (
          <button key={p} type="button" aria-pressed={period === p} className={`btn join-item min-h-11 ${period === p ? 'btn-primary' : ''}`} onClick={() => setPeriod(p)}>
            {p} days
          </button>
        ))}
      </div>
      <p className="mt-3" data-testid="trend-summary">{summary}</p>
      <div className="mt-3 rounded-box border border-base-300 p-2"><TrendChart days={t.days} label={`Mood by day, last ${period} days. ${summary}`} /></div>
      {t.topFeelings.length > 0 && (
        <p className="mt-3">Feelings that came up most: {t.topFeelings.map((f) => `${f.feeling} (${f.count})`).join(', ')}.</p>
      )}
      {rows.length > 0 && (
        <div className="mt-4 overflow-x-auto">
          <table className="table table-sm" data-testid="trend-table">
            <caption className="text-left font-medium">Check-ins, last {period} days</caption>
            <thead className="text-base-content"><tr><th scope="col">Day</th><th scope="col">Mood</th><th scope="col">Feelings</th><th scope="col">Sleep</th><th scope="col">Note</th><th scope="col"><span className="sr-only">Actions</span></th></tr></thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id}>
                  <td className="whitespace-nowrap">{c.day}</td>
                  <td>{moodLabel(c.mood)}</td>
                  <td>{c.feelings.join(', ')}</td>
                  <td>{c.sleepHours === null ? '' : `${oneDecimal(c.sleepHours)} h`}</td>
                  <td className="wrap-anywhere">{isNoteLocked(c) ? <span className="italic">Locked</span> : c.note}</td>
                  <td><button type="button" className="btn btn-ghost btn-sm min-h-11" aria-label={`Delete the check-in of ${c.day}`} onClick={() => void remove(c.id)}>Delete</button></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
