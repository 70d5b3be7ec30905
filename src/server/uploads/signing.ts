/**
 * ImageKit-style upload signatures: HMAC-SHA1 of token + expire with the private key. The key pair
 * lives in the database (server_meta), so every instance on one database signs and checks alike
 * and signatures survive a restart. An older Haven kept it in DATA_DIR/secrets.json: that pair is
 * taken over at the first boot with a database that holds none, so nothing signed before breaks.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/client';
import { loadOrCreateMeta } from '../db/meta';

export interface UploadKeys {
  publicKey: string;
  privateKey: string;
}

const KEYS_ROW = 'upload_keys';

export function signUpload(privateKey: string, token: string, expire: number): string {
  return createHmac('sha1', privateKey).update(token + String(expire)).digest('hex');
}

export function signatureMatches(privateKey: string, token: string, expire: number, signature: string): boolean {
  const expected = Buffer.from(signUpload(privateKey, token, expire));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function parseKeys(text: string): UploadKeys | null {
  try {
    const saved = JSON.parse(text) as Partial<UploadKeys>;
    return saved.publicKey && saved.privateKey ? { publicKey: saved.publicKey, privateKey: saved.privateKey } : null;
  } catch {
    return null;
  }
}

function keysFromOlderHaven(dataDir: string): UploadKeys | null {
  const file = join(dataDir, 'secrets.json');
  return existsSync(file) ? parseKeys(readFileSync(file, 'utf8')) : null;
}

/**
 * The pair every instance shares: the stored one (one read at every boot), or, the first time, an
 * older Haven's or a new one stored now (under the boot lock; db/meta.ts settles a race).
 */
export function loadOrCreateKeys(db: Db, dataDir: string): Promise<UploadKeys> {
  return loadOrCreateMeta(db, KEYS_ROW, () => keysFromOlderHaven(dataDir) ?? {
    publicKey: `public_haven_${randomBytes(12).toString('hex')}`,
    privateKey: `private_haven_${randomBytes(32).toString('hex')}`,
  }, parseKeys);
}
