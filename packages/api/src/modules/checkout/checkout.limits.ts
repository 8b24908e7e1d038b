// One guest must not be able to reserve the whole store (issue 11, item 1). Unpaid orders hold
// stock until their payment deadline, so placeOrder bounds what one guest can hold at once:
// - units per line and per order (store settings guestMaxUnitsPerLine / guestMaxUnitsPerOrder);
// - unpaid (PENDING_PAYMENT) orders at once per client address, per e-mail (normalised: `nome+1@`
//   is `nome@`) and per CPF, counted in the database inside the order's transaction, behind an
//   advisory lock per key — exact, shared by every instance, and freed the moment an order is paid,
//   canceled or expires (no counter to keep in step);
// - units of one variant held unpaid per client address, per e-mail and per CPF: at most
//   max(VARIANT_HOLD_UNITS, VARIANT_HOLD_PERCENT% of the variant's stock, free plus held by unpaid
//   orders) — 3 units or 20% by default, so a shopper buying 3 of a 15-unit item goes through
//   while one client can no longer hold all 15 (heldUnitsLimit). Summed in the statement that
//   counts the unpaid orders, after the order has locked the variant's row: simultaneous orders of
//   one variant sum one after the other. Paid orders do not count;
// - order-placed mails per recipient in any hour, in the server's rate-limit store (Redis when
//   REDIS_URL is set): past it the order is still placed, only its mail is not sent.
import type { CheckoutLimits } from '../../config';
import { emailIdentityKey } from '../../lib/email-identity';
import { personalKeyPart } from '../../lib/personal-data';
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

/** One identity of a guest whose unpaid orders are limited: its client address, e-mail or CPF. */
export interface UnpaidOrderCheck {
  kind: 'client' | 'email' | 'cpf';
  key: string;
  /** Unpaid orders at once; 0: not limited (the key is still locked for the units it holds). */
  limit: number;
  field: string | null;
  message: (wait: string) => string;
  /** Who holds the units, as the hold refusal says it ("os pedidos ... deste e-mail já têm"). */
  holder: string;
}

/**
 * The identities of this guest whose unpaid orders are counted (none without a guest: staff,
 * tests): each one with a limit on its unpaid orders or, when variants' holds are bounded
 * (variantHoldPercent), every one.
 */
export function unpaidOrderChecks(
  guest: GuestRequest | undefined,
  customer: { email: string; cpf: string },
): UnpaidOrderCheck[] {
  if (!guest) return [];
  const { limits } = guest;
  const holds = limits.variantHoldPercent > 0;
  const checks: UnpaidOrderCheck[] = [];
  if ((limits.unpaidOrdersPerClient > 0 || holds) && guest.clientAddress) {
    checks.push({
      kind: 'client',
      key: guest.clientAddress,
      limit: limits.unpaidOrdersPerClient,
      field: null,
      message: (wait) =>
        `Há muitos pedidos aguardando pagamento feitos a partir desta conexão. ${PAY_HINT}; ou tente de novo em ${wait}.`,
      holder: 'os pedidos aguardando pagamento feitos a partir desta conexão já têm',
    });
  }
  if (limits.unpaidOrdersPerEmail > 0 || holds) {
    checks.push({
      kind: 'email',
      key: emailIdentityKey(customer.email),
      limit: limits.unpaidOrdersPerEmail,
      field: 'customer.email',
      message: (wait) =>
        `Este e-mail já tem pedidos aguardando pagamento. ${PAY_HINT}; ou tente de novo em ${wait}.`,
      holder: 'os pedidos aguardando pagamento deste e-mail já têm',
    });
  }
  if (limits.unpaidOrdersPerCpf > 0 || holds) {
    checks.push({
      kind: 'cpf',
      key: customer.cpf.replace(/\D/g, ''),
      limit: limits.unpaidOrdersPerCpf,
      field: 'customer.cpf',
      message: (wait) =>
        `Este CPF já tem pedidos aguardando pagamento. ${PAY_HINT}; ou tente de novo em ${wait}.`,
      holder: 'os pedidos aguardando pagamento deste CPF já têm',
    });
  }
  return checks;
}

/**
 * The advisory locks of the guest's unpaid-order limits, one per limited key (client address,
 * e-mail, CPF), to take inside the order's transaction before counting: parallel orders of one
 * guest then count one after the other, so they cannot slip past together; the locks go when the
 * transaction ends. The units held of a variant need none: every order holding that variant locks
 * its row (takeCartStock) before they are summed and keeps it to commit, so two orders of one
 * variant sum one after the other.
 */
