/**
 * The shared route table (src/shared/contract) and the server agree: every declared endpoint is
 * mounted where the table says, and answers go out through their declared schemas, so a handler
 * cannot send a shape the browser does not expect or leak a field nobody declared.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, splitEndpoint, type EndpointName } from '../../src/shared/contract/endpoints';
import { API_PATH } from '../../src/shared/paths';
import { endpoint } from '../../src/server/http/endpoint';
import { registerErrorHandling } from '../../src/server/http/errors';
import { zodSerializerCompiler, zodValidatorCompiler, type ZodTypeProvider } from '../../src/server/http/zod';
import { startServer, type TestServer } from './harness';

describe('the route table on the real server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it.each(Object.keys(ENDPOINTS) as EndpointName[])('%s is mounted at its declared method and path', (name) => {
    const { method, path } = splitEndpoint(name);
    expect(server.app.hasRoute({ method, url: API_PATH + path })).toBe(true);
  });

  it('refuses a path the table does not declare', () => {
    expect(server.app.hasRoute({ method: 'GET', url: `${API_PATH}/auth/login` })).toBe(false);
  });
});

describe('answers go out through their declared schema', () => {
  async function appAnswering(answer: unknown) {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(zodSerializerCompiler);
    registerErrorHandling(app);
    await app.register(async (api) => {
      // Deliberately untyped: this is what a drifting handler would send.
      api.withTypeProvider<ZodTypeProvider>().route({ ...endpoint(api, 'health'), handler: async () => answer as never });
    }, { prefix: API_PATH });
    return app;
  }

  it('drops a field the declaration does not name', async () => {
    const app = await appAnswering({ status: 'ok', database: 'pglite', passwordHash: 'secret' });
    const res = await app.inject({ method: 'GET', url: `${API_PATH}/health` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'pglite' });
    await app.close();
  });

  it('refuses to send an answer of the wrong shape', async () => {
    const app = await appAnswering({ status: 'fine' });
    const res = await app.inject({ method: 'GET', url: `${API_PATH}/health` });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'INTERNAL' });
    await app.close();
  });

  it('mounts a route relative to the prefix of its plugin, and refuses a plugin it does not belong in', async () => {
    expect(endpoint({ prefix: '/api/auth' }, 'login').url).toBe('/login');
    expect(endpoint({ prefix: '/api' }, 'login').url).toBe('/auth/login');
    expect(() => endpoint({ prefix: '/api/admin' }, 'login')).toThrow(/cannot be mounted/);
  });
});
