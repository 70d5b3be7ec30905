import { describe, expect, it } from 'vitest';
import { nextPhase, type EngineEvent, type EnginePhase } from '../../../src/client/sync/lifecycle';

const run = (events: EngineEvent[], from: EnginePhase = 'created') => events.reduce(nextPhase, from);

describe('the sync engine lifecycle', () => {
  it('starts, waits for its first sync, then runs', () => {
    expect(run(['start'])).toBe('awaiting-first-sync');
    expect(run(['start', 'synced'])).toBe('running');
    expect(run(['start', 'synced', 'synced', 'start'])).toBe('running');
  });

  it('keeps a local-only engine local: no sync makes it run', () => {
    expect(run(['start-local', 'synced', 'start'])).toBe('local-only');
  });

  it('never leaves stopped, whatever arrives late', () => {
    expect(run(['start', 'stop', 'synced', 'start'])).toBe('stopped');
    expect(run(['stop', 'start-local'])).toBe('stopped');
  });
});
