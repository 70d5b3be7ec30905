/**
 * The sync engine's life, as an explicit state machine (pure, unit-tested):
 *
 *   created ──start-local──▶ local-only            (a pending professional: the device store only)
 *   created ──start──▶ awaiting-first-sync ──synced──▶ running
 *   any ──stop──▶ stopped                           (final: a late answer must not act for anyone)
 *
 * The first sync is the socket's first connect, or a fallback when it cannot connect.
 */
export type EnginePhase = 'created' | 'local-only' | 'awaiting-first-sync' | 'running' | 'stopped';
export type EngineEvent = 'start' | 'start-local' | 'synced' | 'stop';

export function nextPhase(phase: EnginePhase, event: EngineEvent): EnginePhase {
  if (phase === 'stopped') return phase;
  switch (event) {
    case 'stop':
      return 'stopped';
    case 'start':
      return phase === 'created' ? 'awaiting-first-sync' : phase;
    case 'start-local':
      return phase === 'created' ? 'local-only' : phase;
    case 'synced':
      return phase === 'awaiting-first-sync' ? 'running' : phase;
  }
}