export function unpaidOrderLockKeys(checks: readonly UnpaidOrderCheck[]): string[] {
  return checks
    .filter((check) => check.limit > 0)
    .map((check) => `unpaid-orders:${check.kind}:${check.key}`);
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
    if (check.limit <= 0 || counts[check.kind] < check.limit) continue;
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
 * The most units of one variant one guest may hold in unpaid orders, this order's included:
 * `variantHoldUnits`, or `variantHoldPercent` of the variant's stock (the units still free plus
 * those unpaid orders hold, so the bound does not shrink as shoppers buy) when that is more, and
 * never less than 1. With the defaults (3 units, 20%): 3 of 15 or fewer, 4 of 20, 10 of 50, 100
 * of 500 (where the per-line and per-order caps bind first). Null: holds are not bounded.
 */
export function heldUnitsLimit(
  limits: Pick<CheckoutLimits, 'variantHoldUnits' | 'variantHoldPercent'>,
  stockUnits: number,
): number | null {
  if (limits.variantHoldPercent <= 0) return null;
  const share = Math.floor((Math.max(0, stockUnits) * limits.variantHoldPercent) / 100);
  return Math.max(1, limits.variantHoldUnits, share);
}

/** A line of the order with what unpaid orders hold of its variant (loadCheckoutChecks). */
export interface HeldLine {
  /** The line's position in the cart as sent (items[index]). */
  index: number;
  variantId: string;
  quantity: number;
  /** How the shopper knows the line ("Camiseta Básica (M, Azul)"). */
  what: string;
  /** The variant's free units before this order. */
  free: number;
  /** What unpaid orders hold of it: all of them, and the guest's by client, e-mail and CPF. */
  held: VariantHolds | undefined;
}

/** Units of one variant held by unpaid orders (checkout.repository.ts loadCheckoutChecks). */
export interface VariantHolds {
  all: number;
  client: number;
  email: number;
  cpf: number;
  /** The earliest payment deadline among each identity's unpaid orders that hold it. */
  clientFreeAt: Date | null;
  emailFreeAt: Date | null;
  cpfFreeAt: Date | null;
}

/**
 * Refuses a line that would leave one identity of the guest (client address, e-mail or CPF)
 * holding more of its variant in unpaid orders than heldUnitsLimit allows, naming the first such
 * line in cart order. BAD_USER_INPUT when a smaller quantity would still go through (`allowed`
 * says how many), RATE_LIMITED when the guest already holds all it may (then `retryAfterSeconds`
 * says when the first of its orders expires; paying one frees its units at once).
 */
export function assertHoldsWithinLimit(
  checks: readonly UnpaidOrderCheck[],
  limits: Pick<CheckoutLimits, 'variantHoldUnits' | 'variantHoldPercent'>,
  lines: readonly HeldLine[],
  now: Date,
): void {
  const inCartOrder = [...lines].sort((a, b) => a.index - b.index);
  for (const line of inCartOrder) {
    const all = line.held?.all ?? 0;
    const limit = heldUnitsLimit(limits, line.free + all);
    if (limit === null) return;
    for (const check of checks) {
      const held = line.held?.[check.kind] ?? 0;
      if (held + line.quantity <= limit) continue;
      const allowed = Math.max(0, limit - held);
      const freeAt = line.held?.[`${check.kind}FreeAt`] ?? null;
      const waitMs = freeAt ? freeAt.getTime() - now.getTime() : 60_000;
      const message =
        held === 0
          ? `${line.what}: para que outros clientes também possam comprar, cada cliente pode reservar no máximo ${units(limit)} deste produto em pedidos aguardando pagamento. Diminua a quantidade para ${limit}.`
          : allowed > 0
            ? `${line.what}: ${check.holder} ${units(held)} deste produto, e cada cliente pode reservar no máximo ${limit} até pagar. Diminua a quantidade para ${allowed}, ou pague o pedido anterior pelo código do e-mail do pedido (ou em Acompanhar pedido).`
            : `${line.what}: ${check.holder} ${units(held)} deste produto, o máximo que cada cliente pode reservar até pagar. ${PAY_HINT}; ou tente de novo em ${waitText(waitMs)}.`;
      throw new CheckoutError(
        message,
        `items[${line.index}].quantity`,
        allowed > 0 ? 'BAD_USER_INPUT' : 'RATE_LIMITED',
        {
          reason: 'VARIANT_HOLD_LIMIT',
          by: check.kind,
          variantId: line.variantId,
          limit,
          held,
          allowed,
          ...(allowed > 0 ? {} : { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) }),
        },
      );
    }
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
  // Hashed: the store (Redis) never holds the shopper's e-mail.
  const key = `order-mail:${personalKeyPart(emailIdentityKey(email))}`;
  const decision = await guest.counters.take(key, limit, ORDER_MAIL_WINDOW_MS, now);
  if (!decision.allowed) return { send: false, undo: nothing };
  const unit = decision.unit;
  const counters = guest.counters;
  return { send: true, undo: unit ? () => counters.giveBack(key, unit) : nothing };
}
