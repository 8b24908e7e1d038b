// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA1, 6 digits, 30-second
// steps, the codes of the previous and the next step accepted too (a phone's clock drifts). The
// secret is 20 random bytes, shown to people in base32 (RFC 4648, no padding) as authenticator
// apps expect. Recovery codes (one-time, for a lost phone) are here too: xxxxx-xxxxx of lower-case
// base32, stored as SHA-256 hashes (they are random, 50 bits: no slow hash is needed).
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one. */
export const TOTP_WINDOW = 1;
export const TOTP_SECRET_BYTES = 20;
export const RECOVERY_CODE_COUNT = 10;

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case, spaces and padding ignored); null when it is not base32. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  if (clean === '' || !/^[A-Z2-7]+$/.test(clean)) return null;
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    buffer = (buffer << 5) | BASE32_ALPHABET.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  return Buffer.from(out);
}

/** A new secret, base32 (32 characters for 20 bytes). */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(TOTP_SECRET_BYTES));
}

/** The time step of an instant (milliseconds since the epoch). */
export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);
}

/** RFC 4226's HOTP of a counter, `digits` long (SHA-1, as every authenticator app does). */
export function hotp(
  key: Uint8Array,
  counter: number,
  digits: number = TOTP_DIGITS,
  algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1',
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code of the step of `nowMs`. */
export function totpCode(secretBase32: string, nowMs: number): string {
  const key = base32Decode(secretBase32);
  if (!key) throw new Error('invalid TOTP secret');
  return hotp(key, totpStep(nowMs));
}

/** What a typed code looks like once spaces and dashes are dropped. */
export function normalizeTotpInput(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function looksLikeTotp(input: string): boolean {
  return /^\d{6}$/.test(normalizeTotpInput(input));
}

/**
 * The time step whose code `input` is, within the window around `nowMs`; null when none matches.
 * Every candidate is compared (in constant time), so timing tells nothing about which one matched.
 */
export function matchTotp(secretBase32: string, input: string, nowMs: number): number | null {
  const code = normalizeTotpInput(input);
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secretBase32);
  if (!key) return null;
  const current = totpStep(nowMs);
  const typed = Buffer.from(code);
  let matched: number | null = null;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step += 1) {
    if (step < 0) continue;
    const expected = Buffer.from(hotp(key, step));
    if (timingSafeEqual(expected, typed) && matched === null) matched = step;
  }
  return matched;
}

/** otpauth://totp/<issuer>:<label>?secret=...&issuer=...&algorithm=SHA1&digits=6&period=30 */
export function otpauthUri(input: { secret: string; issuer: string; label: string }): string {
  const issuer = input.issuer.replace(/:/g, '').trim() || 'Vitrine';
  const path = `${encodeURIComponent(issuer)}:${encodeURIComponent(input.label)}`;
  const params = new URLSearchParams({
    secret: input.secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${path}?${params.toString().replace(/\+/g, '%20')}`;
}

/** Ten new recovery codes, xxxxx-xxxxx (lower-case base32). */
export function generateRecoveryCodes(count: number = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    codes.add(`${text.slice(0, 5)}-${text.slice(5)}`);
  }
  return [...codes];
}

/** The canonical form of a typed recovery code (case, spaces and the dash ignored); or null. */
export function normalizeRecoveryCode(input: string): string | null {
  const clean = input.replace(/[\s-]/g, '').toLowerCase();
  if (!/^[a-z2-7]{10}$/.test(clean)) return null;
  return `${clean.slice(0, 5)}-${clean.slice(5)}`;
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(`vitrine-recovery:${code}`).digest('hex');
}
