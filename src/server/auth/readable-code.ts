/**
 * Codes a person reads aloud or types from a phone call (referral and reset codes): letters and
 * digits without the look-alikes 0/O and 1/I/L, 31 symbols, in groups of four.
 */
import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** `count` random groups of four, e.g. ['K7M3', 'Q9TX']. */
export function readableGroups(count: number): string[] {
  return Array.from({ length: count }, () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''));
}
