/**
 * Spotting contact details in a message meant for a group (docs/community-safety.md): a phone number, an e-mail
 * address or a street address. It only prompts the author ("Share anyway?"); it never blocks, so
 * it may err towards asking. Pure, so the browser checks before sending, offline too.
 */
export type PersonalInfoKind = 'phone' | 'email' | 'address';

const EMAIL = /[^\s@]+@[^\s@]+\.[a-z]{2,}/i;
// Seven or more digits, allowing spaces, dots, dashes and brackets between them, with an optional +.
const PHONE = /(?:\+|\b)\d(?:[\s().-]*\d){6,}\b/;
const STREET_WORDS = 'street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|close|court|ct|way|place|pl|terrace|crescent|straße|strasse|calle|rue';
const ADDRESS = new RegExp(`\\b\\d{1,5}[a-z]?\\s+(?:[a-z'’.-]+\\s+){1,4}(?:${STREET_WORDS})\\b`, 'i');
// A UK or Canadian postcode, or "zip 12345".
const POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b|\b[A-Z]\d[A-Z]\s?\d[A-Z]\d\b|\bzip\s*(?:code)?\s*\d{5}\b/i;

export function findPersonalInfo(text: string): PersonalInfoKind | null {
  if (EMAIL.test(text)) return 'email';
  if (PHONE.test(text)) return 'phone';
  if (ADDRESS.test(text) || POSTCODE.test(text)) return 'address';
  return null;
}

export const PERSONAL_INFO_PROMPT: Record<PersonalInfoKind, string> = {
  phone: 'This looks like a phone number.',
  email: 'This looks like an e-mail address.',
  address: 'This looks like a home address.',
};
export const PERSONAL_INFO_ADVICE = 'Everyone in this group can read it. For your safety, keep contact details private. Send it anyway?';
