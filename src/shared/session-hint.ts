/**
 * A readable companion of the HttpOnly session cookie: set and cleared with it, holding nothing
 * secret ("1"). It lets the app know at start-up, without asking the server, that this browser
 * holds no session at all, so a first visit to the sign-in screen makes no request that can only
 * answer 401. The session cookie alone decides who is signed in. src/client/shell/shell-init.js,
 * a classic script written into index.html that cannot import, spells it too.
 */
export const SESSION_HINT_COOKIE = 'haven_signed_in';
