/** The browser's label in the sessions list and the new-sign-in e-mail: real names, never a sender's text. */
import { describe, expect, it } from 'vitest';
import { browserLabel, UNKNOWN_BROWSER } from '../../src/server/auth/browser-label';

describe('browserLabel', () => {
  it('names real browsers and systems', () => {
    expect(browserLabel('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36')).toBe('Chrome on Linux');
    expect(browserLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1')).toBe('Safari on iOS');
    expect(browserLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox on Windows');
    expect(browserLabel(undefined)).toBe(UNKNOWN_BROWSER);
    expect(browserLabel('  ')).toBe(UNKNOWN_BROWSER);
  });

  it('never repeats a link, a phone number or an address a User-Agent carries', () => {
    for (const ua of [
      'Haven Security: call +1 555 0100 or visit haven-help.example now/1 x',
      'visit https://evil.example/reset/1.0',
      'Write to help@evil.example/2',
      'haven-help.example/1.0',
    ]) {
      const label = browserLabel(ua);
      expect(label, ua).not.toMatch(/https?:|@|\+|\.example|:/);
    }
  });
});
