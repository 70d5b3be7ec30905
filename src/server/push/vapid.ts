/**
 * The VAPID key pair that signs every push (RFC 8292): made once at the first boot and kept in the
 * database, so every instance signs alike and a restart does not orphan the browsers' subscriptions
 * (each was made for this public key). The subject tells push services whom to contact.
 */
import { asc, eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { loadOrCreateMeta } from '../db/meta';
import { users } from '../db/schema';

export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const parse = (text: string): Omit<Vapid, 'subject'> | null => {
  try {
    const { publicKey, privateKey } = JSON.parse(text) as Partial<Vapid>;
    return publicKey && privateKey ? { publicKey, privateKey } : null;
  } catch {
    return null;
  }
};

/** VAPID_SUBJECT; else the admin's address (ADMIN_EMAIL, or the first admin's). */
async function subjectOf(db: Db, config: Pick<Config, 'VAPID_SUBJECT' | 'ADMIN_EMAIL'>): Promise<string> {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  if (config.ADMIN_EMAIL) return `mailto:${config.ADMIN_EMAIL}`;
  const [admin] = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.createdAt)).limit(1);
  return `mailto:${admin?.email ?? 'admin@haven.invalid'}`;
}

export async function loadOrCreateVapid(db: Db, config: Pick<Config, 'VAPID_SUBJECT' | 'ADMIN_EMAIL'>): Promise<Vapid> {
  const keys = await loadOrCreateMeta(db, 'vapid_keys', () => webpush.generateVAPIDKeys(), parse);
  return { ...keys, subject: await subjectOf(db, config) };
}

/** A VAPID token is good for up to a day; one is made per push service every 12 hours. */
const TOKEN_SECONDS = 12 * 60 * 60;
const RENEW_BEFORE_MS = 60 * 60 * 1000;

/**
 * The Authorization header for a push service, signed once and reused until near its end: a
 * signature per push (ECDSA, as web-push does by default) costs a group's fan-out to 500 devices
 * hundreds of milliseconds of the server's one thread, which messages share.
 */
export class VapidTokens {
  private readonly tokens = new Map<string, { header: string; until: number }>();

  constructor(private readonly vapid: Vapid) {}

  authorization(endpoint: string, now = Date.now()): string {
    const audience = new URL(endpoint).origin;
    const kept = this.tokens.get(audience);
    if (kept && kept.until - now > RENEW_BEFORE_MS) return kept.header;
    const expiration = Math.floor(now / 1000) + TOKEN_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(audience, this.vapid.subject, this.vapid.publicKey, this.vapid.privateKey, 'aes128gcm', expiration);
    this.tokens.set(audience, { header: Authorization, until: expiration * 1000 });
    return Authorization;
  }
}
