/**
 * E-mail through SMTP_URL (docs/decisions/email.md), to a mail server on 127.0.0.1 that keeps what
 * it is given: a decision on a professional's account, a reset code an admin made, and a sign-in
 * from a browser Haven has not seen, each with no link and nothing anyone wrote.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { startFakeSmtp, type FakeSmtp, type Letter } from '../support/fake-smtp';
import { ADMIN, startServer, type TestServer } from './harness';
import { PASSWORD, referredUser, signUp, signedInAdmin, verifiedProfessional } from './people';

let server: TestServer;
let smtp: FakeSmtp;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  server = await startServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Haven <haven@test.haven>' } });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const sent = () => server.app.mailer.idle();

function expectCalm(letter: Letter): void {
  expect(letter.from).toBe('"Haven" <haven@test.haven>');
  // No link of any kind: a letter asking for a click is never Haven's.
  expect(letter.text).not.toMatch(/https?:|www\./i);
  expect(letter.text).toContain('Haven never sends links by e-mail');
}

describe('without SMTP_URL', () => {
  it('says so, sends nothing and the reset code is for handing over only', async () => {
    const plain = await startServer();
    try {
      const admin = await signedInAdmin(plain);
      expect((await admin.get('/api/push/email')).body).toEqual({ enabled: false });
      const { user } = await signUp(plain, { role: 'therapist' });
      const res = await admin.post(`/api/admin/reset-password/${user._id}`);
      expect(res.status).toBe(200);
      expect(res.body.emailed).toBe(false);
      await plain.app.mailer.idle();
    } finally {
      await plain.close();
    }
  });
});

describe('with SMTP_URL', () => {
  it('tells a signed-in person that e-mail notices are sent', async () => {
    const { agent } = await signUp(server, { role: 'volunteer' });
    expect((await agent.get('/api/push/email')).body).toEqual({ enabled: true });
    expect((await server.agent().get('/api/push/email')).status).toBe(401);
  });

  it('writes to a professional when an admin verifies them, and when one is not verified, with the reason', async () => {
    const admin = await signedInAdmin(server);
    const yes = await signUp(server, { role: 'therapist', fullName: 'Dr Yes Person' });
    const no = await signUp(server, { role: 'ngo', fullName: 'No Such Org' });
    expect((await admin.post(`/api/admin/verify-user/${yes.user._id}`)).status).toBe(200);
    expect((await admin.post(`/api/admin/reject-user/${no.user._id}`, { reason: 'The licence number could not be checked' })).status).toBe(200);
    await sent();
    const [verified] = smtp.to(yes.email);
    expect(verified!.subject).toBe('Your Haven account is verified');
    expect(verified!.text).toContain('Hello Dr Yes Person');
    expectCalm(verified!);
    const [rejected] = smtp.to(no.email);
    expect(rejected!.subject).toBe('Your Haven account was not verified');
    expect(rejected!.text).toContain('The reason given: The licence number could not be checked');
    expectCalm(rejected!);
    // Signing up sent nothing: one letter each.
    expect(smtp.to(yes.email)).toHaveLength(1);
    expect(smtp.to(no.email)).toHaveLength(1);
  });

  it('sends the reset code an admin made to the person, and that code resets the password', async () => {
    const admin = await signedInAdmin(server);
    const { user, email } = await signUp(server, { role: 'therapist', fullName: 'Forgetful Pro' });
    const res = await admin.post(`/api/admin/reset-password/${user._id}`);
    expect(res.status).toBe(200);
    expect(res.body.emailed).toBe(true);
    await sent();
    const [letter] = smtp.to(email);
    expect(letter!.subject).toBe('Your Haven password reset code');
    expect(letter!.text).toContain(res.body.resetCode);
    expectCalm(letter!);
    const reset = await server.agent().post('/api/auth/reset-password', { email, resetCode: res.body.resetCode, newPassword: 'a-new-password-9' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  });

  it('writes when an account signs in from a browser it has not seen, not from one it knows', async () => {
    const { agent, email } = await signUp(server, { role: 'volunteer', fullName: 'Careful Volunteer' });
    const login = (a = server.agent()) => a.request('POST', '/api/auth/login', { email, password: PASSWORD }, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36' });
    // The browser that signed up is known.
    expect((await login(agent)).status).toBe(200);
    await sent();
    expect(smtp.to(email)).toHaveLength(0);
    const elsewhere = server.agent();
    expect((await login(elsewhere)).status).toBe(200);
    await sent();
    const [letter] = smtp.to(email);
    expect(letter!.subject).toBe('A new sign-in to your Haven account');
    expect(letter!.text).toContain("Chrome on Linux");
    expectCalm(letter!);
    // Known from now on; a wrong password tells nobody anything.
    expect((await login(elsewhere)).status).toBe(200);
    expect((await server.agent().post('/api/auth/login', { email, password: 'not-the-password' })).status).toBe(401);
    await sent();
    expect(smtp.to(email)).toHaveLength(1);
  });

  it('never e-mails a message: words to a person stay in Haven', async () => {
    const pro = await verifiedProfessional(server);
    const a = await referredUser(server, pro.code);
    const b = await referredUser(server, pro.code);
    expect((await a.agent.post(`/api/messages/send/${b.id}`, { text: 'a private word' })).status).toBe(201);
    expect((await a.agent.post(`/api/messages/send/${pro.user._id}`, { text: 'another private word' })).status).toBe(201);
    await sent();
    expect(smtp.to(b.email)).toHaveLength(0);
    expect(smtp.letters.some((l) => l.text.includes('private word'))).toBe(false);
    expect(smtp.to(pro.email)).toHaveLength(1); // the verification, only
  });

  it('a busy mail server delays the letter, not the admin: it is sent again and arrives once', async () => {
    const admin = await signedInAdmin(server);
    const { user, email } = await signUp(server, { role: 'therapist' });
    smtp.failNext(1);
    expect((await admin.post(`/api/admin/verify-user/${user._id}`)).status).toBe(200);
    // The answer came before any retry could have (the first wait is at least two seconds).
    expect(smtp.to(email)).toHaveLength(0);
    await sent();
    expect(smtp.to(email)).toHaveLength(1);
  });

  it('admin sign-ins from new browsers are reported to the admin too', async () => {
    const before = smtp.to(ADMIN.email).length;
    await signedInAdmin(server);
    await sent();
    expect(smtp.to(ADMIN.email).length).toBe(before + 1);
  });
});

describe('configuration', () => {
  const base = { DATA_DIR: '/tmp/x' };
  it('wants an smtp URL and a sender', () => {
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://mail.example.org' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadConfig({ ...base, SMTP_URL: 'smtps://u:p@mail.example.org' })).toThrow(/MAIL_FROM: is required when SMTP_URL is set/);
    expect(() => loadConfig({ ...base, SMTP_URL: 'smtps://u:p@mail.example.org', MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM: must be an address/);
    expect(loadConfig({ ...base, SMTP_URL: 'smtps://u:p@mail.example.org', ADMIN_EMAIL: 'a@example.org' }).SMTP_URL).toBe('smtps://u:p@mail.example.org');
    expect(loadConfig({ ...base, SMTP_URL: 'smtps://mail.example.org', MAIL_FROM: 'Haven <haven@example.org>' }).MAIL_FROM).toBe('Haven <haven@example.org>');
  });
});
