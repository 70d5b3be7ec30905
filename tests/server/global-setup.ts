/**
 * Makes one migrated PGlite and dumps it, so each test file starts from a copy (~0.5 s)
 * instead of running initdb (~3 s). Skipped for the pg project, where each file gets a new database.
 */
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'haven-template-'));
  const file = join(dir, 'template.tar');
  // Decided by project, not by TEST_DATABASE_URL: CI exports that for the whole run, and this runs in the main process.
  if (project.name !== 'pg') {
    const database = await openPglite();
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
