/**
 * The mood of each day as an SVG line (a gap where no check-in was made), for those who see it;
 * the page's summary and table say the same in words for those who hear it, so the picture is
 * described as an image and its parts are hidden from screen readers.
 */
import { MOODS } from './checkins';
import type { DayPoint } from './trends';

const W = 600;
const H = 200;
const PAD = { left: 34, right: 8, top: 10, bottom: 24 };

export function TrendChart({ days, label }: { days: readonly DayPoint[]; label: string }) {
  const x = (i: number) => PAD.left + (days.length === 1 ? 0 : (i * (W - PAD.left - PAD.right)) / (days.length - 1));
  const y = (mood: number) => PAD.top + ((5 - mood) * (H - PAD.top - PAD.bottom)) / 4;
  // One path per run of days with a check-in: a missed day is a gap, never a line through zero.
  const runs: string[] = [];
  let run = '';
  days.forEach((d, i) => {
    if (d.mood === null) {
      if (run) runs.push(run);
      run = '';
      return;
    }
    run += `${run ? 'L' : 'M'}${x(i).toFixed(1)},${y(d.mood).toFixed(1)}`;
  });
  if (run) runs.push(run);
  const every = Math.ceil(days.length / 7);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} className="h-auto w-full text-base-content" data-testid="trend-chart">
      <g aria-hidden="true">
        {MOODS.map((m) => (
          <g key={m.value}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(m.value)} y2={y(m.value)} stroke="currentColor" strokeOpacity={0.15} />
            <text x={PAD.left - 6} y={y(m.value) + 6} textAnchor="end" fontSize={16}>{m.face}</text>
          </g>
        ))}
        {days.map((d, i) => (i % every === 0 || i === days.length - 1) && (
          <text key={d.day} x={x(i)} y={H - 6} textAnchor="middle" fontSize={11} fill="currentColor">{d.day.slice(5)}</text>
        ))}
        {runs.map((path) => <path key={path} d={path} fill="none" stroke="var(--color-primary)" strokeWidth={3} strokeLinejoin="round" />)}
        {days.map((d, i) => d.mood !== null && <circle key={d.day} cx={x(i)} cy={y(d.mood)} r={4} fill="var(--color-primary)" />)}
      </g>
    </svg>
  );
}
