import { describe, expect, it } from 'vitest';
import { DEFAULT_CRISIS_RESOURCES } from '../../../src/shared/crisis-resources';
import { fromText, linksFor } from '../../../src/client/features/safety-plan/links';
import { referrerItemText, resourceItemText } from '../../../src/client/features/safety-plan/plan';

const hrefs = (text: string) => fromText(text).map((l) => l.href);

describe('safety plan links', () => {
  it('a prefilled crisis line takes its own numbers and address', () => {
    const samaritans = DEFAULT_CRISIS_RESOURCES.find((r) => r.name === 'Samaritans')!;
    expect(linksFor(resourceItemText(samaritans), DEFAULT_CRISIS_RESOURCES, null)).toEqual([
      { kind: 'call', href: 'tel:116123', label: 'Call 116 123' },
    ]);
    const lifeline = DEFAULT_CRISIS_RESOURCES.find((r) => r.name === '988 Suicide & Crisis Lifeline')!;
    expect(linksFor(resourceItemText(lifeline), DEFAULT_CRISIS_RESOURCES, null).map((l) => l.href)).toEqual(['tel:988', 'sms:988']);
    const finder = DEFAULT_CRISIS_RESOURCES.find((r) => r.url)!;
    expect(linksFor(resourceItemText(finder), DEFAULT_CRISIS_RESOURCES, null)).toEqual([
      { kind: 'web', href: 'https://findahelpline.com', label: 'Open findahelpline.com' },
    ]);
  });

  it('a text line with a keyword puts the keyword in the message, and is not offered as a call', () => {
    expect(fromText('Shout: text SHOUT to 85258, any time')).toEqual([
      { kind: 'text', href: 'sms:85258?body=SHOUT', label: 'Text SHOUT to 85258' },
    ]);
    const served = { name: 'Crisis Text Line', region: 'United States', contact: 'Text HOME to 741741', sms: '741741' };
    expect(linksFor(resourceItemText(served), [served], null).map((l) => l.href)).toEqual(['sms:741741?body=HOME']);
  });

  it('reads numbers and addresses from what the person wrote', () => {
    expect(hrefs('Mum 07700 900123')).toEqual(['tel:07700900123']);
    expect(hrefs('Lifeline: call 13 11 14 or text 0477 13 11 14')).toEqual(['tel:131114', 'sms:0477131114']);
    expect(hrefs('Call or text 988')).toEqual(['tel:988', 'sms:988']);
    expect(hrefs('Kooth online chat at kooth.com')).toEqual(['https://kooth.com']);
    expect(hrefs('See https://www.mind.org.uk/need-urgent-help/ 24/7')).toEqual(['https://www.mind.org.uk/need-urgent-help/']);
    expect(hrefs('My GP, open 9 to 5, ask for Dr Ray')).toEqual([]);
  });

  it('the referring professional opens the conversation with them in Haven', () => {
    const referrer = { id: 'aaaaaaaaaaaaaaaaaaaaaaaa', name: 'Dr Ada Lee', role: 'therapist' as const };
    expect(linksFor(referrerItemText(referrer), DEFAULT_CRISIS_RESOURCES, referrer)).toEqual([
      { kind: 'message', href: '/chat/dm/aaaaaaaaaaaaaaaaaaaaaaaa', label: 'Message Dr Ada Lee', internal: true },
    ]);
  });
});
