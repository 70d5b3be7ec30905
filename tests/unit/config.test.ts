import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

/** The error loadConfig throws for this environment (fails the test if it does not throw). */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

const IMAGEKIT = {
  IMAGEKIT_PUBLIC_KEY: 'public_x',
  IMAGEKIT_PRIVATE_KEY: 'private_x',
  IMAGEKIT_UPLOAD_URL: 'https://upload.imagekit.io/api/v1/files/upload',
  IMAGEKIT_URL_ENDPOINT: 'https://ik.imagekit.io/haven',
};

describe('loadConfig', () => {
  it('has a default for every setting', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: 'localhost', COOKIE_SECURE: 'auto', TRUST_PROXY: false, TRUSTED_ORIGINS: [] });
    expect(config.dataDir).toBe(resolve('./data'));
    expect(config.uploadsDir).toBe(resolve('./data/uploads'));
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ADMIN_EMAIL).toBeUndefined();
    expect(config.RATE_LIMIT_LOGIN_PAIR_MAX).toBeGreaterThan(0);
  });

  it('reads good values', () => {
    const config = loadConfig({
      PORT: '8080', HOST: '0.0.0.0', DATA_DIR: '/tmp/haven-x', DATABASE_URL: 'postgresql://u@h/db',
      TRUST_PROXY: 'true', COOKIE_SECURE: 'false', TRUSTED_ORIGINS: 'https://a.example, https://b.example:8443',
      ADMIN_EMAIL: 'Boss@Example.org', ADMIN_PASSWORD: 'secret-1', ...IMAGEKIT,
    });
    expect(config).toMatchObject({
      PORT: 8080, HOST: '0.0.0.0', dataDir: '/tmp/haven-x', DATABASE_URL: 'postgresql://u@h/db', TRUST_PROXY: 1,
      COOKIE_SECURE: 'false', TRUSTED_ORIGINS: ['https://a.example', 'https://b.example:8443'], ADMIN_EMAIL: 'boss@example.org',
    });
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  });

  it('counts empty strings as unset', () => {
    const config = loadConfig({ PORT: '', HOST: '', DATABASE_URL: '', TRUST_PROXY: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '', IMAGEKIT_PUBLIC_KEY: '' });
    expect(config).toMatchObject({ PORT: 3000, HOST: 'localhost', TRUST_PROXY: false });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1, not-an-address' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: ' , ' }, 'TRUST_PROXY'],
    [{ HEADERS_TIMEOUT_SECONDS: '0' }, 'HEADERS_TIMEOUT_SECONDS'],
    [{ HEADERS_TIMEOUT_SECONDS: '30', REQUEST_TIMEOUT_SECONDS: '20' }, 'HEADERS_TIMEOUT_SECONDS'],
    [{ IDLE_TIMEOUT_SECONDS: '10' }, 'IDLE_TIMEOUT_SECONDS'],
    [{ IDLE_TIMEOUT_SECONDS: '40', AI_TIMEOUT_SECONDS: '40' }, 'IDLE_TIMEOUT_SECONDS'],
    [{ KEEP_ALIVE_TIMEOUT_SECONDS: 'soon' }, 'KEEP_ALIVE_TIMEOUT_SECONDS'],
    [{ COOKIE_SECURE: 'sometimes' }, 'COOKIE_SECURE'],
    [{ TRUSTED_ORIGINS: 'not-a-url' }, 'TRUSTED_ORIGINS'],
    [{ TRUSTED_ORIGINS: 'https://a.example/some/path' }, 'TRUSTED_ORIGINS'],
    [{ ADMIN_PASSWORD: 'secret-1' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'not-an-email' }, 'ADMIN_EMAIL'],
    [{ RATE_LIMIT_SIGNUP_MAX: '0' }, 'RATE_LIMIT_SIGNUP_MAX'],
    [{ IMAGEKIT_PUBLIC_KEY: 'public_x' }, 'IMAGEKIT'],
    [{ ...IMAGEKIT, IMAGEKIT_URL_ENDPOINT: '' }, 'IMAGEKIT'],
  ])('refuses %j with a message naming %s', (env, variable) => {
    expect(configError(env).message).toContain(variable);
  });

  it('names every bad variable at once', () => {
    const { message } = configError({ PORT: 'abc', TRUST_PROXY: 'maybe' });
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/TRUST_PROXY/);
  });

  it('reads TRUST_PROXY as off, a number of hops (true is one), or a list of proxy addresses and ranges', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;
    for (const off of ['false', 'FALSE', 'no', '0']) expect(trust(off)).toBe(false);
    expect(trust('true')).toBe(1);
    expect(trust('Yes')).toBe(1);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.2')).toEqual(['10.0.0.2']);
    expect(trust(' 10.0.0.0/8, 172.16.0.0/12 ,::1, fd00::/8, loopback ')).toEqual(['10.0.0.0/8', '172.16.0.0/12', '::1', 'fd00::/8', 'loopback']);
  });

  it('says what TRUST_PROXY takes, and which entry is wrong', () => {
    const { message } = configError({ TRUST_PROXY: '10.0.0.1, proxy.internal' });
    expect(message).toMatch(/TRUST_PROXY: must be true or false, a number of proxy hops, or a comma-separated list of proxy addresses/);
    expect(message).toContain('proxy.internal');
  });

  it('has timeouts for slow requests, and refuses an idle limit that would cut off long polls or Aura', () => {
    expect(loadConfig({})).toMatchObject({
      HEADERS_TIMEOUT_SECONDS: 20, REQUEST_TIMEOUT_SECONDS: 120, IDLE_TIMEOUT_SECONDS: 120, KEEP_ALIVE_TIMEOUT_SECONDS: 72,
    });
    expect(loadConfig({ HEADERS_TIMEOUT_SECONDS: '5', REQUEST_TIMEOUT_SECONDS: '5', IDLE_TIMEOUT_SECONDS: '30' }))
      .toMatchObject({ HEADERS_TIMEOUT_SECONDS: 5, REQUEST_TIMEOUT_SECONDS: 5, IDLE_TIMEOUT_SECONDS: 30 });
    expect(configError({ IDLE_TIMEOUT_SECONDS: '29' }).message).toMatch(/IDLE_TIMEOUT_SECONDS: must be at least 30 and 5 more than AI_TIMEOUT_SECONDS/);
  });

  it('stores trusted origins in the form browsers send them (no trailing slash)', () => {
    // Browsers send `Origin: https://a.example`; a configured `https://a.example/` must still match it.
    expect(loadConfig({ TRUSTED_ORIGINS: 'https://a.example/' }).TRUSTED_ORIGINS).toEqual(['https://a.example']);
  });
});
