/**
 * 24-hex ids (the form the spec's clients validate) made of 96 random bits from the platform's
 * cryptographic source. Nothing in them is a time or a counter, so an id reveals neither when it
 * was made nor what came before or after it; order comes from a message's `seq` or a row's
 * createdAt, never from ids.
 */
const ID_PATTERN = /^[0-9a-f]{24}$/;

const hex = (b: number) => b.toString(16).padStart(2, '0');

export function newId(): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(12)), hex).join('');
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}
