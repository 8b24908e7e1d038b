// One guest must not be able to reserve the whole store (issue 11, item 1). Unpaid orders hold
// stock until their payment deadline, so placeOrder bounds what one guest can hold at once:
// - units per line and per order (store settings guestMaxUnitsPerLine / guestMaxUnitsPerOrder);
// - unpaid (PENDING_PAYMENT) orders at once per client address, per e-mail (normalised: `nome+1@`
//   is `nome@`) and per CPF, counted in the database inside the order's transaction, behind an
//   advisory lock per key — exact, shared by every instance, and freed the moment an order is paid,
//   canceled or expires (no counter to keep in step);
// - order-placed mails per recipient in any hour, in the server's rate-limit store (Redis when
//   REDIS_URL is set): past it the order is still placed, only its mail is not sent.
import { sql } from 'drizzle-orm';
import type { CheckoutLimits } from '../../config';
import type { Executor } from '../../db';
import { emailIdentityKey, emailIdentityKeySql } from '../../lib/email-identity';
import { orders } from '../orders/orders.tables';
import { CheckoutError } from './checkout.errors';
import type { SlidingWindowCounters } from '../../lib/counters';

/** The sliding-window counters of the server's rate-limit store. */
export type CheckoutCounters = SlidingWindowCounters;

/** What placeOrder needs to know about the guest's request to apply the limits. */
export interface GuestRequest {
  limits: CheckoutLimits;
  /** request.ip; null when unknown (then only the e-mail and CPF limits apply). */
  clientAddress: string | null;
  /** The server's rate-limit store; null: order mails are not throttled. */
  counters: CheckoutCounters | null;
}

export const ORDER_MAIL_WINDOW_MS = 3_600_000;

export interface CappedLine {
  /** The line's position in the cart as sent (items[index]). */
  index: number;
  quantity: number;
  /** How the shopper knows the line ("Camiseta Básica (M, Azul)"). */
  what: string;
}

function units(count: number): string {
  return count === 1 ? '1 unidade' : `${count} unidades`;
}

/**
 * Refuses a cart over the store's caps, naming the first line (in cart order) that goes over:
 * its own quantity above the per-line cap, or the units up to it above the per-order cap.
 */
export function assertWithinGuestCaps(
  lines: readonly CappedLine[],
  caps: { perLine: number; perOrder: number },
): void {
  const inCartOrder = [...lines].sort((a, b) => a.index - b.index);
  let total = 0;
  for (const line of inCartOrder) {
    const field = `items[${line.index}].quantity`;
    if (line.quantity > caps.perLine) {
      throw new CheckoutError(
        `${line.what}: cada pedido pode levar no máximo ${units(caps.perLine)} deste produto. Diminua a quantidade.`,
        field,
        'BAD_USER_INPUT',
        { reason: 'LINE_UNIT_LIMIT', limit: caps.perLine },
      );
    }
    total += line.quantity;
    if (total > caps.perOrder) {
      const cartTotal = inCartOrder.reduce((sum, item) => sum + item.quantity, 0);
      throw new CheckoutError(
        `Cada pedido pode levar no máximo ${units(caps.perOrder)} no total, e este carrinho tem ${cartTotal}. Diminua a quantidade de ${line.what} ou de outro item.`,
        field,
        'BAD_USER_INPUT',
        { reason: 'ORDER_UNIT_LIMIT', limit: caps.perOrder },
      );
    }
  }
}

function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 120) return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
  const hours = Math.ceil(minutes / 60);
  if (hours < 48) return `${hours} horas`;
  return `${Math.ceil(hours / 24)} dias`;
}

const PAY_HINT =
  'Se um deles for seu, pague-o pelo código do e-mail do pedido (ou em Acompanhar pedido)';

interface IdentityLimit {
  kind: 'client' | 'email' | 'cpf';
  key: string;
  limit: number;
  field: string | null;
  message: (wait: string) => string;
}

/**
 * Refuses a new order while the guest already has as many unpaid orders as allowed, by client
 * address, by e-mail or by CPF. Runs inside the order's transaction: the advisory lock per key
 * (taken in a fixed order) makes parallel orders of one guest count one after the other, so they
 * cannot slip past together; the lock is released when the transaction ends.
 */
