import { isAuthError } from '@vitrine/auth';

import { pluralize } from '../../../format';

export const NETWORK_ERROR_MESSAGE =
  'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.';
export const SERVER_ERROR_MESSAGE =
  'Não foi possível concluir agora. Tente novamente em alguns instantes.';

/** "Muitas tentativas. Tente novamente em 30 segundos." */
export function rateLimitedMessage(retryAfterSeconds: number | undefined): string {
  return retryAfterSeconds === undefined
    ? 'Muitas tentativas. Aguarde um pouco e tente novamente.'
    : `Muitas tentativas. Tente novamente em ${pluralize(retryAfterSeconds, 'segundo', 'segundos')}.`;
}

/** The Portuguese message for a failed login. */
export function loginErrorMessage(error: unknown): string {
  if (!isAuthError(error)) return SERVER_ERROR_MESSAGE;
  switch (error.kind) {
    case 'invalid_credentials':
      return error.detail ?? 'E-mail ou senha incorretos.';
    case 'rate_limited':
      return rateLimitedMessage(error.retryAfterSeconds);
    case 'network':
      return NETWORK_ERROR_MESSAGE;
    case 'validation':
      return error.detail ?? 'Verifique o e-mail e a senha informados.';
    case 'server':
      return SERVER_ERROR_MESSAGE;
  }
}
