/**
 * A short label for a sessions list and the new-sign-in e-mail ("Chrome on Android"), so a person
 * can tell their devices apart. Only the label is stored, not the whole User-Agent. Bowser names
 * an unknown browser after the User-Agent's own words, which whoever signs in chooses: a name
 * with anything but letters, digits, spaces, dots and dashes (a link, a phone number's +, an
 * address) is not repeated.
 */
import Bowser from 'bowser';

export const UNKNOWN_BROWSER = 'Unknown browser';

export function browserLabel(userAgent: string | undefined): string {
  // Bowser throws on an empty string; a script or an old client may send none.
  if (!userAgent?.trim()) return UNKNOWN_BROWSER;
  const { browser, os } = Bowser.parse(userAgent.slice(0, 512));
  const name = plain(browser.name) ?? UNKNOWN_BROWSER;
  const system = plain(os.name);
  return system ? `${name} on ${system}` : name;
}

const PLAIN = /^[\p{L}\p{N}][\p{L}\p{N} .-]{0,31}$/u;

function plain(name: string | undefined): string | null {
  return name && PLAIN.test(name) && !/\.[a-z]{2,}/i.test(name) ? name : null;
}
