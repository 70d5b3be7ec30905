/**
 * The SQL forms of the shared role-and-status predicates (src/server/users/standing.ts) pick the
 * same rows as the shared functions decide for a loaded row, over every role and status.
 */
import { and, inArray, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/shared/ids';
import {
  ROLES, STATUSES, isPendingProfessional, isProfessional, isVerifiedProfessional, type Role, type Status,
} from '../../src/shared/limits';
import { users } from '../../src/server/db/schema';
import { listedToAdmin, notPending, pendingProfessional, professionalRole, verifiedProfessional } from '../../src/server/users/standing';
import { startServer, type TestServer } from './harness';

let server: TestServer;
const made = new Map<string, { role: Role; status: Status }>();

beforeAll(async () => {
  server = await startServer();
  const rows = ROLES.flatMap((role) => STATUSES.map((status) => ({ role, status })));
  for (const row of rows) made.set(newId(), row);
  await server.database.db.insert(users).values([...made].map(([id, { role, status }]) => ({
    id, role, status, fullName: `${role} ${status}`, email: `${id}@standing.test`, passwordHash: 'x',
  })));
});
afterAll(async () => { await server?.close(); });

/** Of the rows made here, the ids `condition` selects. */
async function picked(condition: SQL): Promise<string[]> {
  const rows = await server.database.db.select({ id: users.id }).from(users).where(and(inArray(users.id, [...made.keys()]), condition));
  return rows.map((r) => r.id).sort();
}

const expected = (decide: (row: { role: Role; status: Status }) => boolean) =>
  [...made].filter(([, row]) => decide(row)).map(([id]) => id).sort();

describe('role and status in SQL', () => {
  it('agrees with the shared predicates for every role and status', async () => {
    expect(await picked(professionalRole())).toEqual(expected((u) => isProfessional(u.role)));
    expect(await picked(pendingProfessional())).toEqual(expected(isPendingProfessional));
    expect(await picked(notPending())).toEqual(expected((u) => !isPendingProfessional(u)));
    expect(await picked(verifiedProfessional())).toEqual(expected(isVerifiedProfessional));
    expect(await picked(listedToAdmin())).toEqual(expected((u) => u.role !== 'admin'));
  });
});
