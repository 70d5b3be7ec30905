/**
 * What a line of the safety plan lets a person do with one tap: call a number, text one (with the
 * keyword a text line asks for), open a website, or message the professional who referred them in
 * Haven. A line prefilled from the crisis lines takes the line's own numbers; anything else the
 * person wrote is read for numbers and addresses.
 */
import { resourceItemText, referrerItemText, type Referrer } from './plan';
import { smsHref, telHref, type CrisisResource } from '../../../shared/crisis-resources';

export type PlanLinkKind = 'call' | 'text' | 'web' | 'message';

export interface PlanLink {
  kind: PlanLinkKind;
  href: string;
  label: string;
  /** An address inside Haven (the router's Link), not one for the phone. */
  internal?: boolean;
}

/** "Text SHOUT to 85258": the keyword goes in the message's body (RFC 5724). */
const KEYWORD_TEXT_RE = /\btext\s+([A-Za-z][A-Za-z0-9]{1,19})\s+to\s+(\+?\d[\d ]{0,18}\d)/gi;
/** "Text 988"; "call or text 988" is a voice line too. */
const TEXT_RE = /\b(call\s+or\s+)?text\s+(\+?\d[\d ]{0,18}\d)/gi;
const NUMBER_RE = /\+?\d[\d ]{0,18}\d/g;
const URL_RE = /\bhttps:\/\/[^\s)<>"']+|\b(?:[a-z0-9-]+\.)+(?:com|org|net|info|uk|ie|au|nz|ca|in|de|fr|eu|io)\b(?:\/[^\s)<>"']*)?/gi;

const digits = (n: string) => n.replace(/\D/g, '');
/** A number worth dialling: three digits or more (never "24/7" or a step number). */
const dialable = (n: string) => digits(n).length >= 3;

function smsWithBody(number: string, keyword: string | null): string {
  return keyword ? `${smsHref(number)}?body=${encodeURIComponent(keyword)}` : smsHref(number);
}

function keywordOf(contact: string, number: string): string | null {
  for (const [, keyword, to] of contact.matchAll(KEYWORD_TEXT_RE)) if (digits(to!) === digits(number)) return keyword!.toUpperCase();
  return null;
}

function fromResource(r: CrisisResource): PlanLink[] {
  const links: PlanLink[] = [];
  if (r.phone) links.push({ kind: 'call', href: telHref(r.phone), label: `Call ${r.phone}` });
  if (r.sms) links.push({ kind: 'text', href: smsWithBody(r.sms, keywordOf(r.contact, r.sms)), label: `Text ${r.sms}` });
  if (r.url) links.push({ kind: 'web', href: r.url, label: `Open ${new URL(r.url).host}` });
  return links.length > 0 ? links : fromText(r.contact);
}

/** Links read from words a person wrote (or an older copy of a crisis line). */
export function fromText(text: string): PlanLink[] {
  const links: PlanLink[] = [];
  const texted = new Set<string>();
  for (const [, keyword, number] of text.matchAll(KEYWORD_TEXT_RE)) {
    if (!dialable(number!) || texted.has(digits(number!))) continue;
    texted.add(digits(number!));
    links.push({ kind: 'text', href: smsWithBody(number!, keyword!.toUpperCase()), label: `Text ${keyword!.toUpperCase()} to ${number!.trim()}` });
  }
  const textOnly = new Set(texted);
  for (const [, alsoCall, number] of text.matchAll(TEXT_RE)) {
    if (!dialable(number!) || texted.has(digits(number!))) continue;
    texted.add(digits(number!));
    if (!alsoCall) textOnly.add(digits(number!));
    links.push({ kind: 'text', href: smsHref(number!), label: `Text ${number!.trim()}` });
  }
  const webs = [...text.matchAll(URL_RE)].map((m) => m[0]);
  // Digits inside a web address are not a phone number.
  const rest = webs.reduce((t, w) => t.replace(w, ' '), text);
  const called = new Set<string>();
  for (const [number] of rest.matchAll(NUMBER_RE)) {
    // A number given for texting is not a voice line ("Text SHOUT to 85258"), unless "call or text" says so.
    if (!dialable(number) || called.has(digits(number)) || textOnly.has(digits(number))) continue;
    called.add(digits(number));
    links.push({ kind: 'call', href: telHref(number.trim()), label: `Call ${number.trim()}` });
  }
  for (const web of new Set(webs)) {
    const href = web.toLowerCase().startsWith('https://') ? web : `https://${web}`;
    links.push({ kind: 'web', href, label: `Open ${new URL(href).host}` });
  }
  // A call first, as the lines themselves are listed.
  const order: PlanLinkKind[] = ['call', 'text', 'web', 'message'];
  return links.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
}

/** The taps a plan line offers; none for a line with nothing to reach. */
export function linksFor(text: string, resources: readonly CrisisResource[], referrer: Referrer | null | undefined): PlanLink[] {
  if (referrer && text === referrerItemText(referrer)) {
    return [{ kind: 'message', href: `/chat/dm/${referrer.id}`, label: `Message ${referrer.name}`, internal: true }];
  }
  const resource = resources.find((r) => resourceItemText(r) === text);
  return resource ? fromResource(resource) : fromText(text);
}
