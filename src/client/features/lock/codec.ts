/**
 * AES-GCM sealing of one value under the diary's data key (docs/decisions/diary-lock.md). Sealed
 * values are kept as base64 text: they go into IndexedDB and into an encrypted export file alike,
 * and text survives JSON where bytes would not.
 */

/** A JSON value encrypted with AES-GCM: a fresh 96-bit nonce and the ciphertext with its tag. */
export interface Sealed {
  iv: string;
  data: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function toBase64(bytes: Uint8Array): string {
  let text = '';
  // In slices: String.fromCharCode with a whole large entry would overflow the argument limit.
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export const randomBytes = (n: number): Uint8Array<ArrayBuffer> => crypto.getRandomValues(new Uint8Array(n));

export function isSealed(value: unknown): value is Sealed {
  const s = value as Partial<Sealed> | null;
  return typeof s === 'object' && s !== null && typeof s.iv === 'string' && typeof s.data === 'string';
}

/**
 * `aad` names where the value lives (`diary:<id>`): a sealed value moved onto another row, or
 * into another table, fails to open instead of showing up in the wrong place.
 */
export async function seal(key: CryptoKey, aad: string, value: unknown): Promise<Sealed> {
  const iv = randomBytes(12);
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(aad) }, key, encoder.encode(JSON.stringify(value)));
  return { iv: toBase64(iv), data: toBase64(new Uint8Array(data)) };
}

/** The value back; throws when the key is not the one it was sealed with or the text was changed. */
export async function unseal<T>(key: CryptoKey, aad: string, sealed: Sealed): Promise<T> {
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(sealed.iv), additionalData: encoder.encode(aad) }, key, fromBase64(sealed.data),
  );
  return JSON.parse(decoder.decode(plain)) as T;
}
