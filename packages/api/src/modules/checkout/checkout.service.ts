// The checkout: re-pricing a cart from the database, quoting shipping, and placing an order in one
// transaction (stock, coupon use, order, lines, timeline, Pix code, outbox mail).
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db';
import type { OrderEventRow, OrderLineRow, OrderRow } from '../orders/orders.tables';
import { type CouponAccepted } from '@vitrine/rules';
import {
  installmentOptionFor,
  installmentTable,
  orderNumber,
  pixDiscountCents as computePixDiscount,
  pixTotalCents,
} from '@vitrine/rules';
import { buildPixBrCode } from '../payments/brcode';
import { uniquePixAdjustment } from './pix-unique';
import { carrierPricesFor } from './carrier-pricing';
import type { CarrierPrice, CarrierQuotes } from '../shipping/carriers/carrier-quotes';
import { txidFromOrderNumber } from '../../lib/pix';
import { installmentSettingsOf } from '../settings/settings.service';
import { CheckoutError, OutOfStockError } from './checkout.errors';
import { orderPlacedMail } from './checkout.mail';
import {
  assertHoldsWithinLimit,
  assertUnpaidOrdersWithinLimits,
  unpaidOrderChecks,
  unpaidOrderLockKeys,
  type UnpaidOrderCheck,
  assertWithinGuestCaps,
  takeOrderMail,
  type GuestRequest,
} from './checkout.limits';
import { describeVariant, parcelItem, thumbnailUrl, variantLabel } from './checkout.pricing';
import {
  activeShippingMethods,
  loadCartVariants,
  loadCheckoutChecks,
  lockAndLoadSettings,
  type CheckoutLock,
  takeCartStock,
  writePlacedOrder,
  type CartVariantRow,
} from './checkout.repository';
import {
  findOrderByIdempotencyKey,
  orderLinesOf,
  type NewOrder,
} from '../orders/orders.repository';
import { validatePlaceOrderInput, assertDeliveryAddress } from './checkout.validation';
import { emailIdentityKey } from '../../lib/email-identity';
import { evaluateLoadedCoupon, quoteFor, type PricedLine } from './checkout.quote';

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

/** A boleto is due this many days after the order (Mercado Pago's default due date)... */
export const BOLETO_DUE_DAYS = 3;
/** ...and the order waits this many more days for a payment made on the due date to clear. */
export const BOLETO_CLEARING_DAYS = 2;

const DAY_MS = 86_400_000;

const GATEWAY_METHOD_LABELS: Record<'CARD' | 'BOLETO', string> = {
  CARD: 'cartão de crédito',
  BOLETO: 'boleto',
};

/** When an unpaid order is canceled ('expirado'): Pix and card after the Pix hold setting. */
export function paymentDeadline(
  method: 'PIX' | 'CARD' | 'BOLETO',
  placedAt: Date,
  pixExpiryMinutes: number,
): Date {
  const ms =
    method === 'BOLETO'
      ? (BOLETO_DUE_DAYS + BOLETO_CLEARING_DAYS) * DAY_MS
      : pixExpiryMinutes * 60_000;
  return new Date(placedAt.getTime() + ms);
}

export interface PlacedOrder {
  order: OrderRow;
  lines: OrderLineRow[];
  /** A new order's timeline (its 'placed' event), as written: no need to read it back. */
  events?: OrderEventRow[];
  /** True when the idempotency key had already placed this order. */
  replayed: boolean;
}

