// MSW handlers for the REST auth calls (/auth/*), answering like packages/api does.
import { passwordProblems } from '@vitrine/rules';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';

import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  BLOCKED_EMAIL,
  makeStaff,
  RATE_LIMIT_RETRY_AFTER_SECONDS,
  VALID_RESET_TOKEN,
} from './staff.fixtures';
import { isLiveMockToken, makeAccessToken, makeRefreshToken, readMockJwt } from './jwt';

export const LOGIN_URL = '*/auth/login/';
export const REFRESH_URL = '*/auth/token/refresh/';
export const RESET_REQUEST_URL = '*/auth/password/reset/';
export const RESET_CONFIRM_URL = '*/auth/password/reset/confirm/';
export const RESET_CHECK_URL = '*/auth/password/reset/check/';
export const LOGOUT_URL = '*/auth/logout/';

export const INVALID_CREDENTIALS_DETAIL = 'E-mail ou senha incorretos.';
/** An account with two-factor sign-in: the login's password, then code '123456' or recovery 'abcde-fghij'. */
export const TWO_FACTOR_EMAIL = 'dupla@loja.test';
export const TWO_FACTOR_LOGIN_CODE = '123456';
export const TWO_FACTOR_LOGIN_RECOVERY_CODE = 'abcde-fghij';
export const TWO_FACTOR_REQUIRED_DETAIL =
  'Digite o código de 6 dígitos do seu aplicativo autenticador.';
export const TWO_FACTOR_INVALID_DETAIL =
  'Código inválido. Confira o horário do celular e tente de novo.';
export const RATE_LIMITED_DETAIL = 'Muitas tentativas de acesso. Aguarde para tentar de novo.';
export const RESET_REQUESTED_DETAIL =
  'Se houver uma conta com este e-mail, enviaremos um link para redefinir a senha.';
export const RESET_TOKEN_INVALID_DETAIL =
  'Este link de redefinição é inválido ou expirou. Peça um novo link.';
// A few of the passwords the server's list rejects. 'futebol2024' is on the server's list but
// not on the client's short one, so the field error from the server can be exercised.
export const SERVER_ONLY_COMMON_PASSWORD = 'futebol2024';
const COMMON_PASSWORDS = new Set([
  '1234567890',
  'senha12345',
  'qwertyuiop',
  'password123',
  SERVER_ONLY_COMMON_PASSWORD,
]);

/** The mocks' stand-in for the server's list of common passwords (lower-case). */
export function isMockCommonPassword(lowerCasePassword: string): boolean {
  return COMMON_PASSWORDS.has(lowerCasePassword);
}

/**
 * A new password's problems as the server words them (@vitrine/rules passwordProblems), the
 * mocks' few common passwords standing for the server's list (reset, invitation).
 */
export function mockPasswordProblems(password: string, email: string): string[] {
  return passwordProblems(password, email, { isCommon: isMockCommonPassword });
}

type JsonObject = Record<string, unknown>;

async function readJson(request: Request): Promise<JsonObject | undefined> {
  try {
    const body: unknown = await request.json();
    return typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as JsonObject)
      : undefined;
  } catch {
    return undefined;
  }
}

