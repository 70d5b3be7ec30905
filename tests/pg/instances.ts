/**
 * Several Haven servers on one PostgreSQL database, in this process: each its own app, port and
 * DATA_DIR, optionally reaching the database through a proxy the test can cut (tests/support/tcp-proxy).
 */
import { randomBytes } from 'node:crypto';
import { afterAll } from 'vitest';
import { Agent } from '../server/agent';
import { startServer, type TestServer } from '../server/harness';
import { adminQuery } from '../support/pg-database';
import { tcpProxy, type TcpProxy } from '../support/tcp-proxy';

const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('tests/pg needs TEST_DATABASE_URL');
export const TEST_DATABASE_URL = url;

export interface Instance extends TestServer {
  /** Set when the instance reaches the database through a proxy. */
  proxy?: TcpProxy;
}

/** A new empty database (dropped after the file); its URL. */
export async function freshDatabase(): Promise<string> {
  const name = `haven_i_${randomBytes(6).toString('hex')}`;
  await adminQuery(TEST_DATABASE_URL, `create database ${name}`);
  afterAll(() => adminQuery(TEST_DATABASE_URL, `drop database if exists ${name} with (force)`));
  const target = new URL(TEST_DATABASE_URL);
  target.pathname = `/${name}`;
  return target.toString();
}

const running: Instance[] = [];
afterAll(async () => {
  for (const instance of running.splice(0)) {
    // Cut first: a frozen connection would keep the pool's end waiting for ever.
    await instance.proxy?.cut();
    await instance.proxy?.restore().catch(() => undefined);
    await instance.close().catch(() => undefined);
    await instance.proxy?.close();
  }
});

export async function startInstance(databaseUrl: string, options: { viaProxy?: boolean; env?: Record<string, string> } = {}): Promise<Instance> {
  const proxy = options.viaProxy ? await tcpProxy(databaseUrl) : undefined;
  const server: Instance = await startServer({ databaseUrl: proxy?.url ?? databaseUrl, env: options.env });
  server.proxy = proxy;
  running.push(server);
  return server;
}

/** The same browser (its cookies) talking to another instance. */
export function sameBrowserOn(agent: Agent, instance: TestServer): Agent {
  const other = new Agent(instance.baseUrl, agent.origin);
  for (const [name, value] of agent.cookies) other.cookies.set(name, value);
  return other;
}

/** Polls `probe` until it returns true, or fails after `timeoutMs`. */
export async function eventually(probe: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await probe().catch(() => false)) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}
