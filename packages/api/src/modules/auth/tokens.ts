// Access and refresh JWTs: HS256 only, typed ('access' | 'refresh'), versioned per staff member.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Executor } from '../../db';
import type { StaffRole } from '../staff/staff.tables';
import type { Clock } from '../../clock';
import { insertSecretIfAbsent, readSecret } from './auth.repository';

export type TokenType = 'access' | 'refresh';

export const ACCESS_TOKEN_TTL_SECONDS = 5 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 24 * 60 * 60;
export const REMEMBERED_REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface TokenClaims {
  sub: string;
  jti: string;
  iat: number;
  exp: number;
  typ: TokenType;
  ver: number;
}

export interface TokenSubject {
  id: string;
  tokenVersion: number;
  name: string;
  role: StaffRole;
}

const ALGORITHM = 'HS256';

export class TokenService {
  readonly #key: Uint8Array;
  readonly #clock: Clock;

  constructor(key: Uint8Array, clock: Clock) {
    this.#key = key;
    this.#clock = clock;
  }

  #sign(subject: TokenSubject, typ: TokenType, ttlSeconds: number, extra: Record<string, unknown>) {
    const iat = Math.floor(this.#clock.now() / 1000);
    return new SignJWT({ typ, ver: subject.tokenVersion, ...extra })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(subject.id)
      .setJti(randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlSeconds)
      .sign(this.#key);
  }

  /** A secret for another purpose (e.g. signing the XSRF cookie), derived from the signing key. */
  deriveSecret(label: string): string {
    return createHmac('sha256', this.#key).update(`vitrine:${label}`).digest('base64url');
  }

  /** The access token also carries the name and role, for the dashboard's convenience only. */
  signAccess(subject: TokenSubject): Promise<string> {
    return this.#sign(subject, 'access', ACCESS_TOKEN_TTL_SECONDS, {
      name: subject.name,
      role: subject.role,
    });
  }

  signRefresh(subject: TokenSubject, remember: boolean): Promise<string> {
    const ttl = remember ? REMEMBERED_REFRESH_TOKEN_TTL_SECONDS : REFRESH_TOKEN_TTL_SECONDS;
    return this.#sign(subject, 'refresh', ttl, {});
  }

  /** The claims when the token is genuine, unexpired and of the expected type; otherwise null. */
  async verify(token: string, expected: TokenType): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: [ALGORITHM],
        currentDate: new Date(this.#clock.now()),
        requiredClaims: ['sub', 'jti', 'iat', 'exp'],
      });
      if (payload.typ !== expected) return null;
      if (typeof payload.ver !== 'number' || !Number.isInteger(payload.ver)) return null;
      return {
        sub: payload.sub!,
        jti: payload.jti!,
        iat: payload.iat!,
        exp: payload.exp!,
        typ: expected,
        ver: payload.ver,
      };
    } catch {
      return null;
    }
  }

  /**
   * A signature of `value` for links the server hands out and later serves (e.g. a Pix QR code
   * image: /pix/qr.svg?c=<code>&s=<signature>): HMAC-SHA256 under a key of its own per purpose,
   * derived from the token secret, 128 bits in base64url. Links never expire: what they name does
   * not change.
   */
  signLink(purpose: string, value: string): string {
    const key = createHmac('sha256', this.#key).update(`link:${purpose}`).digest();
    return createHmac('sha256', key).update(value).digest().subarray(0, 16).toString('base64url');
  }

  /** Whether `signature` is signLink(purpose, value), compared in constant time. */
  verifyLink(purpose: string, value: string, signature: string): boolean {
    const expected = Buffer.from(this.signLink(purpose, value));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

const JWT_SECRET_NAME = 'jwt_secret';

/**
 * The signing key: JWT_SECRET when configured; otherwise one generated on first start and kept in
 * the `secrets` table, so restarts (and other instances) keep accepting the same tokens.
 */
export async function loadSigningKey(db: Executor, configured: string | null): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const candidate = randomBytes(32).toString('base64url');
  // Two instances starting at once: the first insert wins and both read the winner.
  await insertSecretIfAbsent(db, JWT_SECRET_NAME, candidate);
  const value = await readSecret(db, JWT_SECRET_NAME);
  if (!value) throw new Error('Não foi possível ler o segredo dos tokens no banco de dados.');
  return Buffer.from(value, 'base64url');
}
