/**
 * Text no person types and PostgreSQL cannot store: a NUL byte (text columns refuse it) and a lone
 * UTF-16 surrogate (half an emoji; JSON lets "\ud800" through and UTF-8 cannot encode it). The
 * server refuses such text everywhere (src/server/http/text-guard.ts); the batch send checks it
 * per message, so one bad message does not sink the others.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const TEXT_NOT_ALLOWED = 'Text contains characters that are not allowed';

export function isAllowedText(text: string): boolean {
  return !text.includes('\0') && !LONE_SURROGATE.test(text);
}
