// The /auth/invitation/ mock (check and accept a staff invitation), as the server answers:
// check {token} -> {valid, name, email, expiresAt} without using the link up; accept
// {token, password} -> {access, refresh} (the new member is signed in); an unknown, used or
// expired link -> 400 {detail}; a weak password -> 400 {password: [...]}.
import { http, HttpResponse, type HttpHandler } from 'msw';

import { INVITED_EMAIL, INVITED_NAME, VALID_INVITATION_TOKEN } from '../team/team.fixtures';
import { makeAccessToken, makeRefreshToken } from './jwt';
import { mockPasswordProblems } from './auth';

export const INVITATION_CHECK_URL = '*/auth/invitation/check/';
export const INVITATION_ACCEPT_URL = '*/auth/invitation/accept/';
export const INVITATION_INVALID_DETAIL = 'Este convite é inválido, já foi usado ou expirou.';
export const INVITED_STAFF_ID = 'staff-invited-1';

async function readString(request: Request, field: string): Promise<string | undefined> {
  try {
    const body: unknown = await request.json();
    if (typeof body !== 'object' || body === null) return undefined;
    const value = (body as Record<string, unknown>)[field];
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
  } catch {
    return undefined;
  }
}

const invalid = () => HttpResponse.json({ detail: INVITATION_INVALID_DETAIL }, { status: 400 });

const check = http.post(INVITATION_CHECK_URL, async ({ request }) => {
  const token = await readString(request, 'token');
  if (token === undefined) {
    return HttpResponse.json({ token: ['Link de convite ausente.'] }, { status: 400 });
  }
  if (token !== VALID_INVITATION_TOKEN) return invalid();
  return HttpResponse.json({
    valid: true,
    name: INVITED_NAME,
    email: INVITED_EMAIL,
    expiresAt: new Date(Date.now() + 48 * 3_600_000).toISOString(),
  });
});

const accept = http.post(INVITATION_ACCEPT_URL, async ({ request }) => {
  const clone = request.clone();
  const token = await readString(request, 'token');
  const password = await readString(clone, 'password');
  if (token === undefined || password === undefined) {
    return HttpResponse.json(
      {
        ...(token === undefined ? { token: ['Link de convite ausente.'] } : {}),
        ...(password === undefined ? { password: ['Informe a senha.'] } : {}),
      },
      { status: 400 },
    );
  }
  if (token !== VALID_INVITATION_TOKEN) return invalid();
  // Every rule the password breaks, as the server answers (@vitrine/rules passwordProblems).
  const problems = mockPasswordProblems(password, INVITED_EMAIL);
  if (problems.length > 0) return HttpResponse.json({ password: problems }, { status: 400 });
  return HttpResponse.json({
    access: makeAccessToken(INVITED_STAFF_ID, INVITED_EMAIL),
    refresh: makeRefreshToken(INVITED_STAFF_ID, INVITED_EMAIL),
  });
});

export const invitationHandlers: HttpHandler[] = [check, accept];

/** Alternative invitation servers: `{ invitation: invitationScenarios.pending }`. */
export const invitationScenarios = {
  /** No answer ever: the checking and sending states, frozen for screenshots. */
  pending: [INVITATION_CHECK_URL, INVITATION_ACCEPT_URL].map((url) =>
    http.post(url, () => new Promise<never>(() => undefined)),
  ),
  /** The link checks, then the network fails as the password is sent. */
  acceptDown: [check, http.post(INVITATION_ACCEPT_URL, () => HttpResponse.error())],
  /** The network fails. */
  down: [INVITATION_CHECK_URL, INVITATION_ACCEPT_URL].map((url) =>
    http.post(url, () => HttpResponse.error()),
  ),
} satisfies Record<string, HttpHandler[]>;
