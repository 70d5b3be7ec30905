import { describe, expect, it } from 'vitest';
import { withoutSent } from '../../src/client/ui/draft';

describe('withoutSent', () => {
  it('empties the box when nothing more was typed', () => {
    expect(withoutSent('hello', 'hello')).toBe('');
  });
  it('keeps what was typed after the sent words while they were being stored', () => {
    expect(withoutSent('hello and more', 'hello')).toBe('and more');
  });
  it('keeps newer text that replaced the sent words', () => {
    expect(withoutSent('queued 2', 'queued 1')).toBe('queued 2');
  });
});
