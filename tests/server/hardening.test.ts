/**
 * Hardening (docs/security.md, Security model): security headers on every answer, logs without what
 * people wrote, text with a NUL or a lone surrogate refused on every route, timeouts for half-sent
 * requests, and a client address that X-Forwarded-For cannot choose.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, splitEndpoint, type EndpointName } from '../../src/shared/contract/endpoints';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { describeError, serializeError } from '../../src/server/http/logging';
import { TEXT_NOT_ALLOWED } from '../../src/shared/text';
import { SESSION_HINT_COOKIE } from '../../src/shared/session-hint';
import type { Agent } from './agent';
import { ADMIN, startServer, type TestServer } from './harness';
import { PASSWORD, referredUser, signedInAdmin, signUp, uniqueEmail, uploadImage, verifiedProfessional } from './people';

let server: TestServer;
beforeAll(async () => { server = await startServer(); });
afterAll(async () => { await server?.close(); });

/** Log lines as pino writes them, kept for the test to read. */
class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  }
  get text() { return this.lines.join('\n'); }
  entries() { return this.lines.map((l) => JSON.parse(l) as Record<string, unknown>); }
}

/**
 * Another app on the test server's database and data folder, with its own settings and a log to
 * read. Closed after the test: on PostgreSQL each holds a pool connection for its socket adapter.
 */
const extraApps: FastifyInstance[] = [];
async function appWith(env: Record<string, string>, logs = new LogCapture()) {
  const config = loadConfig({
    DATA_DIR: server.config.dataDir, CLIENT_DIST: server.config.clientDist, ADMIN_EMAIL: ADMIN.email, ...env,
  });
  const app = await buildApp({ config, database: server.database, logLevel: 'info', logStream: logs });
  extraApps.push(app);
  await app.ready();
  return { app, logs };
}
afterEach(async () => { await Promise.all(extraApps.splice(0).map((a) => a.close())); });

