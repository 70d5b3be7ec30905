/**
 * The device cookie of OWASP's "Slow Down Online Guessing Attacks with Device Cookies": after a
 * successful sign-in the browser gets `<nonce>.<HMAC(nonce, account)>`. It names no account (the
 * HMAC is checked against the email being tried), so it tells a reader of the cookie nothing, and
 * it is only ever sent to the login route.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PATH } from '../../shared/paths';
import type { Config } from '../config';
import { cookieSecure } from './cookie';

export const DEVICE_COOKIE = 'haven_device';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export class DeviceCookies {
  private readonly key: Buffer;

  /** `secret` is server-side and persistent (secrets.json), so cookies outlive a restart. */
  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('haven device cookie v1').digest();
  }

  private sign(nonce: string, account: string): string {
    return createHmac('sha256', this.key).update(`${nonce}|${account}`).digest('base64url');
  }

  /** The device id when the request carries a cookie issued to this account, else null. */
  deviceFor(request: FastifyRequest, account: string): string | null {
    const value = request.cookies[DEVICE_COOKIE];
    if (!value || value.length > 200) return null;
    const [nonce, mac] = value.split('.');
    if (!nonce || !mac) return null;
    const expected = Buffer.from(this.sign(nonce, account));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
  }

  issue(reply: FastifyReply, config: Config, account: string): void {
    const nonce = randomBytes(16).toString('base64url');
    reply.setCookie(DEVICE_COOKIE, `${nonce}.${this.sign(nonce, account)}`, {
      path: `${API_PATH}/auth/login`, httpOnly: true, sameSite: 'strict',
      secure: cookieSecure(config, reply.request), maxAge: YEAR_SECONDS,
    });
  }
}
