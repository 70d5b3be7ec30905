/**
 * The app shell's inline scripts, allowed by hash and by nothing else. index.html carries one: the
 * saved theme applied before the first paint (src/client/theme-init.js, inlined by the build,
 * vite.config.ts), which as a file of its own was one more request every first paint waited for.
 * The hashes are read from the index.html being served, once at start (like the shell itself and
 * its preload list: a new build needs a restart), so the policy matches that file; a script
 * changed in any byte no longer runs. Only attribute-less `<script>` elements are hashed: an
 * inline module or anything else stays refused.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Classic scripts written in the page: no `src`, no attributes at all. */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;
/** HTML comments: a script written in one is not in the page. */
const COMMENT = /<!--[\s\S]*?-->/g;

/**
 * CSP hash sources (`'sha256-…'`) for each inline script in a page's HTML. The browser hashes the
 * script's text after its HTML parser has turned every CR LF and lone CR into LF, so this does too
 * (a checkout with Windows line endings would otherwise build a page whose script never runs).
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.replace(COMMENT, '').matchAll(INLINE_SCRIPT)].map(([, body]) => {
    const text = (body ?? '').replace(/\r\n?/g, '\n');
    return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
  });
}

/** The hashes for the built app shell in `clientDist`; none when there is no client to serve. */
export function shellScriptHashes(clientDist: string): string[] {
  const shell = join(clientDist, 'index.html');
  return existsSync(shell) ? inlineScriptHashes(readFileSync(shell, 'utf8')) : [];
}
