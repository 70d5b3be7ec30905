/**
 * The sign-in screen drawn into the built index.html (docs/decisions/sign-in-shell.md), so a first
 * visit shows the form in the first paint instead of a spinner until the start-up script has run.
 * The markup comes from the app's own component (sign-in.tsx, run once per build); the classic
 * script beside it (src/client/shell/shell-init.js) decides whether it shows. The server allows that
 * script by its hash (src/server/http/inline-scripts.ts), as it does the theme's.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { SIGN_IN_SHELL_ID } from '../../src/client/shell/names';

const ROOT_TAG = '<div id="root"></div>';
const renderer = fileURLToPath(new URL('./sign-in.tsx', import.meta.url));
const initPath = fileURLToPath(new URL('../../src/client/shell/shell-init.js', import.meta.url));

/** A classic script's text as an inline `<script>`, refusing what would end it early. */
export function inlineScript(path: string): string {
  const script = readFileSync(path, 'utf8');
  if (/<\/script|<!--/i.test(script)) throw new Error(`${path} cannot be written into the page: it holds </script or <!--`);
  return `<script>${script.trim()}</script>`;
}

export function prerenderSignIn(): Plugin {
  return {
    name: 'haven-prerender-sign-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(ROOT_TAG)) throw new Error(`index.html no longer holds ${ROOT_TAG}`);
        // In a process of its own, under tsx: the component tree is the app's, with JSX and all.
        const screen = execFileSync(process.execPath, ['--import', 'tsx', renderer], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
        if (!screen.includes(`id="${SIGN_IN_SHELL_ID}"`)) throw new Error('The sign-in screen did not render');
        return html.replace(ROOT_TAG, () => `${screen}\n    ${inlineScript(initPath)}\n    ${ROOT_TAG}`);
      },
    },
  };
}
