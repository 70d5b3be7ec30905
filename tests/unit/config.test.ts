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
      PORT: 8080, HOST: '0.0.0.0', dataDir: '/tmp/haven-x', DATABASE_URL: 'postgresql://u@h/db', TRUST_PROXY: true,
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

  it('stores trusted origins in the form browsers send them (no trailing slash)', () => {
    // Browsers send `Origin: https://a.example`; a configured `https://a.example/` must still match it.
    expect(loadConfig({ TRUSTED_ORIGINS: 'https://a.example/' }).TRUSTED_ORIGINS).toEqual(['https://a.example']);
  });
});
