/**
 * A short label for a sessions list ("Chrome on Android"), so a person can tell their devices apart.
 * Only the label is stored, not the whole User-Agent: it is all the list needs.
 */
import Bowser from 'bowser';

export const UNKNOWN_BROWSER = 'Unknown browser';

export function browserLabel(userAgent: string | undefined): string {
  // Bowser throws on an empty string; a script or an old client may send none.
  if (!userAgent?.trim()) return UNKNOWN_BROWSER;
  const { browser, os } = Bowser.parse(userAgent.slice(0, 512));
  const name = browser.name || UNKNOWN_BROWSER;
  return (os.name ? `${name} on ${os.name}` : name).slice(0, 80);
}
