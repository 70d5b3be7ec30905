import { afterEach, describe, expect, it } from 'vitest';
import { readDraft, readFields, writeDraft, writeFields } from '../../../src/client/features/drafts/store';
import { draftStorageKey } from '../../../src/client/state/local-keys';

afterEach(() => localStorage.clear());

describe('drafts kept on the device', () => {
  it('are kept per person and place, under a key naming the person (so "remove my data" takes them)', () => {
    const mine = draftStorageKey('aaaaaaaaaaaaaaaaaaaaaaaa', 'dm:bbbbbbbbbbbbbbbbbbbbbbbb');
    const theirs = draftStorageKey('cccccccccccccccccccccccc', 'dm:bbbbbbbbbbbbbbbbbbbbbbbb');
    expect(mine).toBe('haven-draft:aaaaaaaaaaaaaaaaaaaaaaaa:dm:bbbbbbbbbbbbbbbbbbbbbbbb');
    writeDraft(mine, 'half a thought');
    expect(readDraft(mine)).toBe('half a thought');
    expect(readDraft(theirs)).toBe('');
  });

  it('an emptied or blank draft leaves no key behind', () => {
    const key = draftStorageKey('u', 'group:g');
    writeDraft(key, 'hello');
    writeDraft(key, '   ');
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('keeps two fields together and reads a damaged value as empty', () => {
    const key = draftStorageKey('u', 'diary:new');
    writeFields(key, { title: 'Morning', content: '' });
    expect(readFields(key, ['title', 'content'])).toEqual({ title: 'Morning', content: '' });
    writeFields(key, { title: ' ', content: '' });
    expect(localStorage.getItem(key)).toBeNull();
    localStorage.setItem(key, '{not json');
    expect(readFields(key, ['title', 'content'])).toEqual({ title: '', content: '' });
    localStorage.setItem(key, JSON.stringify({ title: 3, content: 'kept' }));
    expect(readFields(key, ['title', 'content'])).toEqual({ title: '', content: 'kept' });
  });
});