export async function assertUnpaidOrdersWithinLimits(
  tx: Executor,
  guest: GuestRequest | undefined,
  customer: { email: string; cpf: string },
  now: Date,
): Promise<void> {
  if (!guest) return;
  const { limits } = guest;
  const email = emailIdentityKey(customer.email);
  const cpf = customer.cpf.replace(/\D/g, '');
  const checks: IdentityLimit[] = [];
  if (limits.unpaidOrdersPerClient > 0 && guest.clientAddress) {
    checks.push({
      kind: 'client',
      key: guest.clientAddress,
      limit: limits.unpaidOrdersPerClient,
      field: null,
      message: (wait) =>
        `Há muitos pedidos aguardando pagamento feitos a partir desta conexão. ${PAY_HINT}; ou tente de novo em ${wait}.`,
    });
  }
  if (limits.unpaidOrdersPerEmail > 0) {
    checks.push({
      kind: 'email',
      key: email,
      limit: limits.unpaidOrdersPerEmail,
      field: 'customer.email',
      message: (wait) =>
        `Este e-mail já tem pedidos aguardando pagamento. ${PAY_HINT}; ou tente de novo em ${wait}.`,
    });
  }
  if (limits.unpaidOrdersPerCpf > 0) {
    checks.push({
      kind: 'cpf',
      key: cpf,
      limit: limits.unpaidOrdersPerCpf,
      field: 'customer.cpf',
      message: (wait) =>
        `Este CPF já tem pedidos aguardando pagamento. ${PAY_HINT}; ou tente de novo em ${wait}.`,
    });
  }
  if (checks.length === 0) return;

  const lockKeys = checks.map((check) => `unpaid-orders:${check.kind}:${check.key}`).sort();
  // One statement for every lock, taken in the array's order (the scan of unnest keeps it), so
  // two orders never wait on each other's locks in opposite orders.
  await tx.execute(
    sql`SELECT count(pg_advisory_xact_lock(hashtext(key)))
        FROM unnest(ARRAY[${sql.join(
          lockKeys.map((key) => sql`${key}`),
          sql`, `,
        )}]::text[]) AS lock_keys(key)`,
  );

  const deadline = sql`coalesce(${orders.paymentExpiresAt}, ${orders.pixExpiresAt})`;
  const byClient = sql`${orders.clientAddress} = ${guest.clientAddress ?? ''}`;
  const byEmail = sql`${emailIdentityKeySql(orders.customerEmail)} = ${email}`;
  const byCpf = sql`regexp_replace(${orders.customerCpf}, '[^0-9]', '', 'g') = ${cpf}`;
  const result = await tx.execute<{
    client: number;
    email: number;
    cpf: number;
    client_free_at: string | Date | null;
    email_free_at: string | Date | null;
    cpf_free_at: string | Date | null;
  }>(sql`
    SELECT count(*) FILTER (WHERE ${byClient})::int AS client,
           count(*) FILTER (WHERE ${byEmail})::int AS email,
           count(*) FILTER (WHERE ${byCpf})::int AS cpf,
           min(${deadline}) FILTER (WHERE ${byClient}) AS client_free_at,
           min(${deadline}) FILTER (WHERE ${byEmail}) AS email_free_at,
           min(${deadline}) FILTER (WHERE ${byCpf}) AS cpf_free_at
    FROM ${orders}
    WHERE ${orders.status} = 'PENDING_PAYMENT' AND (${byClient} OR ${byEmail} OR ${byCpf})`);
  const row = result.rows[0];
  if (!row) return;
  for (const check of checks) {
    if (Number(row[check.kind]) < check.limit) continue;
    const freeAt = row[`${check.kind}_free_at`];
    const waitMs = freeAt ? new Date(freeAt).getTime() - now.getTime() : 60_000;
    const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new CheckoutError(check.message(waitText(waitMs)), check.field, 'RATE_LIMITED', {
      reason: 'UNPAID_ORDER_LIMIT',
      retryAfterSeconds,
    });
  }
}

/**
 * Takes one order mail of the recipient's hourly allowance. `send` false: the allowance is used
 * up and the mail is left out (the order is still placed). `undo` gives the unit back when the
 * order does not commit after all.
 */
export async function takeOrderMail(
  guest: GuestRequest | undefined,
  email: string,
  now: number,
): Promise<{ send: boolean; undo: () => Promise<void> }> {
  const nothing = async () => {};
  const limit = guest?.limits.orderMailsPerRecipient ?? 0;
  if (!guest?.counters || limit <= 0) return { send: true, undo: nothing };
  const key = `order-mail:${emailIdentityKey(email)}`;
  const decision = await guest.counters.take(key, limit, ORDER_MAIL_WINDOW_MS, now);
  if (!decision.allowed) return { send: false, undo: nothing };
  const unit = decision.unit;
  const counters = guest.counters;
  return { send: true, undo: unit ? () => counters.giveBack(key, unit) : nothing };
}
