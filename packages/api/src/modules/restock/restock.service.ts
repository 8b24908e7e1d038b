// "Avise-me quando chegar" (issue 12, item 11). A shopper leaves an e-mail on a sold-out variant
// (requestRestockAlert, throttled per client address and per e-mail); a confirmation mail carries
// a single-use link (double opt-in); once confirmed, the sweep that first finds the variant's
// stock above 0 — whatever raised it: a staff edit, a canceled or expired order — writes one mail
// to the outbox and deletes the request in the same transaction. Unconfirmed requests are deleted
// after 48 hours. The address is used for nothing else (LGPD).
import { createHash, randomBytes } from 'node:crypto';
import type { Database, Executor } from '../../db';
import { checkEmail } from '@vitrine/rules';
import { badUserInput, rateLimited } from '../../graphql/errors';
import { personalKeyPart } from '../../lib/personal-data';
import {
  enqueueMail,
  ONE_TIME_TOKEN_MARK,
  type LinkIssuer,
  type OutgoingMail,
} from '../mail/mail.service';
import { escapeHtml } from '../mail/mail.templates';
import {
  confirmAlertByTokenHash,
  confirmedAlertByTokenHash,
  deleteRestockAlerts,
  deleteUnconfirmedAlertsBefore,
  lockDueRestockAlerts,
  restockVariant,
  setUnconfirmedAlertTokenHash,
  upsertRestockAlert,
  watchedVariantOf,
} from './restock.repository';

/** Requests allowed per client address in any RESTOCK_WINDOW_MS. */
export const RESTOCK_REQUESTS_PER_CLIENT = 10;
/** Requests allowed per e-mail (whatever the address) in any RESTOCK_WINDOW_MS. */
export const RESTOCK_REQUESTS_PER_EMAIL = 5;
export const RESTOCK_WINDOW_MS = 60 * 60_000;
/** An unconfirmed request (and its link) lives this long. */
export const RESTOCK_CONFIRMATION_TTL_MS = 48 * 60 * 60_000;

export const RESTOCK_THROTTLED_MESSAGE = 'Muitos pedidos de aviso. Tente novamente';
export const RESTOCK_INVALID_LINK_MESSAGE =
  'Este link de confirmação é inválido, já foi usado ou expirou. Peça o aviso de novo na página do produto.';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The rate-limit store's sliding windows (auth's RateLimitStore). */
export interface RestockLimits {
  take(
    key: string,
    limit: number,
    windowMs: number,
    now: number,
  ): Promise<{ allowed: boolean; retryAfterMs: number; unit?: string }>;
}

export interface RestockContext {
  limits: RestockLimits;
  /** The client's address (request.ip). */
  clientAddress: string;
  now: number;
  publicUrl: string;
  storeName: string;
}

export function restockConfirmUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/avise-me/confirmar?token=${encodeURIComponent(token)}`;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The mail outbox's issuer of confirmation links: draws the token when the mail is sent (the
 * outbox never holds a working link), or null when the request was confirmed or expired meanwhile.
 */
export const issueRestockLinkToken: LinkIssuer = async (tx, ref, now) => {
  const token = randomBytes(32).toString('base64url');
  const set = await setUnconfirmedAlertTokenHash(
    tx,
    ref,
    hashToken(token),
    new Date(now.getTime() - RESTOCK_CONFIRMATION_TTL_MS),
  );
  return set ? token : null;
};

function variantLabel(row: { productName: string; size: string | null; color: string | null }) {
  const details = [row.color, row.size ? `tamanho ${row.size}` : null].filter(Boolean).join(', ');
  return details ? `${row.productName} (${details})` : row.productName;
}

function mailHtml(title: string, paragraphs: string[], link: { href: string; text: string }) {
  const body = paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('');
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:600px;margin:0 auto"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p></body></html>`;
}

export function restockConfirmationMail(input: {
  to: string;
  label: string;
  url: string;
  storeName: string;
}): OutgoingMail {
  const subject = `Confirme seu aviso: ${input.label}`;
  const paragraphs = [
    `Você pediu para ser avisado quando ${input.label} voltar ao estoque da ${input.storeName}.`,
    'Confirme pelo link abaixo (válido por 48 horas). Usaremos este e-mail só para este aviso e o apagaremos depois de enviá-lo.',
    'Se não foi você, ignore esta mensagem: sem confirmação, o pedido é apagado.',
  ];
  return {
    to: input.to,
    subject,
    text: [...paragraphs, `Confirmar o aviso: ${input.url}`].join('\n\n'),
    html: mailHtml(subject, paragraphs, { href: input.url, text: 'Confirmar o aviso' }),
  };
}

export function restockArrivedMail(input: {
  to: string;
  label: string;
  url: string;
  storeName: string;
}): OutgoingMail {
  const subject = `Chegou: ${input.label}`;
  const paragraphs = [
    `${input.label} voltou ao estoque da ${input.storeName}.`,
    'Este foi o único aviso: seu e-mail já foi apagado da lista.',
  ];
  return {
    to: input.to,
    subject,
    text: [...paragraphs, `Ver o produto: ${input.url}`].join('\n\n'),
    html: mailHtml(subject, paragraphs, { href: input.url, text: 'Ver o produto' }),
  };
}

async function throttle(ctx: RestockContext, email: string): Promise<void> {
  const keys: Array<[string, number]> = [
    // Hashed: the store (Redis) never holds the shopper's address or e-mail.
    [`restock:client:${personalKeyPart(ctx.clientAddress)}`, RESTOCK_REQUESTS_PER_CLIENT],
    [`restock:email:${personalKeyPart(email)}`, RESTOCK_REQUESTS_PER_EMAIL],
  ];
  for (const [key, limit] of keys) {
    const decision = await ctx.limits.take(key, limit, RESTOCK_WINDOW_MS, ctx.now);
    if (!decision.allowed) {
      const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
      const wait =
        seconds >= 120
          ? `${Math.ceil(seconds / 60)} minutos`
          : `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`;
      throw rateLimited(seconds, `${RESTOCK_THROTTLED_MESSAGE} em ${wait}.`);
    }
  }
}

