// What an authenticator app does, played by otpauth itself: codes it generates for RFC 6238's
// vectors are accepted (and spent by step), and it reads back the URI the enrolment shows.
import { Secret, TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { base32Encode, matchTotp, otpauthUri, totpStep } from './totp';

// RFC 6238 appendix B, SHA-1 key; the last six digits of its 8-digit codes.
const RFC_KEY = '12345678901234567890';
const vectors: Array<[number, string]> = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
  [20000000000, '353130'],
];

describe('codes from otpauth (as an authenticator app makes them)', () => {
  const app = new TOTP({ secret: Secret.fromLatin1(RFC_KEY) });
  const secret = base32Encode(Buffer.from(RFC_KEY, 'ascii'));

  it.each(vectors)('at %i s the app shows %s, accepted for that step', (seconds, expected) => {
    const now = seconds * 1000;
    const code = app.generate({ timestamp: now });
    expect(code).toBe(expected);
    expect(matchTotp(secret, code, now)).toBe(totpStep(now));
  });

  it('accepts the app a step slow or fast, not two', () => {
    const now = 1234567890_000;
    expect(matchTotp(secret, app.generate({ timestamp: now - 30_000 }), now)).toBe(
      totpStep(now) - 1,
    );
    expect(matchTotp(secret, app.generate({ timestamp: now + 30_000 }), now)).toBe(
      totpStep(now) + 1,
    );
    expect(matchTotp(secret, app.generate({ timestamp: now - 60_000 }), now)).toBeNull();
    expect(matchTotp(secret, app.generate({ timestamp: now + 60_000 }), now)).toBeNull();
  });
});

describe('the enrolment URI read by otpauth', () => {
  it('gives the issuer, the label, the secret and SHA1/6 digits/30 s', () => {
    const secret = base32Encode(Buffer.from(RFC_KEY, 'ascii'));
    const parsed = URI.parse(otpauthUri({ secret, issuer: 'Vitrine', label: 'ana@loja.com.br' }));
    expect(parsed).toBeInstanceOf(TOTP);
    const totp = parsed as TOTP;
    expect(totp.issuer).toBe('Vitrine');
    expect(totp.label).toBe('ana@loja.com.br');
    expect(totp.secret.base32).toBe(secret);
    expect([totp.algorithm, totp.digits, totp.period]).toEqual(['SHA1', 6, 30]);
    expect(totp.generate({ timestamp: 59_000 })).toBe('287082');
  });
});
