/**
 * One questionnaire, answered on this device (docs/decisions/wellness.md). An answer above "Not at
 * all" to PHQ-9's ninth question shows the help card that moment, before any score, offline too,
 * with the safety plan one tap away. A result in the severe band offers help and the person's
 * professional. Answers are kept only here.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import type { ScreeningRow } from '../../db/database';
import { useEngine } from '../../sync/current';
import { useUser } from '../auth/session';
import { HelpCard } from '../help/HelpCard';
import { asksForHelpNow, band, IncompleteError, SCREEN_NOT_DIAGNOSIS, type Questionnaire } from './questionnaires';
import { saveScreening } from './screenings';

export function QuestionnaireForm({ q }: { q: Questionnaire }) {
  const db = useEngine()?.db;
  const user = useUser();
  const [answers, setAnswers] = useState<(number | undefined)[]>(() => q.items.map(() => undefined));
  const [result, setResult] = useState<ScreeningRow | null>(null);
  const [missing, setMissing] = useState<number | null>(null);
  const helpNow = q.items.some((_, i) => asksForHelpNow(q.kind, i, answers[i]));
  const help = useRef<HTMLDivElement>(null);

  // The card comes into view the moment the answer is given; focus stays on the answer.
  useEffect(() => {
    if (helpNow) help.current?.scrollIntoView({ block: 'nearest' });
  }, [helpNow]);

  function answer(item: number, points: number) {
    setAnswers((now) => now.map((a, i) => (i === item ? points : a)));
    if (missing === item) setMissing(null);
  }

  async function submit() {
    if (!db) return;
    try {
      setResult(await saveScreening(db, q, answers));
    } catch (error) {
      if (error instanceof IncompleteError) {
        const first = answers.findIndex((a) => a === undefined);
        setMissing(first);
        document.getElementById(`${q.kind}-item-${first}`)?.focus();
        return;
      }
      toast.error(error instanceof Error ? error.message : 'Could not save your answers');
    }
  }

  if (result) return <Result q={q} row={result} referredBy={user.referredBy} />;
  return (
    <form className="mt-4 flex flex-col gap-4" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <p className="font-medium">{q.stem}</p>
      {q.items.map((item, i) => (
        <fieldset key={item} id={`${q.kind}-item-${i}`} tabIndex={-1} aria-describedby={missing === i ? `${q.kind}-missing` : undefined}
          className={`rounded-box border p-3 ${missing === i ? 'border-error' : 'border-base-300'}`}>
          <legend className="px-1 font-medium">{i + 1}. {item}</legend>
          <div className="flex flex-wrap gap-2">
            {q.options.map((o) => (
              <label key={o.label} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-box border border-base-300 px-3">
                <input type="radio" className="radio radio-sm radio-primary" name={`${q.kind}-${i}`} checked={answers[i] === o.points} onChange={() => answer(i, o.points)} />
                {o.label}
              </label>
            ))}
          </div>
          {missing === i && <p id={`${q.kind}-missing`} role="alert" className="mt-2 text-error">Please answer every question.</p>}
          {asksForHelpNow(q.kind, i, answers[i]) && (
            <div ref={help} className="mt-3"><HelpCard subject="self" context="questionnaire" /></div>
          )}
        </fieldset>
      ))}
      <button type="submit" className="btn btn-primary self-start" disabled={!db}>See my score</button>
      <p className="text-sm">{SCREEN_NOT_DIAGNOSIS} Your answers stay on this device.</p>
    </form>
  );
}

function Result({ q, row, referredBy }: { q: Questionnaire; row: ScreeningRow; referredBy: string | null }) {
  const b = band(q, row.score);
  const harm = q.items.some((_, i) => asksForHelpNow(q.kind, i, row.answers[i]));
  return (
    <section aria-labelledby="result-title" className="mt-4 flex flex-col gap-3" data-testid="questionnaire-result">
      <h2 id="result-title" className="text-xl font-semibold">Your score: {row.score} of {q.max} ({b.label})</h2>
      <p>{SCREEN_NOT_DIAGNOSIS}</p>
      {(b.severe || harm) && (
        <>
          <p>What you answered says things are hard right now. You do not have to carry this alone.</p>
          {referredBy && (
            <Link to="/chat/dm/$userId" params={{ userId: referredBy }} className="btn btn-primary min-h-11 self-start">Message your professional</Link>
          )}
          <HelpCard subject="self" context="questionnaire" />
        </>
      )}
      <Link to="/questionnaires" className="btn min-h-11 self-start">Back to questionnaires</Link>
    </section>
  );
}
