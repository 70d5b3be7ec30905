/** Configuration from the environment: every setting has a default and a bad value stops the boot with a clear message. */
import { resolve } from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';
import { DIALABLE_RE } from '../shared/crisis-resources';
import { PASSWORD_MIN_LENGTH } from '../shared/limits';
import { DEFAULT_IDLE_DAYS } from './auth/sessions';

const positiveInt = (fallback: number) =>
  z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').positive('must be above 0')
    .default(fallback);

const origin = z.string().trim().refine((v) => {
  try {
    return new URL(v).origin === v.replace(/\/$/, '');
  } catch {
    return false;
  }
}, 'each entry must be an origin like https://haven.example.org')
  // Browsers send the origin without a trailing slash; store it the same way or it never matches.
  .transform((v) => new URL(v).origin);

const TRUST_PROXY_HELP = 'must be true or false, a number of proxy hops, or a comma-separated list of proxy addresses or ranges'
  + ' (e.g. 10.0.0.2, 172.16.0.0/12, loopback)';

/**
 * How far X-Forwarded-For is believed: false (not at all), a number of hops (`true` is one), or the
 * proxies' own addresses. The list is checked by the library Fastify itself uses, so what boots is
 * what Fastify will accept.
 */
const trustProxy = z.string().trim().optional().transform((v, ctx): false | number | string[] => {
  if (v === undefined) return false;
  const word = v.toLowerCase();
  if (['false', 'no'].includes(word)) return false;
  if (['true', 'yes'].includes(word)) return 1;
  if (/^\d+$/.test(v)) return Number(v) === 0 ? false : Number(v);
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  if (list.length === 0) {
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_HELP });
    return z.NEVER;
  }
  try {
    proxyAddr.compile(list);
    return list;
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: `${TRUST_PROXY_HELP}; ${(error as Error).message}` });
    return z.NEVER;
  }
});

const dialable = z.string().trim().regex(DIALABLE_RE, 'must be a phone number');
// name, contact and region are all an entry needs; the rest only add tappable links in the app.
const crisisResourcesSchema = z.array(z.object({
  name: z.string().min(1), contact: z.string().min(1), region: z.string().min(1),
  phone: dialable.optional(), sms: dialable.optional(),
  url: z.url({ protocol: /^https$/, error: 'must be an https URL' }).optional(),
})).min(1);

