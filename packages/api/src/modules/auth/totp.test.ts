// TOTP (RFC 6238) and HOTP (RFC 4226) against the RFCs' own test vectors, base32, the window,
// recovery codes and the secret box.
import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  generateRecoveryCodes,
  generateTotpSecret,
  hashRecoveryCode,
  hotp,
  matchTotp,
  normalizeRecoveryCode,
  otpauthUri,
  totpCode,
  totpStep,
} from './totp';
import { TwoFactorSecretBox } from './twofactor-secret-box';

const RFC_SHA1_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC_SHA256_KEY = Buffer.from('12345678901234567890123456789012', 'ascii');
const RFC_SHA512_KEY = Buffer.from(
  '1234567890123456789012345678901234567890123456789012345678901234',
  'ascii',
);

describe('HOTP (RFC 4226 appendix D)', () => {
  it('gives the published codes for counters 0 to 9', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(RFC_SHA1_KEY, counter))).toEqual(expected);
  });
});

describe('TOTP (RFC 6238 appendix B)', () => {
  // Time (s), then the 8-digit codes for SHA1, SHA256 and SHA512.
  const vectors: Array<[number, string, string, string]> = [
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ];
  it.each(vectors)('at %i s', (seconds, sha1, sha256, sha512) => {
    const step = totpStep(seconds * 1000);
    expect(hotp(RFC_SHA1_KEY, step, 8, 'sha1')).toBe(sha1);
    expect(hotp(RFC_SHA256_KEY, step, 8, 'sha256')).toBe(sha256);
    expect(hotp(RFC_SHA512_KEY, step, 8, 'sha512')).toBe(sha512);
  });

  it('6-digit codes from a base32 secret are the last 6 digits of the RFC codes', () => {
    const secret = base32Encode(RFC_SHA1_KEY);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(totpCode(secret, 59_000)).toBe('287082');
    expect(totpCode(secret, 1111111109_000)).toBe('081804');
    expect(totpCode(secret, 2000000000_000)).toBe('279037');
  });
});

describe('matchTotp', () => {
  const secret = base32Encode(RFC_SHA1_KEY);
  const now = 1234567890_000;
  const step = totpStep(now);

  it('accepts the current step and one step either side, answering the step', () => {
    expect(matchTotp(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchTotp(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1);
  });

  it('refuses codes two steps away, wrong codes and non-codes', () => {
    expect(matchTotp(secret, totpCode(secret, now - 60_000), now)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now + 60_000), now)).toBeNull();
    const wrong = String((Number(totpCode(secret, now)) + 1) % 1_000_000).padStart(6, '0');
    expect(matchTotp(secret, wrong, now)).toBeNull();
    expect(matchTotp(secret, '12345', now)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now)).toBeNull();
  });

  it('ignores spaces and a dash inside the typed code', () => {
    const code = totpCode(secret, now);
    expect(matchTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(step);
    expect(matchTotp(secret, `${code.slice(0, 3)}-${code.slice(3)}`, now)).toBe(step);
  });
});

describe('secrets, URIs and recovery codes', () => {
  it('a new secret is 20 random bytes in base32 (32 characters)', () => {
    const a = generateTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(a)).toHaveLength(20);
    expect(generateTotpSecret()).not.toBe(a);
  });

  it('base32 round-trips and refuses other alphabets', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Decode('abc1')).toBeNull();
  });

  it('builds the otpauth URI apps read', () => {
    const uri = otpauthUri({ secret: 'ABCDEF', issuer: 'Vitrine', label: 'ana@loja.com.br' });
    expect(uri).toBe(
      'otpauth://totp/Vitrine:ana%40loja.com.br?secret=ABCDEF&issuer=Vitrine&algorithm=SHA1&digits=6&period=30',
    );
  });

  it('makes 10 distinct recovery codes xxxxx-xxxxx of lower-case base32', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  });

  it('normalises a typed recovery code before hashing it', () => {
    expect(normalizeRecoveryCode(' ABCDE-FGH23 ')).toBe('abcde-fgh23');
    expect(normalizeRecoveryCode('abcdefgh23')).toBe('abcde-fgh23');
    expect(normalizeRecoveryCode('abcde-fgh2')).toBeNull();
    expect(hashRecoveryCode('abcde-fgh23')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode('abcde-fgh23')).not.toContain('abcde');
  });
});

describe('TwoFactorSecretBox', () => {
  it('seals a secret so the stored text does not contain it, and opens it again', () => {
    const box = new TwoFactorSecretBox('server key material');
    const secret = generateTotpSecret();
    const sealed = box.seal(secret);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(secret);
    expect(box.seal(secret)).not.toBe(sealed);
    expect(box.open(sealed)).toBe(secret);
  });

  it('answers null under another key or for a tampered value', () => {
    const sealed = new TwoFactorSecretBox('one').seal('ABCDEFGH');
    expect(new TwoFactorSecretBox('two').open(sealed)).toBeNull();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('ZZZZZZZZ').toString('base64url');
    expect(new TwoFactorSecretBox('one').open(parts.join('.'))).toBeNull();
    expect(new TwoFactorSecretBox('one').open(null)).toBeNull();
  });
});
