// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) with the otpauth library: HMAC-SHA1,
// 6 digits, 30-second steps, the codes of the previous and the next step accepted too (a phone's
// clock drifts). The secret is 20 random bytes, shown to people in base32 (RFC 4648, no padding)
// as authenticator apps expect. A code's step is answered so the caller can spend it once
// (twofactor.service.ts). Recovery codes (one-time, for a lost phone) are here too: xxxxx-xxxxx
// of lower-case base32, stored as SHA-256 hashes (they are random, 50 bits: no slow hash needed).
import { createHash, randomBytes } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one. */
export const TOTP_WINDOW = 1;
export const TOTP_SECRET_BYTES = 20;
export const RECOVERY_CODE_COUNT = 10;

/** otpauth's secret of raw bytes (copied: a Buffer may be a view of a shared pool). */
function secretOf(bytes: Uint8Array): Secret {
  return new Secret({ buffer: Uint8Array.from(bytes).buffer });
}

export function base32Encode(bytes: Uint8Array): string {
  return secretOf(bytes).base32;
}

/** Decodes base32 (case, spaces and padding ignored); null when it is not base32. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  if (!/^[A-Z2-7]+$/.test(clean)) return null;
  return Buffer.from(Secret.fromBase32(clean).bytes);
}

/** A new secret, base32 (32 characters for 20 bytes). */
export function generateTotpSecret(): string {
  return new Secret({ size: TOTP_SECRET_BYTES }).base32;
}

/** The time step of an instant (milliseconds since the epoch). */
export function totpStep(nowMs: number): number {
  return TOTP.counter({ period: TOTP_STEP_SECONDS, timestamp: nowMs });
}

/** RFC 4226's HOTP of a counter, `digits` long (SHA-1, as every authenticator app does). */
export function hotp(
  key: Uint8Array,
  counter: number,
  digits: number = TOTP_DIGITS,
  algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1',
): string {
  return HOTP.generate({
    secret: secretOf(key),
    counter,
    digits,
    algorithm: algorithm.toUpperCase(),
  });
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
 * otpauth compares each candidate in constant time (the current step first, then either side).
 */
export function matchTotp(secretBase32: string, input: string, nowMs: number): number | null {
  const code = normalizeTotpInput(input);
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secretBase32);
  if (!key) return null;
  const delta = TOTP.validate({
    token: code,
    secret: secretOf(key),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_STEP_SECONDS,
    timestamp: nowMs,
    window: TOTP_WINDOW,
  });
  if (delta === null) return null;
  const step = totpStep(nowMs) + delta;
  return step >= 0 ? step : null;
}

/**
 * otpauth://totp/<issuer>:<label>?secret=...&issuer=...&algorithm=SHA1&digits=6&period=30
 * Written here rather than by otpauth's TOTP.toString(), which puts `issuer` first and re-encodes
 * the secret from its bytes: enrolled apps and the tests see this exact text (otpauth's
 * URI.parse reads it back: totp-otpauth.test.ts).
 */
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
