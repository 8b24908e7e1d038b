// The checkout: re-pricing a cart from the database, quoting shipping, and placing an order in one
// transaction (stock, coupon use, order, lines, timeline, Pix code, outbox mail).
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db';
import type { OrderRow } from '../orders/orders.tables';
import { orderNumber } from '@vitrine/rules';
import { carrierPricesFor } from './carrier-pricing';
import type { CarrierPrice, CarrierQuotes } from '../shipping/carriers/carrier-quotes';
import { CheckoutError } from './checkout.errors';
import {
  assertHoldsWithinLimit,
  assertUnpaidOrdersWithinLimits,
  unpaidOrderChecks,
  unpaidOrderLockKeys,
  type UnpaidOrderCheck,
  assertWithinGuestCaps,
  type GuestRequest,
} from './checkout.limits';
import { describeVariant, parcelItem } from './checkout.pricing';
import {
  activeShippingMethods,
  loadCartVariants,
  loadCheckoutChecks,
  lockAndLoadSettings,
  type CheckoutLock,
  takeCartStock,
} from './checkout.repository';
import { findOrderByIdempotencyKey, orderLinesOf } from '../orders/orders.repository';
import { validatePlaceOrderInput } from './checkout.validation';
import { emailIdentityKey } from '../../lib/email-identity';
import {
  cartVariants,
  deliveryOf,
  IdempotentReplay,
  newOrderRow,
  orderLineRows,
  priceTakenCart,
  takenLines,
  withUniquePixCents,
  writeOrder,
  type PlacedOrder,
} from './checkout.order';

export type { PlacedOrder };
export { BOLETO_CLEARING_DAYS, BOLETO_DUE_DAYS, paymentDeadline } from './checkout.order';

export interface CheckoutDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'publicUrl'>;
  /** True when a card/boleto gateway is configured (paymentMethods offers CARD and BOLETO). */
  gatewayConfigured?: boolean;
  /** The guest's request and the limits on what one guest may hold (checkout.limits). */
  guest?: GuestRequest;
  /** The carriers that quote parcels (shipping/carriers), when any is configured. */
  carriers?: CarrierQuotes;
}

const GATEWAY_METHOD_LABELS: Record<'CARD' | 'BOLETO', string> = {
  CARD: 'cartão de crédito',
  BOLETO: 'boleto',
};

function assertSameRequest(order: OrderRow, requestHash: string): void {
  if (order.requestHash !== requestHash) {
    throw new CheckoutError(
      'Esta chave de idempotência já foi usada em outro pedido. Gere uma nova chave para um novo pedido.',
      'idempotencyKey',
    );
  }
}

/**
 * Places an order. Everything is validated before the first write; then one transaction takes the
 * stock (rows in a fixed order, so two carts with the same items never deadlock), counts the coupon
 * use, writes the order, its lines, the first timeline event and the mail. Any failure rolls it all
 * back. The same idempotency key replayed returns the same order, never a second one.
 */
export async function placeOrder(deps: CheckoutDeps, rawInput: unknown): Promise<PlacedOrder> {
  const input = validatePlaceOrderInput(rawInput);
  const { db } = deps;

  // A replay (the same idempotency key) is found inside the transaction, under the key's lock: a
  // new order, by far the common case, spends no round trip on a look-up before it.
  // Counter units taken for an order that does not commit are given back.
  const undo: Array<() => Promise<void>> = [];
  // The carrier is asked before the transaction (never while stock rows are locked); within the
  // quotes' cache time this is the very price the checkout showed.
  const carrierPrices = await carrierPricesForOrder(deps, input);
  try {
    return await db.transaction(async (tx) =>
      placeOrderInTransaction(tx, deps, input, undo, carrierPrices),
    );
  } catch (error) {
    await Promise.all(undo.map((giveBack) => giveBack()));
    if (!(error instanceof IdempotentReplay)) throw error;
    const twin = await findOrderByIdempotencyKey(db, input.idempotencyKey);
    if (!twin) throw new Error('idempotent replay without an order', { cause: error });
    assertSameRequest(twin, input.requestHash);
    return { order: twin, lines: await orderLinesOf(db, twin.id), replayed: true };
  }
}

/**
 * The order's advisory locks, in the order every order takes them: its idempotency key first,
 * then, sorted, the guest's unpaid-order keys and, with a coupon, the coupon's per-shopper keys
 * (its uses by e-mail and by CPF are counted behind them, exact under concurrent orders; taken
 * only when the coupon has a per-shopper limit).
 */
function checkoutLocks(
  input: ReturnType<typeof validatePlaceOrderInput>,
  unpaidChecks: readonly UnpaidOrderCheck[],
): CheckoutLock[] {
  const shared = unpaidOrderLockKeys(unpaidChecks).map((key) => ({
    key,
    perShopper: false,
  }));
  if (input.couponCode !== null) {
    const code = input.couponCode.toUpperCase();
    shared.push(
      {
        key: `coupon-uses:${code}:email:${emailIdentityKey(input.customer.email)}`,
        perShopper: true,
      },
      { key: `coupon-uses:${code}:cpf:${input.customer.cpf.replace(/\D/g, '')}`, perShopper: true },
    );
  }
  shared.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return [{ key: `order:${input.idempotencyKey}`, perShopper: false }, ...shared];
}

