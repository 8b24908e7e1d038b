// The invitation's REST calls (contract: schema.graphql, "Dashboard, team and store"):
// POST /auth/invitation/check/ {token} -> who it is for; POST /auth/invitation/accept/
// {token, password} -> {access, refresh}. Through the session's fetch, as @vitrine/auth's own calls.
import type { Auth, SessionTokens } from '@vitrine/auth';

import {
  NETWORK_ERROR_MESSAGE,
  rateLimitedMessage,
  SERVER_ERROR_MESSAGE,
} from '../Login/loginErrorMessage';

export const INVITATION_CHECK_PATH = '/auth/invitation/check/';
export const INVITATION_ACCEPT_PATH_API = '/auth/invitation/accept/';

export interface InvitationDetails {
  name: string | null;
  email: string | null;
  expiresAt: string | null;
}

/**
 * invalid: the link is unknown, used or expired (the server's detail); password: the server
 * refused the password (its message); the others: nothing was decided.
 */
export type InvitationErrorKind = 'invalid' | 'password' | 'network' | 'rate_limited' | 'server';

export class InvitationError extends Error {
  constructor(
    readonly kind: InvitationErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'InvitationError';
  }
}

type Json = Record<string, unknown>;

function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return null;
}

async function post(auth: Auth, path: string, body: Json): Promise<Json> {
  let response: Response;
  try {
    response = await auth.fetch(auth.apiUrl(path), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new InvitationError('network', NETWORK_ERROR_MESSAGE);
  }
  let json: Json = {};
  try {
    const read: unknown = await response.json();
    if (typeof read === 'object' && read !== null && !Array.isArray(read)) json = read as Json;
  } catch {
    // An empty or non-JSON body: the status decides.
  }
  if (response.ok) return json;
  if (response.status === 429) {
    const retry = Number(response.headers.get('Retry-After'));
    throw new InvitationError(
      'rate_limited',
      rateLimitedMessage(Number.isFinite(retry) && retry > 0 ? retry : undefined),
    );
  }
  if (response.status === 400) {
    const password = text(json['password']);
    if (password !== null) throw new InvitationError('password', password);
    throw new InvitationError(
      'invalid',
      text(json['detail']) ?? text(json['token']) ?? INVITATION_INVALID_FALLBACK,
    );
  }
  if (response.status === 404 || response.status === 410) {
    throw new InvitationError('invalid', text(json['detail']) ?? INVITATION_INVALID_FALLBACK);
  }
  throw new InvitationError('server', SERVER_ERROR_MESSAGE);
}

export const INVITATION_INVALID_FALLBACK =
  'Este convite não pode mais ser usado. Os convites valem por 72 horas e só funcionam uma vez.';

export async function checkInvitation(auth: Auth, token: string): Promise<InvitationDetails> {
  const body = await post(auth, INVITATION_CHECK_PATH, { token });
  return {
    name: text(body['name']),
    email: text(body['email']),
    expiresAt: text(body['expiresAt']),
  };
}

export async function acceptInvitation(
  auth: Auth,
  token: string,
  password: string,
): Promise<SessionTokens> {
  const body = await post(auth, INVITATION_ACCEPT_PATH_API, { token, password });
  const access = text(body['access']);
  const refresh = text(body['refresh']);
  if (access === null || refresh === null) {
    throw new InvitationError('server', SERVER_ERROR_MESSAGE);
  }
  return { access, refresh };
}
