/**
 * 24-hex ids, ObjectId-like: 4 bytes of seconds, 5 random bytes, a 3-byte counter.
 * Time-ordered, so sorting by id sorts by creation; the spec's clients validate this form.
 */
const ID_PATTERN = /^[0-9a-f]{24}$/;

const random = new Uint8Array(5);
globalThis.crypto.getRandomValues(random);
let counter = Math.floor(Math.random() * 0xffffff);

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

export function newId(now = Date.now()): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(now / 1000);
  return hex(seconds, 8) + Array.from(random, (b) => hex(b, 2)).join('') + hex(counter, 6);
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}
