/**
 * A real server per test file: its own database (PGlite from the template, or a new PostgreSQL
 * database when TEST_DATABASE_URL is set), its own DATA_DIR, listening on a free port.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import { ensureAdmin } from '../../src/server/bootstrap-admin';
import { loadConfig, type Config } from '../../src/server/config';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client';
import { freshPostgres } from '../support/pg-database';
import { Agent } from './agent';

export const ADMIN = { email: 'admin@test.haven', password: 'admin-password-1' };

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  database: Database;
  baseUrl: string;
  agent(origin?: string): Agent;
  /** Stops the server but keeps DATA_DIR and the database, for restart tests. */
  stop(): Promise<void>;
  /** A server restart on the same database and port: in-flight requests are cut, state survives. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

async function openTestDatabase(dataDir?: string, databaseUrl?: string): Promise<{ database: Database; drop(): Promise<void> }> {
  if (databaseUrl) return { database: await openPostgres(databaseUrl), drop: async () => {} };
  const url = process.env.TEST_DATABASE_URL;
  if (url) return freshPostgres(url);
  if (dataDir) return { database: await openPglite({ dataDir }), drop: async () => {} };
  const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
  return { database: await openPglite({ loadDataDir: template }), drop: async () => {} };
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Persist PGlite under DATA_DIR (restart tests); the default is in memory from the template. */
  onDisk?: boolean;
  dataDir?: string;
  /** A PostgreSQL database another test server may share (a second instance); the test makes and drops it. */
  databaseUrl?: string;
}

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'haven-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    CLIENT_DIST: join(dataDir, 'no-client'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_SIGNUP_MAX: '10000',
    RATE_LIMIT_REFERRAL_MAX: '10000',
    RATE_LIMIT_LOGIN_PAIR_MAX: '10000',
    RATE_LIMIT_LOGIN_ACCOUNT_MAX: '10000',
    RATE_LIMIT_LOGIN_ADDRESS_MAX: '10000',
    ...options.env,
  });
  const { database, drop } = await openTestDatabase(options.onDisk ? join(dataDir, 'pglite') : undefined, options.databaseUrl);
  await database.once((db) => ensureAdmin(db, config));
  let app = await buildApp({ config, database, logLevel: 'silent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await app.close();
    await database.close();
  };
  const server: TestServer = {
    app, config, database, baseUrl,
    agent: (origin?: string) => new Agent(baseUrl, origin),
    stop,
    restart: async () => {
      await app.close();
      app = await buildApp({ config, database, logLevel: 'silent' });
      await app.listen({ port, host: '127.0.0.1' });
      server.app = app;
    },
    close: async () => {
      await stop();
      await drop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
