import { describe, expect, it } from 'vitest';
import { entryDateTime, entryDay } from '../../../src/client/features/diary/format';
import { formatTime } from '../../../src/client/features/chat/format';

// Local time, so the expectations hold in any time zone the tests run in.
const morning = new Date(2026, 10, 27, 9, 5).toISOString();
const evening = new Date(2026, 10, 27, 21, 40).toISOString();

describe('diary dates', () => {
  it('show the time as 24-hour HH:MM, the same as the chat, whatever the locale', () => {
    for (const locale of ['en-US', 'en-GB', 'de-DE', 'ja-JP']) {
      expect(entryDay(evening, locale)).toContain('21:40');
      expect(entryDateTime(evening, locale)).toContain('21:40');
      expect(entryDateTime(morning, locale)).toContain('09:05');
      expect(entryDateTime(evening, locale)).not.toMatch(/AM|PM|午後/i);
    }
    expect(entryDay(morning, 'en-US')).toContain(formatTime(morning));
  });

  it('put the day in the person\'s own order', () => {
    expect(entryDay(morning, 'en-GB')).toBe('27 Nov 2026 · 09:05');
    expect(entryDay(morning, 'en-US')).toBe('Nov 27, 2026 · 09:05');
    expect(entryDateTime(evening, 'en-GB')).toMatch(/^Friday,? 27 November 2026.*21:40$/);
    expect(entryDateTime(evening, 'en-US')).toMatch(/^Friday, November 27, 2026.*21:40$/);
    expect(entryDateTime(evening, 'de-DE')).toMatch(/^Freitag, 27\. November 2026.*21:40$/);
  });

  it('say nothing for a date that cannot be read', () => {
    expect(entryDay('not a date')).toBe('');
    expect(entryDateTime('')).toBe('');
  });
});
