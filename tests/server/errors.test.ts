import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALM_MESSAGES, ERROR_CODES, ERROR_STATUS, type ErrorCode } from '../../src/shared/errors';
import type { Reply } from './agent';
import { startServer, type TestServer } from './harness';
import { signedInAdmin } from './people';

let server: TestServer;
beforeAll(async () => { server = await startServer(); });
afterAll(async () => { await server?.close(); });

/** The one error shape: {message, code[, fields][, retryAfter]}, a known code, and the status that code belongs to. */
function expectError(res: Reply, status: number, code: ErrorCode) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = res.body as Record<string, unknown>;
  expect(Object.keys(body).every((k) => ['message', 'code', 'fields', 'retryAfter'].includes(k))).toBe(true);
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  expect(ERROR_CODES).toContain(body.code);
  expect(body.code).toBe(code);
  expect(ERROR_STATUS[code]).toBe(status);
}

const json = { 'content-type': 'application/json' };

describe('bad requests', () => {
  it('answers 400 MALFORMED_REQUEST for malformed or empty JSON', async () => {
    const agent = server.agent();
    expectError(await agent.request('POST', '/api/auth/login', '{"email": "a@b.c", ', json), 400, 'MALFORMED_REQUEST');
    expectError(await agent.request('POST', '/api/auth/signup', '{not json}', json), 400, 'MALFORMED_REQUEST');
    expectError(await agent.request('POST', '/api/auth/login', '', json), 400, 'MALFORMED_REQUEST');
  });

  it('answers 400 VALIDATION_FAILED with the fields for invalid input', async () => {
    const res = await server.agent().post('/api/auth/login', { email: 'a@b.c' });
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(res.body.fields).toEqual({ password: 'Email and password are required' });
  });

  it('answers 413 PAYLOAD_TOO_LARGE for a JSON body over 1 MB', async () => {
    const body = JSON.stringify({ email: 'big@test.haven', password: 'x'.repeat(1024 * 1024 + 10) });
    expectError(await server.agent().request('POST', '/api/auth/login', body, json), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers 415 UNSUPPORTED_MEDIA_TYPE for a content type no route takes', async () => {
    const agent = server.agent();
    expectError(await agent.request('POST', '/api/auth/login', '<login/>', { 'content-type': 'application/xml' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectError(await agent.request('POST', '/api/auth/signup', 'a=b', { 'content-type': 'application/x-www-form-urlencoded' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 404 NOT_FOUND in JSON for unknown routes and methods under /api', async () => {
    const agent = server.agent();
    expectError(await agent.get('/api/nothing-here'), 404, 'NOT_FOUND');
    expectError(await agent.get('/api'), 404, 'NOT_FOUND');
    expectError(await agent.post('/api/auth/nothing'), 404, 'NOT_FOUND');
    expectError(await agent.request('PATCH', '/api/auth/login', {}), 404, 'NOT_FOUND');
    // Also signed in: a session does not turn an unknown route into anything else.
    expectError(await (await signedInAdmin(server)).get('/api/admin/nothing'), 404, 'NOT_FOUND');
  });
});

describe('ids', () => {
  it('answers 400 INVALID_ID for ids that are not 24 lowercase hex characters', async () => {
    const admin = await signedInAdmin(server);
    const bad = ['1', 'abc', 'g'.repeat(24), 'a'.repeat(23), 'a'.repeat(25), '%20', `${'a'.repeat(23)}%00`, 'a'.repeat(99)];
    for (const id of bad) {
      const res = await admin.post(`/api/admin/verify-user/${id}`);
      expectError(res, 400, 'INVALID_ID');
      expect(res.body.message).toBe('Invalid id format');
    }
    expectError(await admin.delete('/api/admin/delete-user/12345'), 400, 'INVALID_ID');
    expectError(await admin.post('/api/admin/reject-user/12345'), 400, 'INVALID_ID');
  });

  it('answers INVALID_ID in the same shape for an id longer than the router allows', async () => {
    // Over Fastify's maxParamLength (100) the router answers before any handler or hook.
    const res = await (await signedInAdmin(server)).post(`/api/admin/verify-user/${'a'.repeat(101)}`);
    expectError(res, 400, 'INVALID_ID');
  });

  it('answers 400 MALFORMED_REQUEST in the same shape for a broken percent-encoding in the path', async () => {
    expectError(await server.agent().get('/api/admin/delete-user/%zz'), 400, 'MALFORMED_REQUEST');
  });
});

describe('GET /api/health', () => {
  it('says the server and its database are up, and which database', async () => {
    const res = await server.agent().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });
});

describe('server faults', () => {
  it('answers 500 INTERNAL with a calm message and nothing of the failure itself', async () => {
    // A server of its own whose users table is gone: every login fails inside the database.
    const broken = await startServer();
    try {
      await broken.database.db.execute(sql`alter table users rename to users_gone`);
      const res = await broken.agent().post('/api/auth/login', { email: 'someone@test.haven', password: 'password-123' });
      expectError(res, 500, 'INTERNAL');
      expect(res.body).toEqual({ message: CALM_MESSAGES.INTERNAL, code: 'INTERNAL' });
      const text = JSON.stringify(res.body);
      expect(text).not.toMatch(/users_gone|relation|stack|at .*\.ts|node_modules/i);
      // The database itself still answers, so health stays ok.
      expect((await broken.agent().get('/api/health')).status).toBe(200);
    } finally {
      await broken.close();
    }
  });
});
