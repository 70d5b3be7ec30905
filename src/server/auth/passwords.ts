/** Argon2id with @node-rs/argon2's defaults (OWASP's minimum: m=19 MiB, t=2, p=1). */
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/**
 * A hash checked when the email is unknown, so a wrong email costs as long as a wrong password
 * and timing does not tell which accounts exist.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hash('not-a-real-password-just-for-timing');
  return decoy;
}
