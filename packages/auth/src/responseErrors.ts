// Turning an auth endpoint's error answer into an AuthError (field errors, detail, Retry-After).
// Loaded when an answer is an error (login, password reset, a refused refresh): its own chunk, so a
// storefront visit, which never signs in, does not download it.
import { AuthError, readJsonBody } from './errors';
import { TwoFactorRequiredError } from './twoFactorError';
import type { AuthErrorKind } from './types';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toMessages(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

const NON_FIELD_KEYS = new Set([
  'detail',
  'code',
  'message',
  'non_field_errors',
  'errors',
  'fieldErrors',
]);

/** Field errors from either `{fieldErrors: {...}}`, `{errors: {...}}` or DRF-style top-level keys. */
function parseFieldErrors(body: Record<string, unknown>): Record<string, string[]> | undefined {
  const nested = isRecord(body['fieldErrors'])
    ? body['fieldErrors']
    : isRecord(body['errors'])
      ? body['errors']
      : undefined;
  const source = nested ?? body;
  const result: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(source)) {
    if (nested === undefined && NON_FIELD_KEYS.has(field)) continue;
    const messages = toMessages(value);
    if (messages.length > 0) result[field] = messages;
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

function parseDetail(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const detail = body['detail'] ?? body['message'];
  if (typeof detail === 'string' && detail.trim() !== '') return detail;
  const nonField = toMessages(body['non_field_errors']);
  return nonField.length > 0 ? nonField.join(' ') : undefined;
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfterSeconds(value: string | null, nowMs: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const dateMs = Date.parse(trimmed);
  if (Number.isNaN(dateMs)) return undefined;
  return Math.max(0, Math.ceil((dateMs - nowMs) / 1000));
}

/**
 * The AuthError for a non-2xx answer. `unauthorizedKind` is what a 401 means for this call
 * (bad credentials on login; a plain server error elsewhere).
 */
export async function authErrorFromResponse(
  response: Response,
  nowMs: number,
  unauthorizedKind: AuthErrorKind = 'server',
): Promise<AuthError> {
  const body = await readJsonBody(response);
  const detail = parseDetail(body);
  const status = response.status;
  const base = { status, ...(detail === undefined ? {} : { detail }) };
  if (status === 401) {
    const twoFactor = isRecord(body) ? body['two_factor'] : undefined;
    if (
      unauthorizedKind === 'invalid_credentials' &&
      (twoFactor === 'required' || twoFactor === 'invalid')
    ) {
      return new TwoFactorRequiredError(twoFactor, base);
    }
    return new AuthError(unauthorizedKind, base);
  }
  if (status === 429) {
    const retryAfterSeconds = parseRetryAfterSeconds(response.headers.get('Retry-After'), nowMs);
    return new AuthError('rate_limited', {
      ...base,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    });
  }
  if (status === 400) {
    const fieldErrors = isRecord(body) ? parseFieldErrors(body) : undefined;
    return new AuthError('validation', { ...base, ...(fieldErrors ? { fieldErrors } : {}) });
  }
  return new AuthError('server', base);
}
