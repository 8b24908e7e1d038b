// Reading JWTs on the client: the payload only, never the signature (the server verifies that).

const INVALID_FORMAT_MESSAGE = 'Invalid JWT token format';

function splitJwt(token: string): [string, string, string] {
  const parts = token.split('.');
  if (parts.length !== 3) {
    throw new Error(INVALID_FORMAT_MESSAGE);
  }
  return parts as [string, string, string];
}

/** True when the token has exactly three dot-separated parts, the only shape that is read. */
export function isWellFormedJwt(token: string): boolean {
  return token.split('.').length === 3;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  // fatal: a payload that is not UTF-8 is unreadable, not silently mangled.
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * The decoded payload of a JWT.
 * Throws `Error('Invalid JWT token format')` unless the token has exactly three parts, and
 * `Error('Invalid JWT payload')` when the payload is not base64url-encoded JSON object.
 */
export function decodeJwtPayload(token: string): Record<string, unknown> {
  const [, payload] = splitJwt(token);
  let decoded: unknown;
  try {
    decoded = JSON.parse(decodeBase64Url(payload));
  } catch (cause) {
    throw new Error('Invalid JWT payload', { cause });
  }
  if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) {
    throw new Error('Invalid JWT payload');
  }
  return decoded as Record<string, unknown>;
}

/**
 * The token's expiry in epoch milliseconds (`exp` is in seconds), or null when a well-formed
 * token's expiry cannot be read (no numeric `exp`, undecodable payload).
 * Throws `Error('Invalid JWT token format')` unless the token has exactly three parts.
 */
export function getTokenExpiryMs(token: string): number | null {
  // Checked first so a malformed token always raises, as SPEC behaviour 1 asks.
  splitJwt(token);
  let payload: Record<string, unknown>;
  try {
    payload = decodeJwtPayload(token);
  } catch {
    return null;
  }
  const exp = payload['exp'];
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/**
 * Whether the token has expired at `nowMs`, or will within `withinMs` (fewer than `withinMs`
 * milliseconds remain). A token whose expiry cannot be read is never considered expired.
 * Throws `Error('Invalid JWT token format')` unless the token has exactly three parts.
 */
export function isTokenExpired(token: string, nowMs: number, withinMs = 0): boolean {
  const expiryMs = getTokenExpiryMs(token);
  if (expiryMs === null) {
    return false;
  }
  const remainingMs = expiryMs - nowMs;
  // At exp itself the token is already expired (RFC 7519: "on or after").
  return remainingMs <= 0 || remainingMs < withinMs;
}
