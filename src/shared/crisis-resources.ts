/**
 * Crisis lines: one list for Aura's reply (server), the "Get help now" dialog and every help card
 * (browser, offline too). CRISIS_RESOURCES replaces the default; `{name, contact, region}` alone is
 * still a valid entry, the structured fields only add tappable links.
 */

export interface CrisisResource {
  name: string;
  /** How to reach it, in words; always shown, and the only thing Aura's reply lists. */
  contact: string;
  region: string;
  /** A number to call, digits with optional spaces and a leading + ("988", "116 123"). */
  phone?: string;
  /** A number to text. */
  sms?: string;
  /** An https website. */
  url?: string;
}

/** What a dialable number may look like, here and in the CRISIS_RESOURCES check. */
export const DIALABLE_RE = /^\+?[0-9 ]{2,20}$/;

/** Where to look for a line when none of the listed ones fits. */
export const FIND_A_HELPLINE_URL = 'https://findahelpline.com';

/**
 * A sensible international default. The emergency entry dials 112 because mobile phones route it
 * to the local emergency service in most countries, including the US and the UK; its words name
 * the local numbers for anyone on a landline.
 */
export const DEFAULT_CRISIS_RESOURCES: CrisisResource[] = [
  { region: 'Anywhere', name: 'Emergency services', phone: '112',
    contact: 'Call your local emergency number (112 in the EU, 911 in the US and Canada, 999 in the UK) if you are in immediate danger' },
  { region: 'International', name: 'Find a Helpline', url: FIND_A_HELPLINE_URL,
    contact: 'findahelpline.com lists free, confidential helplines in over 130 countries' },
  { region: 'United States', name: '988 Suicide & Crisis Lifeline', contact: 'Call or text 988', phone: '988', sms: '988' },
  { region: 'Canada', name: '9-8-8 Suicide Crisis Helpline', contact: 'Call or text 988', phone: '988', sms: '988' },
  { region: 'UK and Ireland', name: 'Samaritans', contact: 'Call 116 123', phone: '116 123' },
  { region: 'Australia', name: 'Lifeline', contact: 'Call 13 11 14 or text 0477 13 11 14', phone: '13 11 14', sms: '0477 13 11 14' },
  { region: 'India', name: 'Tele-MANAS', contact: 'Call 14416', phone: '14416' },
];

/**
 * The line to call when life is in danger right now: the configured entry named as emergency
 * services, else the default's. An imminent crisis puts it first, as a button (docs/decisions/imminent-tier.md).
 */
export function emergencyLine(resources: readonly CrisisResource[]): CrisisResource & { phone: string } {
  const found = resources.find((r) => r.phone && /emergenc/i.test(r.name));
  const fallback = DEFAULT_CRISIS_RESOURCES[0] as CrisisResource & { phone: string };
  return found?.phone ? { ...found, phone: found.phone } : fallback;
}

// Spaces read well on screen but some dialers refuse them in a URI.
const dialable = (n: string) => n.replace(/\s+/g, '');

export function telHref(phone: string): string {
  return `tel:${dialable(phone)}`;
}

export function smsHref(sms: string): string {
  return `sms:${dialable(sms)}`;
}

/** Keeps only well-formed entries (a cached or served list may be old or damaged); null when none is left. */
export function validResources(value: unknown): CrisisResource[] | null {
  if (!Array.isArray(value)) return null;
  const text = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
  const list = value.filter((r): r is CrisisResource => {
    if (typeof r !== 'object' || r === null) return false;
    const o = r as Record<string, unknown>;
    return text(o.name) && text(o.contact) && text(o.region)
      && (o.phone === undefined || (typeof o.phone === 'string' && DIALABLE_RE.test(o.phone)))
      && (o.sms === undefined || (typeof o.sms === 'string' && DIALABLE_RE.test(o.sms)))
      && (o.url === undefined || (typeof o.url === 'string' && o.url.startsWith('https://')));
  });
  return list.length > 0 ? list : null;
}