const MIN_IDLE_SECONDS = 30;

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535, 'must be a port number').default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  CLIENT_DIST: z.string().min(1).default('./dist'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  ADMIN_EMAIL: z.string().trim().toLowerCase().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an email address').optional(),
  ADMIN_PASSWORD: z.string().min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`).optional(),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false'], { error: 'must be auto, true or false' }).default('auto'),
  TRUSTED_ORIGINS: z.string().optional().transform((v) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(origin)),
  TRUST_PROXY: trustProxy,
  SESSION_DAYS: positiveInt(30),
  SESSION_IDLE_DAYS: positiveInt(DEFAULT_IDLE_DAYS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_LOGIN_WINDOW_MINUTES: positiveInt(15),
  RATE_LIMIT_LOGIN_PAIR_MAX: positiveInt(5),
  RATE_LIMIT_LOGIN_ACCOUNT_MAX: positiveInt(20),
  RATE_LIMIT_LOGIN_ADDRESS_MAX: positiveInt(100),
  RATE_LIMIT_SIGNUP_MAX: positiveInt(10),
  RATE_LIMIT_SIGNUP_WINDOW_MINUTES: positiveInt(60),
  RATE_LIMIT_REFERRAL_MAX: positiveInt(20),
  RATE_LIMIT_REFERRAL_WINDOW_MINUTES: positiveInt(15),
  UPLOAD_TOKEN_MINUTES: positiveInt(30),
  // A request's headers, and the whole request, must arrive within these; a socket with no traffic
  // at all is closed after IDLE_TIMEOUT_SECONDS, and one kept alive between requests after KEEP_ALIVE.
  HEADERS_TIMEOUT_SECONDS: positiveInt(20),
  REQUEST_TIMEOUT_SECONDS: positiveInt(120),
  IDLE_TIMEOUT_SECONDS: positiveInt(120),
  KEEP_ALIVE_TIMEOUT_SECONDS: positiveInt(72),
  GEMINI_API_KEY: z.string().min(1).optional(),
  GEMINI_MODEL: z.string().min(1).default('gemini-2.5-flash'),
  GEMINI_BASE_URL: z.url('must be a URL').default('https://generativelanguage.googleapis.com'),
  OPENAI_BASE_URL: z.url('must be a URL').optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_MODEL: z.string().min(1).default('llama3.2'),
  AI_TIMEOUT_SECONDS: positiveInt(25),
  AI_HISTORY_CHARS: positiveInt(12_000),
  // With a real model: also ask it to judge risk (it may only raise the tier), within this time.
  AI_RISK_CHECK: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  AI_RISK_TIMEOUT_SECONDS: positiveInt(6),
  CRISIS_RESOURCES: z.string().optional().transform((v, ctx) => {
    if (!v) return undefined;
    try {
      return crisisResourcesSchema.parse(JSON.parse(v));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {"name","contact","region"} objects (optional "phone", "sms", "url")' });
      return z.NEVER;
    }
  }),
  // Web Push (docs/decisions/notifications.md): who the push services may contact about this server,
  // and the push services beyond the well-known ones that subscriptions may name (tests, self-hosted).
  VAPID_SUBJECT: z.string().trim().regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL').optional(),
  PUSH_ENDPOINT_ALLOW: z.string().optional().transform((v) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(origin)),
  // E-mail (docs/decisions/email.md): account decisions, reset codes and new sign-ins, never words.
  SMTP_URL: z.string().trim().regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@mail.example.org').optional(),
  MAIL_FROM: z.string().trim().regex(/^([^<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/,
    'must be an address, or a name and an address like Haven <haven@example.org>').optional(),
  IMAGEKIT_PUBLIC_KEY: z.string().min(1).optional(),
  IMAGEKIT_PRIVATE_KEY: z.string().min(1).optional(),
  IMAGEKIT_UPLOAD_URL: z.url('must be a URL').optional(),
  IMAGEKIT_URL_ENDPOINT: z.url('must be a URL').optional(),
}).superRefine((env, ctx) => {
  if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) {
    ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'is required when ADMIN_PASSWORD is set' });
  }
  if (env.HEADERS_TIMEOUT_SECONDS > env.REQUEST_TIMEOUT_SECONDS) {
    ctx.addIssue({ code: 'custom', path: ['HEADERS_TIMEOUT_SECONDS'], message: 'must not be longer than REQUEST_TIMEOUT_SECONDS' });
  }
  // A socket.io long-poll is held 25 s and Aura may think for AI_TIMEOUT_SECONDS, both with no bytes moving.
  if (env.IDLE_TIMEOUT_SECONDS < Math.max(MIN_IDLE_SECONDS, env.AI_TIMEOUT_SECONDS + 5)) {
    ctx.addIssue({ code: 'custom', path: ['IDLE_TIMEOUT_SECONDS'],
      message: `must be at least ${MIN_IDLE_SECONDS} and 5 more than AI_TIMEOUT_SECONDS, or long-polling sockets and slow Aura answers are cut off` });
  }
  if (env.SMTP_URL && !env.MAIL_FROM && !env.ADMIN_EMAIL) {
    ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'is required when SMTP_URL is set (or set ADMIN_EMAIL, which it then defaults to)' });
  }
  const imagekit = [env.IMAGEKIT_PUBLIC_KEY, env.IMAGEKIT_PRIVATE_KEY, env.IMAGEKIT_UPLOAD_URL, env.IMAGEKIT_URL_ENDPOINT];
  if (imagekit.some(Boolean) && !imagekit.every(Boolean)) {
    ctx.addIssue({ code: 'custom', path: ['IMAGEKIT_PUBLIC_KEY'],
      message: 'IMAGEKIT_PUBLIC_KEY, IMAGEKIT_PRIVATE_KEY, IMAGEKIT_UPLOAD_URL and IMAGEKIT_URL_ENDPOINT go together' });
  }
});

export type Env = z.output<typeof envSchema>;

export interface Config extends Omit<Env, 'DATA_DIR' | 'CLIENT_DIST'> {
  dataDir: string;
  clientDist: string;
  uploadsDir: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { DATA_DIR, CLIENT_DIST, ...rest } = parsed.data;
  const dataDir = resolve(DATA_DIR);
  return { ...rest, dataDir, clientDist: resolve(CLIENT_DIST), uploadsDir: resolve(dataDir, 'uploads') };
}
