// One error policy for every route: bad input is a 4xx with a Portuguese `detail`; anything
// unexpected is logged and answered with a generic 500 (no stack traces to clients).
import type { FastifyError, FastifyInstance } from 'fastify';
import { hashingBusyMessage, PasswordHashingBusyError } from '../modules/staff/password';

function messageFor(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'O corpo da requisição não é um JSON válido.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'O corpo da requisição está vazio; envie um objeto JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'O corpo da requisição é grande demais.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Tipo de conteúdo não suportado; envie JSON (Content-Type: application/json).';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'O tamanho informado do corpo da requisição não confere.';
    default:
      if (error.validation) return 'Os dados enviados são inválidos.';
      return 'Requisição inválida.';
  }
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The password hashing queue is full (reset confirm, invitation accept...): try again soon.
    if (error instanceof PasswordHashingBusyError) {
      return reply
        .code(429)
        .header('Retry-After', String(error.retryAfterSeconds))
        .send({ detail: hashingBusyMessage(error.retryAfterSeconds) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.code(status).send({ detail: messageFor(error) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send({ detail: 'Erro interno do servidor. Tente novamente em instantes.' });
  });
}
