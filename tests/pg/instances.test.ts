/**
 * Several instances on one PostgreSQL are one service (docs/deployment.md): a graceful stop
 * of one never disconnects the other's clients; instances booting together on a fresh database
 * run the migrations and make the first admin and the signing keys once; what one instance signs
 * the other accepts.
 */
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../src/server/bootstrap-admin';
import { openPostgres } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { loadOrCreateKeys } from '../../src/server/uploads/signing';
import { ADMIN } from '../server/harness';
import { referredUser, verifiedProfessional } from '../server/people';
import { closeAllSockets, nextEvent, readySocket } from '../server/socket-client';
import { freshDatabase, sameBrowserOn, startInstance } from './instances';

afterEach(() => closeAllSockets());

describe('a graceful stop of one instance', () => {
  it("leaves the other instance's clients connected and reached, and its own clients free to reconnect", async () => {
    const databaseUrl = await freshDatabase();
    const a = await startInstance(databaseUrl);
    const b = await startInstance(databaseUrl);
    const { code } = await verifiedProfessional(a);
    const stays = await referredUser(a, code);
    const moves = await referredUser(a, code);
    const writer = await referredUser(a, code);
    const onA = await readySocket(a, stays.agent, stays.id);
    const onB = await readySocket(b, sameBrowserOn(moves.agent, b), moves.id);
    const reasons: string[] = [];
    onA.on('disconnect', (reason) => reasons.push(reason));
    const bReason = new Promise<string>((resolve) => onB.once('disconnect', resolve));

    await b.stop();
    // Dropped without a word: socket.io reads that as a lost connection and reconnects by itself.
    // 'io server disconnect' would have told the client to stay away.
    expect(await bReason).toBe('transport close');
    const live = nextEvent(onA, 'newMessage', 5_000, (m) => m.text === 'after B stopped');
    expect((await writer.agent.post(`/api/messages/send/${stays.id}`, { text: 'after B stopped' })).status).toBe(201);
    await live;
    expect(reasons).toEqual([]);
    expect(onA.connected).toBe(true);
  });
});

describe('instances booting together on a fresh database', () => {
  it('migrate once and make one admin and one key pair, every time', async () => {
    for (let round = 0; round < 4; round += 1) {
      const databaseUrl = await freshDatabase();
      const boots = await Promise.all([1, 2, 3].map(async (n) => {
        const database = await openPostgres(databaseUrl);
        try {
          return await database.once(async (db) => ({
            admin: await ensureAdmin(db, {}),
            keys: await loadOrCreateKeys(db, `/nonexistent/instance-${n}`),
          }));
        } finally {
          await database.close();
        }
      }));
      const check = await openPostgres(databaseUrl);
      try {
        const admins = (await check.db.select().from(users)).filter((u) => u.role === 'admin');
        expect(admins).toHaveLength(1);
      } finally {
        await check.close();
      }
      // The one-time password is printed by the instance that made the admin, and only by it.
      expect(boots.filter((b) => b.admin.oneTimePassword)).toHaveLength(1);
      expect(new Set(boots.map((b) => JSON.stringify(b.keys))).size).toBe(1);
    }
  });
});

describe('what one instance signs', () => {
  it('the other accepts: an upload signature, and a trusted browser', async () => {
    const databaseUrl = await freshDatabase();
    const a = await startInstance(databaseUrl, { env: { TRUST_PROXY: 'true', RATE_LIMIT_LOGIN_ACCOUNT_MAX: '5' } });
    const b = await startInstance(databaseUrl, { env: { TRUST_PROXY: 'true', RATE_LIMIT_LOGIN_ACCOUNT_MAX: '5' } });
    const { agent } = await verifiedProfessional(a);
    const auth = (await agent.get('/api/upload')).body;
    const form = new FormData();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#48c' } }).png().toBuffer();
    form.append('file', new Blob([new Uint8Array(png)]), 'pic.png');
    for (const [k, v] of Object.entries({ publicKey: auth.publicKey, signature: auth.signature, expire: String(auth.expire), token: auth.token })) form.append(k, v);
    expect((await b.agent().request('POST', '/api/uploads', form)).status).toBe(200);

    // The admin signs in at A; strangers then lock the account for untrusted browsers at B...
    const adminBrowser = a.agent();
    expect((await adminBrowser.post('/api/auth/login', ADMIN)).status).toBe(200);
    for (let i = 0; i < 6; i += 1) {
      await b.agent().request('POST', '/api/auth/login', { ...ADMIN, password: 'wrong-guess' }, { 'x-forwarded-for': `203.0.113.${i + 1}` });
    }
    expect((await b.agent().request('POST', '/api/auth/login', ADMIN, { 'x-forwarded-for': '192.0.2.99' })).status).toBe(429);
    // ...but the browser A trusted is trusted at B too.
    expect((await sameBrowserOn(adminBrowser, b).post('/api/auth/login', ADMIN)).status).toBe(200);
  });
});
