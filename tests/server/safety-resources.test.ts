/** GET /api/safety/resources: the crisis lines behind "Get help now", open before sign-in, and their config check. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { DEFAULT_CRISIS_RESOURCES, type CrisisResource } from '../../src/shared/crisis-resources';
import { startServer, type TestServer } from './harness';

describe('default resources', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startServer(); });
  afterAll(async () => { await server?.close(); });

  it('answers the international default to someone with no cookie at all', async () => {
    const agent = server.agent();
    const res = await agent.get<{ resources: CrisisResource[] }>('/api/safety/resources');
    expect(agent.cookies.size).toBe(0);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ resources: DEFAULT_CRISIS_RESOURCES });
  });

  it('gives the default tappable numbers and the find-a-line website', () => {
    const byName = (name: string) => DEFAULT_CRISIS_RESOURCES.find((r) => r.name === name);
    expect(byName('988 Suicide & Crisis Lifeline')).toMatchObject({ phone: '988', sms: '988' });
    expect(byName('Samaritans')?.phone?.replace(/ /g, '')).toBe('116123');
    expect(byName('Lifeline')?.phone?.replace(/ /g, '')).toBe('131114');
    expect(byName('Tele-MANAS')?.phone).toBe('14416');
    expect(byName('Find a Helpline')?.url).toBe('https://findahelpline.com');
    expect(byName('Emergency services')?.phone).toBeTruthy();
  });
});

describe('configured resources', () => {
  const RESOURCES = [
    { name: 'Haven Test Line', contact: 'Call or text 000 111', region: 'Testland', phone: '000 111', sms: '+000111', url: 'https://help.example.org' },
    // The old shape, without links, is still a valid entry.
    { name: 'Words Only', contact: 'Ask at the front desk', region: 'Elsewhere' },
  ];
  let server: TestServer;
  beforeAll(async () => { server = await startServer({ env: { CRISIS_RESOURCES: JSON.stringify(RESOURCES) } }); });
  afterAll(async () => { await server?.close(); });

  it('answers exactly the CRISIS_RESOURCES list, not the default', async () => {
    const res = await server.agent().get('/api/safety/resources');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ resources: RESOURCES });
  });
});

describe('CRISIS_RESOURCES check', () => {
  const load = (list: unknown) => () => loadConfig({ CRISIS_RESOURCES: JSON.stringify(list) });
  const base = { name: 'A line', contact: 'Call 123', region: 'Here' };

  it('accepts phone, sms and url when they are well formed', () => {
    const config = loadConfig({ CRISIS_RESOURCES: JSON.stringify([{ ...base, phone: '+44 116 123', sms: '85258', url: 'https://x.example' }]) });
    expect(config.CRISIS_RESOURCES?.[0]).toMatchObject({ phone: '+44 116 123', sms: '85258', url: 'https://x.example' });
  });

  it.each([
    ['a phone with letters', { ...base, phone: 'call 988' }],
    ['an sms that is too short', { ...base, sms: '9' }],
    ['a plain http url', { ...base, url: 'http://x.example' }],
    ['a javascript: url', { ...base, url: 'javascript:alert(1)' }],
    ['a missing contact', { name: 'A line', region: 'Here' }],
  ])('refuses %s', (_what, entry) => {
    expect(load([entry])).toThrow(ConfigError);
    expect(load([entry])).toThrow(/CRISIS_RESOURCES/);
  });
});
