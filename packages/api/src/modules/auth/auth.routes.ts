// REST endpoints of staff authentication (DESIGN.md's contract): /auth/login/, /auth/token/refresh/,
// /auth/password/reset/, /auth/password/reset/check/, /auth/password/reset/confirm/, and
// /auth/logout/ (revokes a refresh token). The login takes an optional "otp" for accounts with
// two-factor sign-in (twofactor.service.ts) and answers 401 {detail, two_factor} until it is right.
import { checkEmail } from '@vitrine/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthService, type RequestOrigin } from './auth.service';
import { DEVICE_COOKIE_PATH } from './device-cookie';
import { tooManyAttemptsMessage } from './login-throttle';
import { hashingBusyMessage, MAX_PASSWORD_LENGTH, passwordLength } from '../staff/password';
import { installTwoFactorGuard } from './twofactor-guard';
import { CODE_REQUIRED_MESSAGE, INVALID_CODE_MESSAGE, MAX_CODE_LENGTH } from './twofactor.service';

export const INVALID_CREDENTIALS = 'E-mail ou senha incorretos.';
export const INVALID_REFRESH = 'Sessão expirada ou inválida. Faça login novamente.';
export const RESET_REQUESTED =
  'Se houver uma conta com esse e-mail, enviaremos um link para redefinir a senha.';
export const LOGGED_OUT = 'Sessão encerrada.';
export const RESET_DONE = 'Senha redefinida. Entre com a nova senha.';
export const RESET_INVALID_TOKEN =
  'Este link de redefinição é inválido, expirou ou já foi usado. Peça um novo.';

const FIELD_LABELS: Record<string, string> = {
  email: 'e-mail',
  password: 'senha',
  remember: 'lembrar de mim',
  refresh: 'token de atualização',
  token: 'token',
  otp: 'código de verificação',
};

class BodyError extends Error {}

function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new BodyError('Envie os dados como um objeto JSON (Content-Type: application/json).');
  }
  return body as Record<string, unknown>;
}

function requiredString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  const label = FIELD_LABELS[field] ?? field;
  if (value === undefined || value === null || value === '') {
    throw new BodyError(`O campo "${field}" (${label}) é obrigatório.`);
  }
  if (typeof value !== 'string')
    throw new BodyError(`O campo "${field}" (${label}) deve ser um texto.`);
  return value;
}

function optionalBoolean(body: Record<string, unknown>, field: string): boolean {
  const value = body[field];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') {
    throw new BodyError(
      `O campo "${field}" (${FIELD_LABELS[field] ?? field}) deve ser verdadeiro ou falso.`,
    );
  }
  return value;
}

/** The optional one-time code of the login: absent, null or empty means none. */
function optionalOtp(body: Record<string, unknown>): string | null {
  const value = body.otp;
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') {
    throw new BodyError(`O campo "otp" (${FIELD_LABELS.otp}) deve ser um texto.`);
  }
  if (value.length > MAX_CODE_LENGTH) {
    throw new BodyError(
      `O campo "otp" (${FIELD_LABELS.otp}) deve ter no máximo ${MAX_CODE_LENGTH} caracteres.`,
    );
  }
  return value;
}

function origin(request: FastifyRequest): RequestOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

function email(body: Record<string, unknown>): string {
  // The store's one e-mail rule (@vitrine/rules checkEmail): no quoted local part, no invisible
  // or control character (a NUL above all: PostgreSQL refuses it): 400, never a 500.
  const checked = checkEmail(requiredString(body, 'email'));
  if (!checked.ok) throw new BodyError(checked.message);
  return checked.email;
}

function tooMany(reply: FastifyReply, seconds: number) {
  return reply
    .code(429)
    .header('Retry-After', String(seconds))
    .send({ detail: tooManyAttemptsMessage(seconds) });
}

