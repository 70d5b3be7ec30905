/**
 * "Let my professional know" (docs/decisions/crisis-alerts.md): a person may ask that the professional who referred them
 * be told, discreetly, when something they write on Haven's server suggests crisis. The alert
 * carries who and when, never the words; it comes at most once per ALERT_INTERVAL_MS. No zod here:
 * the browser imports this module (the schemas are in crisis-alert-schemas.ts).
 */

/** At most one alert per person per three hours: enough to reach out, never a running commentary. */
export const ALERT_INTERVAL_MS = 3 * 60 * 60_000;

/** PUT /api/me/crisis-alerts */
export interface CrisisAlertSetting {
  enabled: boolean;
}

/** One alert as the professional sees it. */
export interface CrisisAlert {
  _id: string;
  client: { _id: string; fullName: string };
  createdAt: string;
  seen: boolean;
}

/** GET /api/safety/alerts: the newest first. */
export interface CrisisAlertList {
  alerts: CrisisAlert[];
}

/** The alert's words: the person's first name, and why the professional is told at all. */
export function alertText(fullName: string): string {
  const first = fullName.trim().split(/\s+/)[0] || fullName;
  return `${first} may need support; they asked us to let you know.`;
}

/** The opt-in, in plain words, naming the professional (their name when the device knows it). */
export function optInLabel(professional: string | null): string {
  return `If I write something that suggests I'm in crisis, let ${professional ?? 'the professional who referred me'} know`;
}