describe('security headers', () => {
  function expectHelmet(headers: Headers) {
    const csp = headers.get('content-security-policy') ?? '';
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toBe("script-src 'self' 'wasm-unsafe-eval'");
    expect(directive('script-src-attr')).toBe("script-src-attr 'none'");
    expect(csp).not.toMatch(/'unsafe-eval'/);
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('same-origin');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('permissions-policy')).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    expect(headers.get('x-powered-by')).toBeNull();
  }

  it('puts them on API answers, errors included, with no-store; no HSTS over plain http', async () => {
    const agent = server.agent();
    const answers = [
      await agent.get('/api/health'),
      await agent.get('/api/auth/check'), // 401
      await agent.get('/api/nothing-here'), // 404 from the not-found handler
      await server.agent('http://evil.example').post('/api/auth/login', {}), // 403 from an onRequest hook
      await agent.request('POST', '/api/auth/login', '{"email":', { 'content-type': 'application/json' }), // 400 from the parser
      await agent.get('/api/messages/%E0%A4%A'), // 400 from the router, before any hook runs
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 404, 403, 400, 400]);
    for (const res of answers) {
      expectHelmet(res.headers);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('keeps the CSP the app needs: own scripts, inline styles, images from data:, blob: and here, sockets here', async () => {
    const csp = (await server.agent().get('/api/health')).headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('lets an ImageKit store serve images and take uploads when one is configured', async () => {
    const { app } = await appWith({
      IMAGEKIT_PUBLIC_KEY: 'public_x', IMAGEKIT_PRIVATE_KEY: 'private_x',
      IMAGEKIT_UPLOAD_URL: 'https://upload.imagekit.io/api/v1/files/upload', IMAGEKIT_URL_ENDPOINT: 'https://ik.imagekit.io/haven',
    });
    const csp = String((await app.inject({ url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: blob: https://ik.imagekit.io");
    expect(csp).toContain("connect-src 'self' https://upload.imagekit.io");
  });

  it('sends HSTS only over HTTPS: by a trusted proxy\'s word, or always with COOKIE_SECURE=true', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const direct = (await appWith({})).app;
    expect((await direct.inject({ url: '/api/health', headers: https })).headers['strict-transport-security']).toBeUndefined();
    const proxied = (await appWith({ TRUST_PROXY: 'true' })).app;
    expect((await proxied.inject({ url: '/api/health', headers: https })).headers['strict-transport-security']).toMatch(/^max-age=\d{8}/);
    expect((await proxied.inject({ url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    const secure = (await appWith({ COOKIE_SECURE: 'true' })).app;
    const res = await secure.inject({ url: '/api/health' });
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{8}/);
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('puts them on the app and its files without changing how those are cached', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'haven-dist-'));
    try {
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Haven</title><script type="module" src="/assets/app-1.js"></script>');
      writeFileSync(join(dist, 'assets', 'app-1.js'), 'console.log(1)');
      writeFileSync(join(dist, 'sw.js'), 'self.x = 1');
      const { app } = await appWith({ CLIENT_DIST: dist });
      const cases: [string, string][] = [
        ['/', 'no-cache'], ['/dashboard', 'no-cache'], ['/sw.js', 'no-cache'], ['/assets/app-1.js', 'public, max-age=31536000, immutable'],
      ];
      for (const [url, cacheControl] of cases) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe(cacheControl);
        expectHelmet(new Headers(res.headers as Record<string, string>));
      }
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it("allows the app shell's inline script by its hash, and no other inline script", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'haven-dist-'));
    try {
      // Written with Windows line endings: the browser hashes the text with LF, and so must the server.
      const theme = "var t = 'dim';\r\ndocument.documentElement.setAttribute('data-theme', t);";
      writeFileSync(join(dist, 'index.html'), `<!doctype html><title>Haven</title><script>${theme}</script>`
        + '<script type="module">alert(1)</script><!-- <script>alert(2)</script> is not here --><script type="module" src="/assets/app-1.js"></script>');
      const { app } = await appWith({ CLIENT_DIST: dist });
      const hash = `'sha256-${createHash('sha256').update(theme.replace('\r\n', '\n')).digest('base64')}'`;
      for (const url of ['/', '/login', '/api/health']) {
        const csp = String((await app.inject({ url })).headers['content-security-policy']);
        const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src '));
        expect(scriptSrc, url).toBe(`script-src 'self' 'wasm-unsafe-eval' ${hash}`);
      }
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('names the signed-in file and the session check on the app shell only for a browser that says someone is signed in', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'haven-dist-'));
    try {
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Haven</title>');
      // What the build lists (vite.config.ts); anything not one of its own script files is dropped.
      writeFileSync(join(dist, 'signed-in-files.json'), JSON.stringify(['/assets/signedin-1.js', 'https://elsewhere.example/x.js', '/assets/a b.js']));
      const { app } = await appWith({ CLIENT_DIST: dist });
      for (const url of ['/', '/dashboard', '/chat?group=1']) {
        const signedIn = await app.inject({ url, headers: { cookie: `${SESSION_HINT_COOKIE}=1` } });
        expect(signedIn.headers.link, url).toBe('</assets/signedin-1.js>; rel=modulepreload, </api/auth/check>; rel=preload; as=fetch; crossorigin=use-credentials');
        expect(signedIn.headers.vary, url).toContain('Cookie');
        const signedOut = await app.inject({ url });
        expect(signedOut.statusCode, url).toBe(200);
        expect(signedOut.headers.link, url).toBeUndefined();
        expect(signedOut.headers.vary, url).toContain('Cookie');
      }
      // Files and the API never carry it.
      expect((await app.inject({ url: '/api/health', headers: { cookie: `${SESSION_HINT_COOKIE}=1` } })).headers.link).toBeUndefined();
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('keeps an uploaded image\'s own stricter policy, out of the browser\'s HTTP cache', async () => {
    const { code } = await verifiedProfessional(server);
    const { agent } = await referredUser(server, code);
    const url = await uploadImage(server, agent);
    const res = await agent.get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('the log', () => {
  const SECRET = `quiet-harbour-${Date.now().toString(36)}`;

  it('keeps a failed query\'s class, code and constraint, never its parameters', async () => {
    const { app, logs } = await appWith({});
    // A constraint the signup does not expect: the insert fails with every value of the new person in its parameters.
    await server.database.db.execute(sql.raw(`ALTER TABLE users ADD CONSTRAINT hardening_probe CHECK (full_name NOT LIKE '%${SECRET}%')`));
    const email = `${SECRET}@test.haven`;
    const password = `${SECRET}-password`;
    try {
      const res = await app.inject({
        method: 'POST', url: '/api/auth/signup',
        payload: { fullName: `Name ${SECRET}`, email, password, role: 'ngo', referralCode: '' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'INTERNAL' });
      expect(res.body).not.toContain(SECRET);
    } finally {
      await server.database.db.execute(sql.raw('ALTER TABLE users DROP CONSTRAINT hardening_probe'));
    }
    const failure = logs.entries().find((e) => e.msg === 'request failed');
    expect(failure).toBeDefined();
    const err = failure!.err as Record<string, unknown> & { cause: Record<string, unknown> };
    expect(err.type).toBe('DrizzleQueryError');
    expect(err.message).toMatch(/^Failed query: insert into "users"/);
    expect(err.cause).toMatchObject({ code: '23514', constraint: 'hardening_probe', table: 'users' });
    expect(err.stack).toMatch(/^at /);
    expect(logs.text).not.toContain(SECRET);
    expect(logs.text).not.toMatch(/argon2/);
    expect(logs.text).not.toMatch(/params|Failing row/);
  });

  it("leaves out a load balancer's health checks (twice a second per instance)", async () => {
    const { app, logs } = await appWith({});
    for (let i = 0; i < 3; i += 1) expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    await app.inject({ url: '/api/safety/resources' });
    const urls = logs.entries().map((e) => (e.req as { url?: string } | undefined)?.url).filter(Boolean);
    expect(urls).toContain('/api/safety/resources');
    expect(urls).not.toContain('/api/health');
  });

  it('never writes cookies or query strings, and censors secrets logged by hand', async () => {
    const { app, logs } = await appWith({});
    // Any route but /api/health, whose own request lines are silenced (a balancer asks it twice a second).
    await app.inject({ url: `/api/safety/resources?email=${SECRET}%40test.haven`, headers: { cookie: `haven_session=${SECRET}`, authorization: `Bearer ${SECRET}` } });
    app.log.info({ headers: { cookie: SECRET, authorization: SECRET }, body: { email: SECRET, password: SECRET, text: SECRET } }, 'by hand');
    app.log.info({ req: { url: `/x?${SECRET}`, headers: { cookie: SECRET } } }, 'by hand');
    expect(logs.lines.length).toBeGreaterThanOrEqual(3);
    expect(logs.entries().some((e) => (e.req as { url?: string } | undefined)?.url === '/api/safety/resources')).toBe(true);
    expect(logs.text).not.toContain(SECRET);
  });

  it('keeps what a database error says about where, not what: values after the colon and in detail are dropped', () => {
    const cause = Object.assign(new Error(`invalid input syntax for type uuid: "${SECRET}"`), {
      code: '22P02', severity: 'ERROR', detail: `Key (email)=(${SECRET}) already exists.`, where: SECRET, routine: 'string_to_uuid',
    });
    const error = Object.assign(new Error(`Failed query: select 1 where id = $1\nparams: ${SECRET}`), { params: [SECRET], cause });
    const logged = serializeError(error);
    expect(logged).toMatchObject({ type: 'Error', message: 'Failed query: select 1 where id = $1', cause: { code: '22P02', message: 'invalid input syntax for type uuid', routine: 'string_to_uuid' } });
    expect(JSON.stringify(logged)).not.toContain(SECRET);
    expect(describeError(error)).not.toContain(SECRET);
    expect(describeError(error)).toContain('Caused by Error [22P02]: invalid input syntax for type uuid');
    expect(serializeError(`${SECRET} thrown as a string`)).toEqual({ type: 'string', message: '', stack: '' });
    expect(JSON.stringify(serializeError(new SyntaxError(`Unexpected token 'q', "${SECRET}" is not valid JSON`)))).not.toContain(SECRET);
  });
});

describe('text with a NUL byte or a lone surrogate', () => {
  const NUL = 'a\u0000b';
  const SURROGATE = 'a\ud800b';
  const FIELDS = ['email', 'password', 'currentPassword', 'newPassword', 'resetCode', 'fullName', 'role', 'referralCode', 'message', 'reason',
    'name', 'type', 'description', 'text', 'image', 'profilePic', 'clientId', 'title', 'prompt', 'question'];
  const body = (bad: string) => ({ ...Object.fromEntries(FIELDS.map((f) => [f, bad])), items: [{ text: bad, clientId: bad }] });

  interface Probe { label: string; method: string; path: string; body?: unknown }
  function probes(name: EndpointName): Probe[] {
    const { method, path } = splitEndpoint(name);
    const api = (p: string) => `/api${p}`;
    const withIds = path.replace(/:[A-Za-z]+/g, '0123456789abcdef01234567');
    const list: Probe[] = [];
    if (method !== 'GET') {
      list.push({ label: 'NUL in the body', method, path: api(withIds), body: body(NUL) });
      list.push({ label: 'lone surrogate in the body', method, path: api(withIds), body: body(SURROGATE) });
    }
    list.push({ label: 'NUL in the query', method, path: api(`${withIds}?since=0&q=a%00b`) });
    list.push({ label: 'lone surrogate in the query', method, path: api(`${withIds}?q=a%ED%A0%80b`) });
    for (const param of path.match(/:[A-Za-z]+/g) ?? []) {
      const at = (value: string) => api(path.replace(param, value).replace(/:[A-Za-z]+/g, '0123456789abcdef01234567'));
      list.push({ label: `NUL in ${param}`, method, path: at('a%00b') });
      list.push({ label: `lone surrogate in ${param}`, method, path: at('%ED%A0%80') });
    }
    return list;
  }

  let people: [string, Agent][];
  beforeAll(async () => {
    const pro = await verifiedProfessional(server);
    const user = await referredUser(server, pro.code);
    const pending = await signUp(server, { role: 'therapist' });
    people = [['anonymous', server.agent()], ['user', user.agent], ['verified therapist', pro.agent],
      ['pending therapist', pending.agent], ['admin', await signedInAdmin(server)]];
  });

  it.each(Object.keys(ENDPOINTS) as EndpointName[])('%s: refused with 400 for whoever gets past its guards, never a 5xx', async (name) => {
    let reached = 0;
    for (const probe of probes(name)) {
      for (const [who, agent] of people) {
        const res = await agent.request(probe.method, probe.path, probe.body);
        const what = `${who}, ${probe.label}: ${probe.method} ${probe.path} -> ${res.status} ${JSON.stringify(res.body)}`;
        expect(res.status, what).toBeLessThan(500);
        if (res.status === 401 || res.status === 403) continue;
        reached += 1;
        if (name === 'sendBatch' && probe.body !== undefined) {
          // The batch refuses each bad message on its own (so one cannot sink the rest): 200, every item refused.
          expect(res.status, what).toBe(200);
          expect((res.body as { results: { ok: boolean; code: string }[] }).results.every((r) => !r.ok && r.code === 'VALIDATION_FAILED'), what).toBe(true);
          continue;
        }
        expect(res.status, what).toBe(400);
        // A path parameter is an id first: the route's own id check may answer, INVALID_ID in its words.
        expect(['VALIDATION_FAILED', 'MALFORMED_REQUEST', ...(probe.label.includes(':') ? ['INVALID_ID'] : [])], what).toContain(res.body.code);
        if (res.body.code === 'VALIDATION_FAILED') expect(res.body.message, what).toBe(TEXT_NOT_ALLOWED);
      }
    }
    expect(reached).toBeGreaterThan(0);
  });

  // Each of these answered 500 for a NUL before the guard (and stored a lone surrogate as U+FFFD).
  it.each([NUL, SURROGATE])('refuses %j in the fields that used to reach the database, and stores nothing', async (bad) => {
    const pro = await verifiedProfessional(server);
    const { agent } = await referredUser(server, pro.code);
    const other = await referredUser(server, pro.code);
    const pending = await signUp(server, { role: 'therapist' });
    const anonymous = server.agent();
    const cases: [Agent, string, string, Record<string, unknown>, string][] = [
      [anonymous, 'POST', '/api/auth/signup', { fullName: `A${bad}`, email: uniqueEmail('nul'), password: PASSWORD, role: 'ngo' }, 'fullName'],
      [anonymous, 'POST', '/api/auth/login', { email: `${bad}@test.haven`, password: PASSWORD }, 'email'],
      [anonymous, 'POST', '/api/auth/validate-referral', { referralCode: `HAVEN-${bad}` }, 'referralCode'],
      [agent, 'POST', `/api/messages/send/${other.id}`, { text: `hello ${bad}` }, 'text'],
      [agent, 'POST', '/api/chats', { text: `hello ${bad}` }, 'text'],
      [pro.admin, 'POST', '/api/admin/create-group', { name: `Group ${bad}`, type: 'mental', description: 'A calm place.' }, 'name'],
      [pro.admin, 'POST', `/api/admin/reject-user/${pending.user._id}`, { reason: `no ${bad}` }, 'reason'],
    ];
    for (const [who, method, path, payload, field] of cases) {
      const res = await who.request(method, path, payload);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body).toEqual({ message: TEXT_NOT_ALLOWED, code: 'VALIDATION_FAILED', fields: { [field]: TEXT_NOT_ALLOWED } });
    }
    expect((await agent.get(`/api/messages/${other.id}`)).body).toHaveLength(0);
    expect((await agent.get('/api/chats/userchats')).body).toHaveLength(0);
    expect((await pro.admin.get('/api/admin/pending-users')).body.map((u: { _id: string }) => u._id)).toContain(pending.user._id);
  });

  it('names the field in a body, and changes nothing', async () => {
    const email = uniqueEmail('nul');
    const res = await server.agent().post('/api/auth/signup', { fullName: `Nul${NUL}`, email, password: PASSWORD, role: 'ngo' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: TEXT_NOT_ALLOWED, code: 'VALIDATION_FAILED', fields: { fullName: TEXT_NOT_ALLOWED } });
    expect((await server.agent().post('/api/auth/login', { email, password: PASSWORD })).status).toBe(401);
    // Nested, and deeper than the call stack would allow if the walk were recursive.
    const deep = `${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`;
    expect((await server.agent().request('POST', '/api/auth/login', deep)).status).toBe(400);
  });

  it('refuses a NUL in an uploaded image\'s name, which no schema checks', async () => {
    const { code } = await verifiedProfessional(server);
    const { agent } = await referredUser(server, code);
    const res = await agent.get('/uploads/a%00b.png');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: TEXT_NOT_ALLOWED, code: 'VALIDATION_FAILED' });
  });

  it('lets ordinary text through: emoji, accents, right-to-left and control-free newlines', async () => {
    const res = await server.agent().post('/api/auth/signup', { fullName: 'Zoë 🌱 نور\tLi', email: uniqueEmail('fine'), password: PASSWORD, role: 'ngo' });
    expect(res.status).toBe(201);
  });

  it('a NUL in the signed upload\'s fields is refused without a 5xx', async () => {
    const form = new FormData();
    for (const k of ['publicKey', 'signature', 'token', 'expire']) form.append(k, NUL);
    form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'x.png');
    const res = await server.agent().request('POST', '/api/uploads', form);
    expect(res.status).toBeLessThan(500);
    expect([400, 403]).toContain(res.status);
  });
});

describe('timeouts', () => {
  let port: number;
  let slow: FastifyInstance;
  beforeAll(async () => {
    slow = await buildApp({
      config: loadConfig({ DATA_DIR: server.config.dataDir, CLIENT_DIST: server.config.clientDist, HEADERS_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '2' }),
      database: server.database, logLevel: 'silent',
    });
    await slow.listen({ port: 0, host: '127.0.0.1' });
    const address = slow.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  /** Opens a raw socket, writes `first`, then `drip` every 200 ms; answers when the server closed it and what it said. */
  function halfRequest(first: string, drip?: string): Promise<{ ms: number; said: string }> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const socket = connect(port, '127.0.0.1', () => socket.write(first));
      let said = '';
      const timer = drip ? setInterval(() => socket.writable && socket.write(drip), 200) : undefined;
      const guard = setTimeout(() => { socket.destroy(); reject(new Error('the server kept the half-sent request open for 10 s')); }, 10_000);
      socket.on('data', (d) => { said += d.toString(); });
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(timer);
        clearTimeout(guard);
        resolve({ ms: Date.now() - started, said });
      });
    });
  }

  it('closes a connection whose headers stop half way', async () => {
    const { ms, said } = await halfRequest('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expect(ms).toBeLessThan(3_000);
    expect(said).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection that drips its headers a byte at a time', async () => {
    const { ms } = await halfRequest('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'x');
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(3_000);
  });

  it('closes a connection whose body never finishes', async () => {
    const { ms, said } = await halfRequest(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":', ' ');
    expect(ms).toBeGreaterThanOrEqual(1_900);
    expect(ms).toBeLessThan(5_000);
    expect(said).toMatch(/^HTTP\/1\.1 408/);
  });

  afterAll(async () => { await slow?.close(); });

  it('still answers a normal request on the same server', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});

describe('the client address', () => {
  /** The address the server saw for one request with this X-Forwarded-For, as its request log says. */
  async function seenAddress(env: Record<string, string>, xff: string | undefined, socketAddress = '127.0.0.1') {
    const { app, logs } = await appWith(env);
    await app.inject({ url: '/api/safety/resources', remoteAddress: socketAddress, headers: xff ? { 'x-forwarded-for': xff } : {} });
    const line = logs.entries().find((e) => e.msg === 'request completed');
    return (line?.req as { remoteAddress?: string } | undefined)?.remoteAddress;
  }

  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    expect(await seenAddress({}, '203.0.113.9')).toBe('127.0.0.1');
    expect(await seenAddress({ TRUST_PROXY: 'false' }, '203.0.113.9')).toBe('127.0.0.1');
  });

  it('believes only as many hops as configured (true is one): what the client wrote further left is ignored', async () => {
    // The client wrote 203.0.113.9; the one proxy appended the address it saw, 198.51.100.7.
    expect(await seenAddress({ TRUST_PROXY: 'true' }, '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
    expect(await seenAddress({ TRUST_PROXY: '1' }, '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
    expect(await seenAddress({ TRUST_PROXY: '2' }, '203.0.113.9, 198.51.100.7, 10.0.0.3')).toBe('198.51.100.7');
    expect(await seenAddress({ TRUST_PROXY: '1' }, undefined)).toBe('127.0.0.1');
  });

  it('with a list of proxies, believes the header only from them', async () => {
    const env = { TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' };
    expect(await seenAddress(env, '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
    expect(await seenAddress(env, '203.0.113.9, 10.1.2.3')).toBe('203.0.113.9');
    // A client that reaches the server directly cannot pick its address.
    expect(await seenAddress(env, '203.0.113.9', '192.0.2.44')).toBe('192.0.2.44');
  });

  it('changing the left of X-Forwarded-For does not buy more signups behind one proxy', async () => {
    const { app } = await appWith({ TRUST_PROXY: 'true', RATE_LIMIT_SIGNUP_MAX: '2' });
    const signup = (spoofed: string) => app.inject({
      method: 'POST', url: '/api/auth/signup', headers: { 'x-forwarded-for': `${spoofed}, 198.51.100.80` },
      payload: { fullName: 'Proxy Person', email: uniqueEmail('xff'), password: PASSWORD, role: 'ngo' },
    });
    expect((await signup('203.0.113.1')).statusCode).toBe(201);
    expect((await signup('203.0.113.2')).statusCode).toBe(201);
    expect((await signup('203.0.113.3')).statusCode).toBe(429);
  });
});