/** The carrier's price for the order's method, when it names one (else nothing is asked). */
async function carrierPricesForOrder(
  deps: CheckoutDeps,
  input: ReturnType<typeof validatePlaceOrderInput>,
): Promise<Map<string, CarrierPrice>> {
  if (!deps.carriers) return new Map();
  const methods = await activeShippingMethods(deps.db);
  const method = methods.filter((row) => row.id === input.shippingMethodId && row.carrier);
  if (method.length === 0) return new Map();
  const variants = await loadCartVariants(
    deps.db,
    input.items.map((item) => item.variantId),
  );
  const quantities = new Map(input.items.map((item) => [item.variantId, item.quantity]));
  const parcels = variants
    .filter((variant) => quantities.has(variant.variantId))
    .map((variant) => parcelItem(variant, quantities.get(variant.variantId)!));
  return carrierPricesFor(deps, method, input.address.postalCode, parcels);
}

async function placeOrderInTransaction(
  tx: Executor,
  deps: CheckoutDeps,
  input: ReturnType<typeof validatePlaceOrderInput>,
  undo: Array<() => Promise<void>>,
  carrierPrices: ReadonlyMap<string, CarrierPrice>,
): Promise<PlacedOrder> {
  const now = new Date(deps.clock.now());
  const unpaidChecks = unpaidOrderChecks(deps.guest, input.customer);
  // Three statements write an order (checkout.repository.ts): the locks with the settings, the
  // stock with the cart's variants (and the look-up of an order with this key), then every row of
  // the order; a fourth between them counts the guest's unpaid orders and reads the coupon when
  // either applies. Checks come between them in the order they always had; any refusal rolls the
  // transaction back, units taken included.
  const {
    store: settings,
    payment: pixSettings,
    methods,
  } = await lockAndLoadSettings(tx, checkoutLocks(input, unpaidChecks), input.couponCode);
  const stock = await takeCartStock(tx, input.items, input.idempotencyKey);
  if (stock.replay) {
    const twin = await findOrderByIdempotencyKey(tx, input.idempotencyKey);
    if (!twin) throw new Error('idempotency key found, then its order missing');
    assertSameRequest(twin, input.requestHash);
    return { order: twin, lines: await orderLinesOf(tx, twin.id), replayed: true };
  }
  const countUnpaid = unpaidChecks.length > 0;
  // The units of the cart's variants unpaid orders hold, when what one guest holds is bounded.
  const boundHolds = countUnpaid && (deps.guest?.limits.variantHoldPercent ?? 0) > 0;
  const checks =
    countUnpaid || input.couponCode !== null
      ? await loadCheckoutChecks(tx, {
          clientAddress: deps.guest?.clientAddress ?? null,
          customer: input.customer,
          unpaid: countUnpaid,
          couponCode: input.couponCode,
          heldOf: boundHolds ? input.items.map((item) => item.variantId) : null,
        })
      : { unpaid: null, coupon: null, held: new Map() };
  if (input.paymentMethod !== 'PIX' && !deps.gatewayConfigured) {
    throw new CheckoutError(
      `Pagamento com ${GATEWAY_METHOD_LABELS[input.paymentMethod]} não está disponível nesta loja no momento. Pague com Pix.`,
      'paymentMethod',
    );
  }

  // Checked in ascending variant id, as the rows were locked.
  const items = [...input.items].sort((a, b) => (a.variantId < b.variantId ? -1 : 1));
  const byId = cartVariants(items, stock);
  const { method, address } = deliveryOf(input, methods);
  const byPix = input.paymentMethod === 'PIX';
  if (byPix && !pixSettings.pixKey) {
    throw new CheckoutError(
      'O pagamento por Pix ainda não está configurado nesta loja.',
      'paymentMethod',
    );
  }

  // What one guest may hold: units per line and per order, unpaid orders at once (and, below,
  // units of each variant).
  assertWithinGuestCaps(
    items.map((item) => ({
      index: item.index,
      quantity: item.quantity,
      what: describeVariant(byId.get(item.variantId)!),
    })),
    { perLine: settings.guestMaxUnitsPerLine, perOrder: settings.guestMaxUnitsPerOrder },
  );
  assertUnpaidOrdersWithinLimits(unpaidChecks, checks.unpaid, now);

  const priced = takenLines(items, byId, stock);
  // What one guest holds unpaid of each variant, this order included, bounded by its stock: with
  // every line's units taken, so a line short of stock says so first.
  if (boundHolds) {
    assertHoldsWithinLimit(
      unpaidChecks,
      deps.guest!.limits,
      priced.map((line) => ({
        index: line.item.index,
        variantId: line.variant.variantId,
        quantity: line.item.quantity,
        what: describeVariant(line.variant),
        free: line.variant.stock,
        held: checks.held.get(line.variant.variantId),
      })),
      now,
    );
  }
  // Lines keep the order the shopper put them in the cart.
  priced.sort((a, b) => a.item.index - b.item.index);
  // The money by the cart's one rule, as the preview priced it (priceTakenCart).
  const taken = priceTakenCart({
    input,
    priced,
    coupon: checks.coupon,
    method,
    settings,
    carrierPrices,
    cardOffered: deps.gatewayConfigured ?? false,
    now,
  });
  const { subtotalCents, discountCents } = taken.pricing;
  const { pixDiscount, totalCents, interestCents } = await withUniquePixCents(
    tx,
    byPix,
    pixSettings.pixUniqueCents,
    taken.payment,
  );

  // Drawn by takeCartStock once every line was taken.
  if (stock.sequence === null) throw new Error('every line taken but no order number drawn');
  const newOrder = newOrderRow({
    deps,
    input,
    number: orderNumber(stock.sequence),
    address,
    method,
    shipping: taken.shipping,
    coupon: taken.coupon,
    pixSettings,
    now,
    amounts: { subtotalCents, discountCents, pixDiscount, totalCents, interestCents },
  });

  const lines = orderLineRows(taken.lines, taken.payment.lineDiscountsCents);
  return writeOrder(tx, deps, undo, {
    input,
    newOrder,
    lines,
    priced: taken.lines,
    coupon: taken.coupon,
    storeName: settings.storeName,
    now,
  });
}
