// Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser that
// signed in to an account gets a signed cookie naming that account. Later logins of that account
// from that browser are limited per device (login-throttle.ts) instead of by the per-account
// budget, so attackers guessing from many addresses cannot lock the owner out.
//
// Stateless: name `vitrine_device_<tag>`, value `<nonce>.<expiry>.<signature>`, where the tag is
// an HMAC of the normalised e-mail (the cookie never holds the e-mail in clear), the nonce names
// the device for its own failure lockout, and the signature (HMAC-SHA256 over tag, nonce and
// expiry, with a key derived from the JWT key) makes forging or moving the cookie to another
// account useless. Sent only to POST /auth/login/ (Path), HttpOnly, SameSite=Strict, Secure in
// production.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE_PREFIX = 'vitrine_device_';
export const DEVICE_COOKIE_PATH = '/auth/login/';
export const DEVICE_COOKIE_TTL_SECONDS = 90 * 24 * 60 * 60;

export interface IssuedDeviceCookie {
  name: string;
  value: string;
  maxAgeSeconds: number;
}

export class DeviceCookies {
  readonly #key: string;
  readonly #now: () => number;

  /** `key`: a secret for this purpose only (TokenService.deriveSecret('device-cookie')). */
  constructor(key: string, now: () => number) {
    this.#key = key;
    this.#now = now;
  }

  #mac(data: string): string {
    return createHmac('sha256', this.#key).update(data).digest('base64url');
  }

  /** The account's tag: stable for one normalised e-mail, meaningless without the key. */
  #tag(email: string): string {
    return this.#mac(`account:${email}`).slice(0, 22);
  }

  /** The cookie name for the account: one cookie per account, so staff can share a browser. */
  name(email: string): string {
    return `${DEVICE_COOKIE_PREFIX}${this.#tag(email)}`;
  }

  /** A fresh cookie for the account (a new nonce: a new device identity with no failures). */
  issue(email: string): IssuedDeviceCookie {
    const tag = this.#tag(email);
    const nonce = randomBytes(16).toString('base64url');
    const expiry = Math.floor(this.#now() / 1000) + DEVICE_COOKIE_TTL_SECONDS;
    const signature = this.#mac(`device:${tag}.${nonce}.${expiry}`);
    return {
      name: `${DEVICE_COOKIE_PREFIX}${tag}`,
      value: `${nonce}.${expiry}.${signature}`,
      maxAgeSeconds: DEVICE_COOKIE_TTL_SECONDS,
    };
  }

  /**
   * The device's nonce when `cookies` hold a valid, unexpired device cookie of this account;
   * null otherwise (missing, malformed, forged, expired, or issued for another account).
   */
  verify(email: string, cookies: Readonly<Record<string, string | undefined>>): string | null {
    const tag = this.#tag(email);
    const raw = cookies[`${DEVICE_COOKIE_PREFIX}${tag}`];
    if (typeof raw !== 'string' || raw.length > 200) return null;
    const match = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(raw);
    if (!match) return null;
    const [, nonce, expiry, signature] = match as unknown as [string, string, string, string];
    const expected = Buffer.from(this.#mac(`device:${tag}.${nonce}.${expiry}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (Number(expiry) * 1000 <= this.#now()) return null;
    return nonce;
  }
}