export async function authRoutes(app: FastifyInstance) {
  const service = new AuthService({
    db: app.db,
    config: app.config,
    clock: app.clock,
    tokens: app.tokens,
    passwords: app.passwords,
    rateLimits: app.rateLimits,
    mail: app.mail,
    log: app.log,
  });

  // The GraphQL half of the store-wide two-factor requirement (Mercurius is registered before).
  installTwoFactorGuard(app);

  // Over HTTPS, and always in production (browsers accept Secure cookies on http://localhost).
  const secureCookies =
    app.config.isProduction || new URL(app.config.publicUrl).protocol === 'https:';

  // Bad input is answered in Portuguese with 400, never a 500.
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof BodyError) return reply.code(400).send({ detail: error.message });
    throw error;
  });

  // Tokens are credentials: never cached by browsers or proxies.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.post('/auth/login/', async (request, reply) => {
    const body = objectBody(request.body);
    const address = email(body);
    const password = requiredString(body, 'password');
    const remember = optionalBoolean(body, 'remember');
    const otp = optionalOtp(body);
    if (passwordLength(password) > MAX_PASSWORD_LENGTH) {
      throw new BodyError(`A senha deve ter no máximo ${MAX_PASSWORD_LENGTH} caracteres.`);
    }
    const result = await service.login({
      email: address,
      password,
      remember,
      otp,
      ...origin(request),
      cookies: request.cookies,
    });
    if (result.kind === 'throttled') return tooMany(reply, result.retryAfterSeconds);
    if (result.kind === 'busy') {
      return reply
        .code(429)
        .header('Retry-After', String(result.retryAfterSeconds))
        .send({ detail: hashingBusyMessage(result.retryAfterSeconds) });
    }
    if (result.kind === 'invalid') return reply.code(401).send({ detail: INVALID_CREDENTIALS });
    if (result.kind === 'two-factor-required') {
      return reply.code(401).send({ detail: CODE_REQUIRED_MESSAGE, two_factor: 'required' });
    }
    if (result.kind === 'two-factor-invalid') {
      return reply.code(401).send({ detail: INVALID_CODE_MESSAGE, two_factor: 'invalid' });
    }
    // The device cookie (login-throttle.ts): the body stays SPEC's {access, refresh}.
    reply.setCookie(result.device.name, result.device.value, {
      path: DEVICE_COOKIE_PATH,
      maxAge: result.device.maxAgeSeconds,
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
    });
    return { access: result.access, refresh: result.refresh };
  });

  app.post('/auth/token/refresh/', async (request, reply) => {
    const body = objectBody(request.body);
    const refresh = requiredString(body, 'refresh');
    const access = await service.refresh(refresh);
    if (!access) return reply.code(401).send({ detail: INVALID_REFRESH });
    return { access };
  });

  // Server-side logout: the refresh token given stops refreshing (a copy taken before logout
  // included). Same answer for any well-formed body, valid token or not.
  app.post('/auth/logout/', async (request) => {
    const body = objectBody(request.body);
    const refresh = requiredString(body, 'refresh');
    await service.logout(refresh, origin(request));
    return { detail: LOGGED_OUT };
  });

  app.post('/auth/password/reset/', async (request, reply) => {
    const body = objectBody(request.body);
    const address = email(body);
    const result = await service.requestPasswordReset({ email: address, ...origin(request) });
    if (result.kind === 'throttled') return tooMany(reply, result.retryAfterSeconds);
    return { detail: RESET_REQUESTED };
  });

  // The reset page asks when it opens: the link still works ({valid: true}) or the same 400 as
  // confirm; the token is not consumed. Throttled per client address.
  app.post('/auth/password/reset/check/', async (request, reply) => {
    const body = objectBody(request.body);
    const token = requiredString(body, 'token');
    const result = await service.checkPasswordReset({ token, ip: request.ip });
    if (result.kind === 'throttled') return tooMany(reply, result.retryAfterSeconds);
    if (result.kind === 'invalid-token') {
      return reply.code(400).send({ detail: RESET_INVALID_TOKEN });
    }
    return { valid: true };
  });

  app.post('/auth/password/reset/confirm/', async (request, reply) => {
    const body = objectBody(request.body);
    const token = requiredString(body, 'token');
    const password = requiredString(body, 'password');
    const result = await service.confirmPasswordReset({ token, password, ...origin(request) });
    if (result.kind === 'invalid-token')
      return reply.code(400).send({ detail: RESET_INVALID_TOKEN });
    if (result.kind === 'weak-password') return reply.code(400).send({ password: result.problems });
    return { detail: RESET_DONE };
  });
}
