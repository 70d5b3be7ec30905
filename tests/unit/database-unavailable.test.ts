import { describe, expect, it } from 'vitest';
import { unavailableCause } from '../../src/server/db/unavailable';

const withCode = (message: string, fields: Record<string, string>) => Object.assign(new Error(message), fields);
/** How drizzle wraps a failed query: its own message (the query and its parameters), the driver's error as cause. */
const wrapped = (cause: Error) => new Error('Failed query: insert into "users" … params: secret words', { cause });

describe('unavailableCause: is the database away?', () => {
  it('answers the driver\'s error for a restart, a failover, a cut connection or a refused one', () => {
    const cases = [
      withCode('terminating connection due to administrator command', { code: '57P01' }),
      withCode('the database system is starting up', { code: '57P03' }),
      withCode('connection failure', { code: '08006' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED', syscall: 'connect' }),
    ];
    for (const error of cases) {
      expect(unavailableCause(error)).toBe(error);
      expect(unavailableCause(wrapped(error))).toBe(error);
    }
  });

  it('says no to a query that was wrong, and to a socket error that is not the database\'s', () => {
    expect(unavailableCause(wrapped(withCode('duplicate key value', { code: '23505' })))).toBeNull();
    expect(unavailableCause(new Error('Failed query: select …'))).toBeNull();
    // A phone that hung up in the middle of an upload.
    expect(unavailableCause(withCode('aborted', { code: 'ECONNRESET', syscall: 'read' }))).toBeNull();
    expect(unavailableCause(withCode('aborted', { code: 'ECONNRESET' }))).toBeNull();
    // The same code under a query is the database's connection.
    expect(unavailableCause(wrapped(withCode('read ECONNRESET', { code: 'ECONNRESET', syscall: 'read' })))).not.toBeNull();
  });

  it('gives the driver\'s own words, never the wrapper\'s query and parameters', () => {
    expect(unavailableCause(wrapped(new Error('Connection terminated unexpectedly')))!.message).not.toMatch(/params|secret/);
  });
});
