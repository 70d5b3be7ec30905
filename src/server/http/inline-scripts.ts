/**
 * The app shell's inline scripts, allowed by hash and by nothing else. index.html carries one: the
 * saved theme applied before the first paint (src/client/theme-init.js, inlined by the build,
 * vite.config.ts), which as a file of its own was one more request every first paint waited for.
 * The hashes are read from the index.html being served, so the policy always matches that file; a
 * script changed in any byte no longer runs.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Classic scripts written in the page: no `src`, no attributes at all. */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/** CSP hash sources (`'sha256-…'`) for each inline script in a page's HTML. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(([, body]) => `'sha256-${createHash('sha256').update(body ?? '', 'utf8').digest('base64')}'`);
}

/** The hashes for the built app shell in `clientDist`; none when there is no client to serve. */
export function shellScriptHashes(clientDist: string): string[] {
  const shell = join(clientDist, 'index.html');
  return existsSync(shell) ? inlineScriptHashes(readFileSync(shell, 'utf8')) : [];
}
