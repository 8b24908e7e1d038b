// Small pure helpers of the Pix pages.
import { PAYMENT_INPUT_LIMITS, PAYMENT_MESSAGES } from '@vitrine/rules';
import { readServerError } from '../../shared/graphqlErrors';

/** Confirming payments and reconciling statements are the store's money (DESIGN.md, roles). */
export const PIX_FORBIDDEN = 'Somente administradores podem conferir o Pix e os extratos do banco.';

/** Whether the API refused a request for lack of permission (FORBIDDEN). */
export function isForbidden(error: Error | undefined): boolean {
  return error !== undefined && readServerError(error).code === 'FORBIDDEN';
}

/** 'em 35 min', 'em 2 h 5 min', 'em 3 dias', 'expirado'. */
export function formatExpiresIn(expiresAt: string | null, now: number): string {
  if (expiresAt === null) return 'sem prazo';
  const minutes = Math.floor((Date.parse(expiresAt) - now) / 60_000);
  if (minutes < 0) return 'expirado';
  if (minutes < 60) return `em ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `em ${hours} h` : `em ${hours} h ${minutes % 60} min`;
  return `em ${Math.floor(hours / 24)} dias`;
}

/** The store's default Pix hold is 30 minutes: within 10 the row is urgent, within 30 a warning. */
export const EXPIRY_URGENT_MS = 10 * 60 * 1000;
export const EXPIRY_WARNING_MS = 30 * 60 * 1000;

/**
 * How pressing an expiry is: 'error' (red) within 10 minutes or already expired, 'warning' within
 * 30 minutes, null otherwise. The text always says the time too (never colour alone).
 */
export function expiryUrgency(expiresAt: string | null, now: number): 'error' | 'warning' | null {
  if (expiresAt === null) return null;
  const left = Date.parse(expiresAt) - now;
  if (left < EXPIRY_URGENT_MS) return 'error';
  if (left < EXPIRY_WARNING_MS) return 'warning';
  return null;
}

/**
 * The largest statement file read in the browser, the server's (@vitrine/rules payments.input; a
 * month of a busy account is far smaller).
 */
export const MAX_STATEMENT_BYTES = PAYMENT_INPUT_LIMITS.statementBytes;

/** Why a chosen file cannot be imported, in Portuguese; null when it can. */
export function statementFileProblem(file: { name: string; size: number }): string | null {
  if (!/\.(ofx|csv|txt)$/i.test(file.name)) {
    return 'Escolha um extrato em OFX ou CSV, como o banco exporta.';
  }
  if (file.size === 0) return 'O arquivo está vazio.';
  if (file.size > MAX_STATEMENT_BYTES) return PAYMENT_MESSAGES.statementTooLarge;
  return null;
}
