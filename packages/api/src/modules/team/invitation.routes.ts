// REST routes of staff invitations (contract: schema.graphql, "Dashboard, team and store"):
// POST /auth/invitation/check/ {token} -> {valid: true, email, name} (the link is not consumed) and
// POST /auth/invitation/accept/ {token, password} -> {access, refresh} (the invitee is signed in).
// Same conventions as auth.routes.ts: Portuguese `detail`, 400 on a bad body, no-store, each
// throttled per client address.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { tooManyAttemptsMessage } from '../auth/login-throttle';
import { acceptInvitation, checkInvitation, INVITATION_INVALID, teamDeps } from './team.service';

const FIELD_LABELS: Record<string, string> = { token: 'token', password: 'senha' };

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
  if (typeof value !== 'string') {
    throw new BodyError(`O campo "${field}" (${label}) deve ser um texto.`);
  }
  return value;
}

function tooMany(reply: FastifyReply, seconds: number) {
  return reply
    .code(429)
    .header('Retry-After', String(seconds))
    .send({ detail: tooManyAttemptsMessage(seconds) });
}

export async function invitationRoutes(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof BodyError) return reply.code(400).send({ detail: error.message });
    throw error;
  });

  // The answers carry tokens and who was invited: never cached.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.post('/auth/invitation/check/', async (request, reply) => {
    const body = objectBody(request.body);
    const token = requiredString(body, 'token');
    const result = await checkInvitation(teamDeps(app), { token, ip: request.ip });
    if (result.kind === 'throttled') return tooMany(reply, result.retryAfterSeconds);
    if (result.kind === 'invalid') return reply.code(400).send({ detail: INVITATION_INVALID });
    return { valid: true, email: result.email, name: result.name };
  });

  app.post('/auth/invitation/accept/', async (request, reply) => {
    const body = objectBody(request.body);
    const token = requiredString(body, 'token');
    const password = requiredString(body, 'password');
    const result = await acceptInvitation(teamDeps(app), { token, password, request });
    if (result.kind === 'throttled') return tooMany(reply, result.retryAfterSeconds);
    if (result.kind === 'invalid') return reply.code(400).send({ detail: INVITATION_INVALID });
    if (result.kind === 'weak-password') return reply.code(400).send({ password: result.problems });
    return { access: result.access, refresh: result.refresh };
  });
}
