/**
 * ImageKit-style upload signatures: HMAC-SHA1 of token + expire with the private key. The built-in
 * store keeps its key pair in DATA_DIR/secrets.json so signatures survive a restart.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface UploadKeys {
  publicKey: string;
  privateKey: string;
}

export function signUpload(privateKey: string, token: string, expire: number): string {
  return createHmac('sha1', privateKey).update(token + String(expire)).digest('hex');
}

export function signatureMatches(privateKey: string, token: string, expire: number, signature: string): boolean {
  const expected = Buffer.from(signUpload(privateKey, token, expire));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function loadOrCreateKeys(dataDir: string): UploadKeys {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<UploadKeys>;
    if (saved.publicKey && saved.privateKey) return { publicKey: saved.publicKey, privateKey: saved.privateKey };
  }
  const keys = {
    publicKey: `public_haven_${randomBytes(12).toString('hex')}`,
    privateKey: `private_haven_${randomBytes(32).toString('hex')}`,
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}
