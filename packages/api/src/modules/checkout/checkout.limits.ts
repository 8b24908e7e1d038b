// One guest must not be able to reserve the whole store (issue 11, item 1). Unpaid orders hold
// stock until their payment deadline, so placeOrder bounds what one guest can hold at once:
// - units per line and per order (store settings guestMaxUnitsPerLine / guestMaxUnitsPerOrder);
// - unpaid (PENDING_PAYMENT) orders at once per client address, per e-mail (normalised: `nome+1@`
//   is `nome@`) and per CPF, counted in the database inside the order's transaction, behind an
//   advisory lock per key — exact, shared by every instance, and freed the moment an order is paid,
//   canceled or expires (no counter to keep in step);
// - order-placed mails per recipient in any hour, in the server's rate-limit store (Redis when
//   REDIS_URL is set): past it the order is still placed, only its mail is not sent.
import type { CheckoutLimits } from '../../config';
import { emailIdentityKey } from '../../lib/email-identity';
import { CheckoutError } from './checkout.errors';
import type { UnpaidOrderCounts } from './checkout.repository';
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

/** One unpaid-order limit that applies to a guest: by client address, e-mail or CPF. */
export interface UnpaidOrderCheck {
  kind: 'client' | 'email' | 'cpf';
  key: string;
  limit: number;
  field: string | null;
  message: (wait: string) => string;
}

/** The unpaid-order limits that apply to this guest (none without a guest: staff, tests). */
export function unpaidOrderChecks(
  guest: GuestRequest | undefined,
  customer: { email: string; cpf: string },
): UnpaidOrderCheck[] {
  if (!guest) return [];
  const { limits } = guest;
  const checks: UnpaidOrderCheck[] = [];
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
      key: emailIdentityKey(customer.email),
      limit: limits.unpaidOrdersPerEmail,
      field: 'customer.email',
      message: (wait) =>
        `Este e-mail já tem pedidos aguardando pagamento. ${PAY_HINT}; ou tente de novo em ${wait}.`,
    });
  }
  if (limits.unpaidOrdersPerCpf > 0) {
    checks.push({
      kind: 'cpf',
      key: customer.cpf.replace(/\D/g, ''),
      limit: limits.unpaidOrdersPerCpf,
      field: 'customer.cpf',
      message: (wait) =>
        `Este CPF já tem pedidos aguardando pagamento. ${PAY_HINT}; ou tente de novo em ${wait}.`,
    });
  }
  return checks;
}

/**
 * The advisory locks of the guest's unpaid-order limits, one per key (client address, e-mail,
 * CPF), to take inside the order's transaction before counting: parallel orders of one guest then
 * count one after the other, so they cannot slip past together; the locks go when the
 * transaction ends.
 */
export function unpaidOrderLockKeys(checks: readonly UnpaidOrderCheck[]): string[] {
  return checks.map((check) => `unpaid-orders:${check.kind}:${check.key}`);
}

/**
 * Refuses a new order while the guest already has as many unpaid orders as allowed, by client
 * address, by e-mail or by CPF, from the counts taken under the guest's locks
 * (checkout.repository.ts loadCheckoutChecks).
 */
export function assertUnpaidOrdersWithinLimits(
  checks: readonly UnpaidOrderCheck[],
  counts: UnpaidOrderCounts | null,
  now: Date,
): void {
  if (!counts) return;
  for (const check of checks) {
    if (counts[check.kind] < check.limit) continue;
    const freeAt = counts[`${check.kind}FreeAt`];
    const waitMs = freeAt ? freeAt.getTime() - now.getTime() : 60_000;
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