/**
 * Records the request and writes its confirmation mail to the outbox. The same answer whether or
 * not the address had already asked (nothing is revealed about it); an unconfirmed request gets a
 * new link, a confirmed one stays as it is.
 */
export async function requestRestockAlert(
  db: Database,
  ctx: RestockContext,
  variantIdInput: unknown,
  emailInput: unknown,
): Promise<true> {
  // The store's one e-mail rule (@vitrine/rules checkEmail): no quotes, no invisible character.
  const checked = checkEmail(typeof emailInput === 'string' ? emailInput : '');
  if (!checked.ok) throw badUserInput(checked.message, 'email');
  const email = checked.email.toLowerCase();
  const variantId = typeof variantIdInput === 'string' ? variantIdInput : '';
  if (!UUID_PATTERN.test(variantId)) throw badUserInput('Produto não encontrado.', 'variantId');
  await throttle(ctx, email);
  const variant = await restockVariant(db, variantId);
  if (!variant || !variant.published) throw badUserInput('Produto não encontrado.', 'variantId');
  if (variant.stock > 0) {
    throw badUserInput('Este produto está disponível: você já pode comprá-lo.', 'variantId');
  }
  // The request holds the hash of a token nobody knows until its mail is sent
  // (issueRestockLinkToken draws the link's token then).
  const unknownToken = hashToken(randomBytes(32).toString('base64url'));
  await db.transaction(async (tx) => {
    // A confirmed request is kept as it is: no new link, no mail.
    const row = await upsertRestockAlert(tx, {
      variantId,
      email,
      tokenHash: unknownToken,
      createdAt: new Date(ctx.now),
    });
    if (!row) return;
    await enqueueMail(
      tx,
      restockConfirmationMail({
        to: email,
        label: variantLabel(variant),
        url: restockConfirmUrl(ctx.publicUrl, ONE_TIME_TOKEN_MARK),
        storeName: ctx.storeName,
      }),
      { kind: 'restock_confirmation', ref: row.id },
    );
  });
  return true;
}

export interface ConfirmedRestockAlert {
  productName: string;
  productSlug: string;
  size: string | null;
  color: string | null;
  /** The link had confirmed it already (opened again: a reload, a second click). */
  alreadyConfirmed: boolean;
}

async function watchedVariant(
  db: Executor,
  variantId: string,
): Promise<Omit<ConfirmedRestockAlert, 'alreadyConfirmed'>> {
  return (await watchedVariantOf(db, variantId))!;
}

/**
 * Confirms the request behind a link, once. The request keeps its link's hash once confirmed, so
 * the same link opened again answers that it is confirmed already (alreadyConfirmed) and changes
 * nothing; an unknown or expired link, or one whose alert was sent and deleted, is
 * BAD_USER_INPUT. A link is only ever drawn for an unconfirmed request (issueRestockLinkToken),
 * so a confirmed request's hash never changes and no new link reaches it.
 */
export async function confirmRestockAlert(
  db: Executor,
  tokenInput: unknown,
  now: number,
): Promise<ConfirmedRestockAlert> {
  const token = typeof tokenInput === 'string' ? tokenInput.trim() : '';
  if (token.length < 16 || token.length > 200) throw badUserInput(RESTOCK_INVALID_LINK_MESSAGE);
  const tokenHash = hashToken(token);
  const row = await confirmAlertByTokenHash(
    db,
    tokenHash,
    new Date(now),
    new Date(now - RESTOCK_CONFIRMATION_TTL_MS),
  );
  if (row) return { ...(await watchedVariant(db, row.variantId)), alreadyConfirmed: false };
  // Not confirmed now: the same link confirmed it before (a reload), or it is no link of ours.
  const confirmed = await confirmedAlertByTokenHash(db, tokenHash);
  if (!confirmed) throw badUserInput(RESTOCK_INVALID_LINK_MESSAGE);
  return { ...(await watchedVariant(db, confirmed.variantId)), alreadyConfirmed: true };
}

export interface RestockSweepResult {
  /** Mails written to the outbox (one per request whose variant is back in stock). */
  notified: number;
  /** Unconfirmed requests past 48 hours, deleted. */
  expired: number;
}

/**
 * One pass: deletes the unconfirmed requests past their 48 hours, then, in batches, locks the
 * confirmed requests whose variant has stock again (SKIP LOCKED: two servers never take the same
 * one), writes their mails to the outbox and deletes them, all in one transaction: exactly one
 * mail per request.
 */
export async function sweepRestockAlerts(
  db: Database,
  ctx: { now: number; publicUrl: string; storeName: string },
  batchSize = 100,
): Promise<RestockSweepResult> {
  const expired = await deleteUnconfirmedAlertsBefore(
    db,
    new Date(ctx.now - RESTOCK_CONFIRMATION_TTL_MS),
  );
  let notified = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const due = await lockDueRestockAlerts(tx, batchSize);
      if (due.length === 0) return 0;
      await deleteRestockAlerts(
        tx,
        due.map((row) => row.id),
      );
      for (const row of due) {
        await enqueueMail(
          tx,
          restockArrivedMail({
            to: row.email,
            label: variantLabel(row),
            url: `${ctx.publicUrl}/produto/${encodeURIComponent(row.productSlug)}`,
            storeName: ctx.storeName,
          }),
        );
      }
      return due.length;
    });
    notified += count;
    if (count < batchSize) break;
  }
  return { notified, expired };
}