/** Thrown inside the transaction to roll it back when a concurrent twin already committed. */
class IdempotentReplay extends Error {}

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
  const byId = new Map<string, CartVariantRow>();
  for (const item of items) {
    const variant = stock.lines.get(item.variantId)?.variant;
    if (!variant || !variant.published) {
      throw new CheckoutError(
        'Produto não encontrado ou indisponível: remova-o do carrinho.',
        `items[${item.index}].variantId`,
      );
    }
    byId.set(item.variantId, variant);
  }

  const method = methods.find((row) => row.id === input.shippingMethodId);
  if (!method) {
    throw new CheckoutError('Forma de entrega indisponível: escolha outra.', 'shippingMethodId');
  }
  // A pickup order needs no address, and none is kept even if one was sent (its CEP neither); only
  // a boleto still needs one, the payer's, printed on the slip.
  const needsAddress = method.kind === 'delivery' || input.paymentMethod === 'BOLETO';
  if (needsAddress) assertDeliveryAddress(input.address);
  const address = needsAddress
    ? input.address
    : {
        ...input.address,
        postalCode: '',
        street: '',
        number: '',
        complement: null,
        district: '',
        city: '',
        uf: '' as const,
      };
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

  const priced: PricedLine[] = [];
  for (const item of items) {
    const variant = byId.get(item.variantId)!;
    const taken = stock.lines.get(item.variantId)!.taken;
    if (!taken) {
      const left = variant.stock;
      const what = describeVariant(variant);
      throw new OutOfStockError(
        left === 0
          ? `${what} esgotou: remova-o do carrinho.`
          : `Estoque insuficiente para ${what}: você pediu ${item.quantity} e ${left === 1 ? 'resta 1 unidade' : `restam ${left} unidades`}.`,
        `items[${item.index}].quantity`,
        item.variantId,
        left,
      );
    }
    priced.push({
      item,
      variant,
      unitPriceCents: taken.priceCents,
      compareAtPriceCents: taken.compareAtPriceCents,
      lineTotalCents: taken.priceCents * item.quantity,
    });
  }
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
  const subtotalCents = priced.reduce((sum, line) => sum + line.lineTotalCents, 0);

  let coupon: { id: string; code: string; evaluation: CouponAccepted } | null = null;
  if (input.couponCode !== null) {
    const found = checks.coupon;
    if (!found) throw new CheckoutError('Cupom não encontrado.', 'couponCode');
    // Evaluated with the uses counted under the shopper's locks; the use itself is claimed with
    // the order (writePlacedOrder), which refuses it if the last one went meanwhile.
    const evaluation = evaluateLoadedCoupon(found.row, found.names, found.parents, priced, now, {
      totalUses: found.row.usedCount,
      usesByEmail: found.usesByCustomer,
    });
    if (!evaluation.ok) throw new CheckoutError(evaluation.message, 'couponCode');
    coupon = { id: found.row.id, code: found.row.code, evaluation };
  }
  const discountCents = coupon?.evaluation.discountCents ?? 0;
  const merchandiseCents = subtotalCents - discountCents;

  const options = quoteFor(
    [method],
    method.kind === 'pickup' ? null : input.address.postalCode,
    priced,
    merchandiseCents,
    settings.freeShippingThresholdCents,
    coupon?.evaluation.freeShipping ?? false,
    carrierPrices,
  );
  const shipping = options[0];
  if (!shipping) {
    throw new CheckoutError(
      `${method.name} não entrega neste CEP ou para este peso: escolha outra forma de entrega.`,
      'shippingMethodId',
    );
  }

  // The Pix discount is for Pix only; card (plus a plan's interest) and boleto pay the total.
  let pixDiscount = byPix ? computePixDiscount(merchandiseCents, settings.pixDiscountPercent) : 0;
  let totalCents = pixTotalCents({
    subtotalCents,
    couponDiscountCents: discountCents,
    pixDiscountCents: pixDiscount,
    shippingCents: shipping.priceCents,
  });
  if (totalCents <= 0) {
    throw new CheckoutError('O total do pedido precisa ser maior que zero.', 'couponCode');
  }
  // A total another waiting Pix order has is told apart by a few centavos (pix-unique.ts).
  if (byPix && pixSettings.pixUniqueCents) {
    const cents = await uniquePixAdjustment(tx, totalCents);
    pixDiscount += cents;
    totalCents -= cents;
  }

  // A card plan past the interest-free instalments adds its interest to the total (Price table).
  let interestCents = 0;
  if (input.installments > 1) {
    const table = installmentSettingsOf(settings);
    const plan = installmentOptionFor(totalCents, input.installments, table);
    if (!plan) {
      const most = installmentTable(totalCents, table).length;
      throw new CheckoutError(
        most === 1 ? 'Este pedido só pode ser pago à vista.' : `Escolha de 1 a ${most} parcelas.`,
        'installments',
      );
    }
    interestCents = plan.interestCents;
    totalCents = plan.totalCents;
  }

  // Drawn by takeCartStock once every line was taken.
  if (stock.sequence === null) throw new Error('every line taken but no order number drawn');
  const number = orderNumber(stock.sequence);
  const pixCode =
    byPix && pixSettings.pixKey
      ? buildPixBrCode({
          key: pixSettings.pixKey,
          merchantName: pixSettings.pixMerchantName,
          merchantCity: pixSettings.pixMerchantCity,
          amountCents: totalCents,
          txid: txidFromOrderNumber(number),
          description: `Pedido ${number}`,
        })
      : null;
  const paymentExpiresAt = paymentDeadline(input.paymentMethod, now, pixSettings.pixExpiryMinutes);
  const newOrder = {
    number,
    customerName: input.customer.name,
    customerEmail: input.customer.email,
    customerCpf: input.customer.cpf,
    customerPhone: input.customer.phone,
    postalCode: address.postalCode,
    street: address.street,
    streetNumber: address.number,
    complement: address.complement,
    district: address.district,
    city: address.city,
    uf: address.uf,
    shippingMethodId: method.id,
    shippingMethodName: method.name,
    shippingMethodKind: method.kind,
    shippingBusinessDays: shipping.businessDays,
    // Where to collect, as the method says now: a later change of the method rewrites no order.
    pickupPoint: method.kind === 'pickup' ? (shipping.pickupPoint ?? null) : null,
    billableWeightGrams: shipping.billableWeightGrams,
    subtotalCents,
    discountCents,
    pixDiscountCents: pixDiscount,
    shippingCents: shipping.priceCents,
    totalCents,
    paymentMethod: input.paymentMethod,
    installments: input.installments,
    interestCents,
    couponId: coupon?.id ?? null,
    couponCode: coupon?.code ?? null,
    idempotencyKey: input.idempotencyKey,
    requestHash: input.requestHash,
    pixCode,
    pixExpiresAt: byPix ? paymentExpiresAt : null,
    paymentExpiresAt,
    fulfilmentStatus: 'UNFULFILLED',
    clientAddress: deps.guest?.clientAddress ?? null,
  } satisfies NewOrder;

  const lineDiscounts = coupon?.evaluation.lineDiscountsCents ?? [];
  const lines = priced.map((line, position) => ({
    position,
    variantId: line.variant.variantId,
    productId: line.variant.productId,
    brandId: line.variant.brandId,
    categoryId: line.variant.categoryId,
    productName: line.variant.productName,
    brandName: line.variant.brandName,
    variantLabel: variantLabel(line.variant),
    sku: line.variant.sku,
    imageUrl: thumbnailUrl(line.variant.firstImage ?? undefined),
    unitPriceCents: line.unitPriceCents,
    compareAtPriceCents: line.compareAtPriceCents,
    quantity: line.item.quantity,
    lineTotalCents: line.lineTotalCents,
    discountCents: lineDiscounts[position] ?? 0,
  }));
  // A few order mails per recipient an hour: past that the order stands, its mail is not sent.
  const mail = await takeOrderMail(deps.guest, input.customer.email, now.getTime());
  undo.push(mail.undo);
  const written = await writePlacedOrder(tx, {
    order: newOrder,
    lines,
    movements: priced.map((line) => ({
      variantId: line.variant.variantId,
      delta: -line.item.quantity,
      reason: `Pedido ${number}`,
    })),
    event: {
      type: 'placed',
      toStatus: 'PENDING_PAYMENT',
      actor: 'customer',
      note: null,
      data: {
        paymentMethod: input.paymentMethod,
        totalCents,
        ...(input.paymentMethod === 'CARD'
          ? { installments: input.installments, ...(interestCents > 0 ? { interestCents } : {}) }
          : {}),
      },
    },
    redemption: coupon ? { couponId: coupon.id, email: input.customer.email, discountCents } : null,
    mail: mail.send
      ? orderPlacedMail(
          { storeName: settings.storeName, publicUrl: deps.config.publicUrl },
          newOrder,
          lines,
        )
      : null,
  });
  if (!written.written) {
    if (written.reason === 'COUPON_USED_UP') {
      throw new CheckoutError('Este cupom já atingiu o limite de usos.', 'couponCode');
    }
    // The key's lock and look-up make this rare (a twin committed between them); the unique key
    // is the last word.
    throw new IdempotentReplay();
  }
  return { order: written.order, lines: written.lines, events: [written.event], replayed: false };
}
