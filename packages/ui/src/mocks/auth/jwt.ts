// Unsigned JWTs for mocks: three base64url parts with a real `exp`, enough for the client,
// which only reads tokens and never verifies signatures.

function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

export interface MockTokenPayload {
  sub: string;
  email?: string;
  role?: string;
  type: 'access' | 'refresh';
  exp: number;
  [claim: string]: unknown;
}

export function makeMockJwt(payload: MockTokenPayload): string {
  const header = base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
  return `${header}.${base64url(JSON.stringify(payload))}.mock-signature`;
}

/** The payload of a mock token, or undefined when it is not one. */
export function readMockJwt(token: string): MockTokenPayload | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[1] === undefined) return undefined;
  try {
    const payload: unknown = JSON.parse(fromBase64url(parts[1]));
    if (typeof payload !== 'object' || payload === null) return undefined;
    return payload as MockTokenPayload;
  } catch {
    return undefined;
  }
}

const ACCESS_LIFETIME_S = 5 * 60;
const REFRESH_LIFETIME_S = 30 * 24 * 60 * 60;

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export function makeAccessToken(staffId: string, email: string): string {
  return makeMockJwt({
    sub: staffId,
    email,
    type: 'access',
    exp: nowSeconds() + ACCESS_LIFETIME_S,
  });
}

export function makeRefreshToken(staffId: string, email: string): string {
  return makeMockJwt({
    sub: staffId,
    email,
    type: 'refresh',
    exp: nowSeconds() + REFRESH_LIFETIME_S,
  });
}

/** True when the token is a mock token of the given type that has not expired. */
export function isLiveMockToken(token: string, type: 'access' | 'refresh'): boolean {
  const payload = readMockJwt(token);
  return payload !== undefined && payload.type === type && payload.exp > nowSeconds();
}
