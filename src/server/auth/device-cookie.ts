/**
 * The device cookie of OWASP's "Slow Down Online Guessing Attacks with Device Cookies": after a
 * successful sign-in the browser gets `<nonce>.<HMAC(nonce, account, password hash)>`. It names no
 * account (the HMAC is checked against the email being tried), so it tells a reader of the cookie
 * nothing, and it is only ever sent to the login route. The password hash in the HMAC means a
 * password change or reset voids every device cookie: a browser someone else once signed in with
 * (the reason for a reset, often) is a stranger again.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { splitEndpoint } from '../../shared/contract/endpoints';
import { API_PATH } from '../../shared/paths';
import type { Config } from '../config';
import { cookieSecure } from './cookie';

export const DEVICE_COOKIE = 'haven_device';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export class DeviceCookies {
  private readonly key: Buffer;

  /** `secret` is server-side and shared by every instance (the upload keys in server_meta), so cookies outlive a restart. */
  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('haven device cookie v1').digest();
  }

  private sign(nonce: string, account: string, credential: string): string {
    return createHmac('sha256', this.key).update(`${nonce}|${account}|${credential}`).digest('base64url');
  }

  /** The device id when the request carries a cookie issued to this account, else null. */
  deviceFor(request: FastifyRequest, account: string, credential: string): string | null {
    const value = request.cookies[DEVICE_COOKIE];
    if (!value || value.length > 200) return null;
    const [nonce, mac] = value.split('.');
    if (!nonce || !mac) return null;
    const expected = Buffer.from(this.sign(nonce, account, credential));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
  }

  issue(reply: FastifyReply, config: Config, account: string, credential: string): void {
    const nonce = randomBytes(16).toString('base64url');
    reply.setCookie(DEVICE_COOKIE, `${nonce}.${this.sign(nonce, account, credential)}`, {
      path: API_PATH + splitEndpoint('login').path, httpOnly: true, sameSite: 'strict',
      secure: cookieSecure(config, reply.request), maxAge: YEAR_SECONDS,
    });
  }
}
