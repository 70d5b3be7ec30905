/**
 * The key-encryption key made from a passcode or a recovery code: Argon2id (hash-wasm, WebAssembly
 * inlined in its chunk; the CSP allows WebAssembly and still no JavaScript eval), then imported as
 * an AES-KW key that can only wrap and unwrap. The figures and why they were chosen:
 * docs/decisions/diary-lock.md.
 */

export interface KdfParams {
  alg: 'argon2id';
  /** Memory in KiB. */
  memoryKiB: number;
  iterations: number;
  parallelism: number;
}

/** OWASP's Password Storage Cheat Sheet minimum for Argon2id: 19 MiB, 2 passes, 1 lane. */
export const KDF_PARAMS: KdfParams = { alg: 'argon2id', memoryKiB: 19_456, iterations: 2, parallelism: 1 };

/** Ceilings for parameters read from a file: a crafted export must not freeze the page for minutes. */
const MAX_MEMORY_KIB = 262_144;
const MAX_ITERATIONS = 10;

export function isKdfParams(value: unknown): value is KdfParams {
  const p = value as Partial<KdfParams> | null;
  return typeof p === 'object' && p !== null && p.alg === 'argon2id'
    && Number.isInteger(p.memoryKiB) && p.memoryKiB! >= 8 && p.memoryKiB! <= MAX_MEMORY_KIB
    && Number.isInteger(p.iterations) && p.iterations! >= 1 && p.iterations! <= MAX_ITERATIONS
    && Number.isInteger(p.parallelism) && p.parallelism! >= 1 && p.parallelism! <= 4;
}

/** Starts loading Argon2 early (the unlock form does on show), so the first try does not wait for it. */
export const loadArgon2 = () => import('./argon2');

/**
 * NFC: the same passphrase typed on another keyboard (é as one character or as e and an accent)
 * must make the same key.
 */
export async function deriveKek(secret: string, salt: Uint8Array, params: KdfParams): Promise<CryptoKey> {
  const { argon2id } = await loadArgon2();
  // Copied into a buffer of its own, which WebCrypto takes and which is wiped after.
  const bytes = Uint8Array.from(await argon2id({
    password: secret.normalize('NFC'), salt, iterations: params.iterations, memorySize: params.memoryKiB,
    parallelism: params.parallelism, hashLength: 32, outputType: 'binary',
  }));
  try {
    return await crypto.subtle.importKey('raw', bytes, 'AES-KW', false, ['wrapKey', 'unwrapKey']);
  } finally {
    bytes.fill(0);
  }
}
