/**
 * The sign-in screen drawn into index.html (docs/decisions/sign-in-shell.md): its element's id and
 * the prefix on every id inside it. shell-init.js, a classic script written into the page, spells
 * both too.
 */
export const SIGN_IN_SHELL_ID = 'sign-in-shell';
export const SHELL_ID_PREFIX = 'shell-';
