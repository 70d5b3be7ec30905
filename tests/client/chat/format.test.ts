import { describe, expect, it } from 'vitest';
import { daySeparators, filterByName, formatTime, roleLabel, shownAt } from '../../../src/client/features/chat/format';
import { itemState } from '../../../src/client/features/conversation/items';
import { imageProblem } from '../../../src/client/net/upload';
import { therapistListError, therapistSidebarTitle } from '../../../src/client/features/therapist/title';

describe('formatTime (24-hour HH:MM)', () => {
  it('pads hours and minutes and never shows AM/PM', () => {
    expect(formatTime('', new Date(2024, 0, 5, 7, 3))).toBe('07:03');
    expect(formatTime('', new Date(2024, 0, 5, 0, 0))).toBe('00:00');
    expect(formatTime('', new Date(2024, 0, 5, 23, 59))).toBe('23:59');
    expect(formatTime('', new Date(2024, 0, 5, 13, 30))).toBe('13:30');
  });

  it('reads an ISO timestamp in local time', () => {
    const at = new Date(2024, 5, 1, 18, 45);
    expect(formatTime(at.toISOString())).toBe('18:45');
  });

  it('answers nothing for an unreadable time rather than NaN:NaN', () => {
    expect(formatTime('not a date')).toBe('');
  });
});

describe('filterByName', () => {
  const people = [{ fullName: 'Zoë Hart' }, { fullName: 'Ana Lima' }, { fullName: 'Dr Banner' }];

  it('keeps everyone for a blank query', () => {
    expect(filterByName(people, '   ')).toEqual(people);
  });

  it('matches part of a name, ignoring case, accents and surrounding spaces', () => {
    expect(filterByName(people, ' zoe ')).toEqual([{ fullName: 'Zoë Hart' }]);
    expect(filterByName(people, 'AN')).toEqual([{ fullName: 'Ana Lima' }, { fullName: 'Dr Banner' }]);
    expect(filterByName(people, 'nobody')).toEqual([]);
  });

  it('searches groups by name too', () => {
    const groups = [{ name: 'Exam Stress' }, { name: 'Grief Circle' }];
    expect(filterByName(groups, 'exam')).toEqual([{ name: 'Exam Stress' }]);
  });
});

describe('itemState', () => {
  it('is pending (a clock) while queued or sending, sent (a tick) once stored, failed (a red mark) when refused, deleted once taken back', () => {
    expect(itemState('queued')).toBe('pending');
    expect(itemState('sending')).toBe('pending');
    expect(itemState('sent')).toBe('sent');
    expect(itemState('failed')).toBe('failed');
    expect(itemState('sent', '2026-03-04T10:00:00.000Z')).toBe('deleted');
  });
});

describe('role labels', () => {
  it('labels every role but a regular user', () => {
    expect(roleLabel({ role: 'user', status: 'verified' })).toBeNull();
    expect(roleLabel({ role: 'therapist', status: 'verified' })).toBe('Therapist');
    expect(roleLabel({ role: 'ngo', status: 'verified' })).toBe('NGO');
    expect(roleLabel({ role: 'volunteer', status: 'verified' })).toBe('Volunteer');
    // Haven's team, in people's words (docs/community-safety.md).
    expect(roleLabel({ role: 'admin', status: 'verified' })).toBe('Haven team');
  });

  it('gives a professional no label until the admin has verified them', () => {
    for (const status of ['pending', 'rejected', 'unverified'] as const) {
      expect(roleLabel({ role: 'therapist', status })).toBeNull();
      expect(roleLabel({ role: 'ngo', status })).toBeNull();
    }
  });

  it('titles the therapist-chat sidebar by role, with the matching load-failure toast', () => {
    expect(therapistSidebarTitle('therapist')).toBe('My Clients');
    expect(therapistSidebarTitle('ngo')).toBe('My Referred Users');
    expect(therapistSidebarTitle('volunteer')).toBe('My Referred Users');
    expect(therapistSidebarTitle('user')).toBe('Therapists');
    expect(therapistListError('therapist')).toBe('Failed to load your clients');
    expect(therapistListError('volunteer')).toBe('Failed to load your clients');
    expect(therapistListError('user')).toBe('Failed to load therapists');
  });
});

describe('imageProblem', () => {
  it('accepts JPEG, PNG and GIF up to 5 MB', () => {
    expect(imageProblem({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(imageProblem({ type: 'image/gif', size: 1 })).toBeNull();
  });

  it('refuses other types and larger files with the spec wording', () => {
    expect(imageProblem({ type: 'image/webp', size: 10 })).toBe('Please select a valid image file (JPEG, PNG, GIF)');
    expect(imageProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('Image size should be less than 5MB');
  });
});

describe('the time a message shows', () => {
  it('is when it was written, else when it was stored; day separators follow it', () => {
    const now = new Date(2026, 2, 10, 12, 0);
    const stored = new Date(2026, 2, 10, 0, 5).toISOString();
    const written = new Date(2026, 2, 9, 23, 50).toISOString();
    expect(shownAt({ createdAt: stored })).toBe(stored);
    expect(shownAt({ createdAt: stored, writtenAt: null })).toBe(stored);
    expect(shownAt({ createdAt: stored, writtenAt: written })).toBe(written);
    // Written yesterday offline, stored today: it sits under Yesterday, and the next one opens Today.
    const days = daySeparators([{ key: 'a', createdAt: stored, writtenAt: written }, { key: 'b', createdAt: stored }], now);
    expect([...days]).toEqual([['a', 'Yesterday'], ['b', 'Today']]);
  });
});