function stringField(body: JsonObject, field: string): string | undefined {
  const value = body[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function badRequest(fieldErrors: Record<string, string[]>) {
  return HttpResponse.json(fieldErrors, { status: 400 });
}

const login = http.post(LOGIN_URL, async ({ request }) => {
  const body = await readJson(request);
  if (body === undefined) return HttpResponse.json({ detail: 'JSON inválido.' }, { status: 400 });
  const email = stringField(body, 'email');
  const password = stringField(body, 'password');
  if (email === undefined || password === undefined) {
    return badRequest({
      ...(email === undefined ? { email: ['Informe o e-mail.'] } : {}),
      ...(password === undefined ? { password: ['Informe a senha.'] } : {}),
    });
  }
  if (email.toLowerCase() === BLOCKED_EMAIL) {
    return HttpResponse.json(
      { detail: RATE_LIMITED_DETAIL },
      { status: 429, headers: { 'Retry-After': String(RATE_LIMIT_RETRY_AFTER_SECONDS) } },
    );
  }
  if (email.toLowerCase() === TWO_FACTOR_EMAIL && password === ADMIN_PASSWORD) {
    const otp = typeof body['otp'] === 'string' ? body['otp'].trim().toLowerCase() : '';
    if (otp === '') {
      return HttpResponse.json(
        { detail: TWO_FACTOR_REQUIRED_DETAIL, two_factor: 'required' },
        { status: 401 },
      );
    }
    if (otp !== TWO_FACTOR_LOGIN_CODE && otp !== TWO_FACTOR_LOGIN_RECOVERY_CODE) {
      return HttpResponse.json(
        { detail: TWO_FACTOR_INVALID_DETAIL, two_factor: 'invalid' },
        { status: 401 },
      );
    }
    const staff = makeStaff({ id: 'staff-2fa', email: TWO_FACTOR_EMAIL });
    return HttpResponse.json({
      access: makeAccessToken(staff.id, staff.email),
      refresh: makeRefreshToken(staff.id, staff.email),
    });
  }
  if (email.toLowerCase() !== ADMIN_EMAIL || password !== ADMIN_PASSWORD) {
    return HttpResponse.json({ detail: INVALID_CREDENTIALS_DETAIL }, { status: 401 });
  }
  const staff = makeStaff();
  return HttpResponse.json({
    access: makeAccessToken(staff.id, staff.email),
    refresh: makeRefreshToken(staff.id, staff.email),
  });
});

const refresh = http.post(REFRESH_URL, async ({ request }) => {
  const body = await readJson(request);
  const token = body === undefined ? undefined : stringField(body, 'refresh');
  if (token === undefined) return badRequest({ refresh: ['Informe o token de renovação.'] });
  const payload = readMockJwt(token);
  if (payload === undefined || !isLiveMockToken(token, 'refresh')) {
    return HttpResponse.json({ detail: 'Sessão expirada. Entre novamente.' }, { status: 401 });
  }
  return HttpResponse.json({ access: makeAccessToken(payload.sub, payload.email ?? ADMIN_EMAIL) });
});

const resetRequest = http.post(RESET_REQUEST_URL, async ({ request }) => {
  const body = await readJson(request);
  if (body === undefined || stringField(body, 'email') === undefined) {
    return badRequest({ email: ['Informe o e-mail.'] });
  }
  // Same answer whether or not the account exists: no account enumeration.
  return HttpResponse.json({ detail: RESET_REQUESTED_DETAIL });
});

// Checks a link without using it up: {valid: true}, or the same 400 as confirm.
const resetCheck = http.post(RESET_CHECK_URL, async ({ request }) => {
  const body = await readJson(request);
  const token = body === undefined ? undefined : stringField(body, 'token');
  if (token === undefined) return badRequest({ token: ['Link de redefinição ausente.'] });
  if (token !== VALID_RESET_TOKEN) {
    return HttpResponse.json({ detail: RESET_TOKEN_INVALID_DETAIL }, { status: 400 });
  }
  return HttpResponse.json({ valid: true });
});

const resetConfirm = http.post(RESET_CONFIRM_URL, async ({ request }) => {
  const body = await readJson(request);
  const token = body === undefined ? undefined : stringField(body, 'token');
  const password = body === undefined ? undefined : stringField(body, 'password');
  if (token === undefined || password === undefined) {
    return badRequest({
      ...(token === undefined ? { token: ['Link de redefinição ausente.'] } : {}),
      ...(password === undefined ? { password: ['Informe a nova senha.'] } : {}),
    });
  }
  if (token !== VALID_RESET_TOKEN) {
    // An expired, used or unknown token gets the same answer, as on the server.
    return HttpResponse.json({ detail: RESET_TOKEN_INVALID_DETAIL }, { status: 400 });
  }
  // Every rule the password breaks, as the server answers (the reset link is the admin's).
  const problems = mockPasswordProblems(password, ADMIN_EMAIL);
  if (problems.length > 0) return badRequest({ password: problems });
  return HttpResponse.json({ detail: 'Senha redefinida. Você já pode entrar com a nova senha.' });
});

/** The happy server: fixture accounts and tokens. */
// The server revokes the refresh token; its answer is the same for any token.
const logout = http.post(LOGOUT_URL, async ({ request }) => {
  const body = await readJson(request);
  const token = body === undefined ? undefined : stringField(body, 'refresh');
  if (token === undefined) return badRequest({ refresh: ['Informe o token de renovação.'] });
  return HttpResponse.json({ detail: 'Sessão encerrada.' });
});

export const authHandlers: HttpHandler[] = [
  login,
  refresh,
  logout,
  resetRequest,
  resetCheck,
  resetConfirm,
];

const ALL_AUTH_URLS = [
  LOGIN_URL,
  REFRESH_URL,
  RESET_REQUEST_URL,
  RESET_CHECK_URL,
  RESET_CONFIRM_URL,
];

/** Alternative auth servers for stories and tests: use as `{ auth: authScenarios.serverDown }`. */
export const authScenarios = {
  /** Every auth call fails at the network level (server down, no connection). */
  serverDown: ALL_AUTH_URLS.map((url) => http.post(url, () => HttpResponse.error())),
  /** Every auth call answers 500. */
  serverError: ALL_AUTH_URLS.map((url) =>
    http.post(url, () => HttpResponse.json({ detail: 'Erro interno.' }, { status: 500 })),
  ),
  /** Login is rate limited for every account. */
  rateLimited: [
    http.post(LOGIN_URL, () =>
      HttpResponse.json(
        { detail: RATE_LIMITED_DETAIL },
        { status: 429, headers: { 'Retry-After': String(RATE_LIMIT_RETRY_AFTER_SECONDS) } },
      ),
    ),
    ...authHandlers,
  ],
  /** The password step passes; the code step is rate limited (too many wrong codes). */
  codeRateLimited: [
    http.post(LOGIN_URL, async ({ request }) => {
      const body = await readJson(request.clone());
      if (typeof body?.['otp'] !== 'string') return undefined;
      return HttpResponse.json(
        { detail: RATE_LIMITED_DETAIL },
        { status: 429, headers: { 'Retry-After': String(RATE_LIMIT_RETRY_AFTER_SECONDS) } },
      );
    }),
    ...authHandlers,
  ],
  /** Calls answer normally after 1.5 s, long enough to see the sending state. */
  slow: ALL_AUTH_URLS.map((url) =>
    http.post(url, async () => {
      await delay(1500);
      return undefined; // falls through to the happy handlers below
    }),
  ).concat(authHandlers),
  /** Calls never answer: the sending state, frozen for screenshots. */
  pending: ALL_AUTH_URLS.map((url) =>
    http.post(url, async () => {
      await delay('infinite');
    }),
  ),
} satisfies Record<string, HttpHandler[]>;
