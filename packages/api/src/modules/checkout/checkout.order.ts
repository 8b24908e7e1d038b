// The parts of placing an order (checkout.service.ts: placeOrder): the cart's variants and
// lines as locked and taken, the delivery, the money by the cart's one rule (priceCart, as the
// preview), the order's row and lines, and the one write of it all.
import {
  COUPON_NOT_FOUND_MESSAGE,
  priceCart,
  type CartOffer,
  type PricedCartLine,
  type ShippingOption,
} from '@vitrine/rules';
import type { Executor } from '../../db';
import { txidFromOrderNumber } from '../../lib/pix';
import type { NewOrder } from '../orders/orders.repository';
import type { OrderEventRow, OrderLineRow, OrderRow } from '../orders/orders.tables';
import { buildPixBrCode } from '../payments/brcode';
import { installmentSettingsOf } from '../settings/settings.service';
import { CheckoutError, OutOfStockError } from './checkout.errors';
import { orderPlacedMail } from './checkout.mail';
import { takeOrderMail } from './checkout.limits';
import { describeVariant, thumbnailUrl, variantLabel } from './checkout.pricing';
import type { loadCheckoutChecks, lockAndLoadSettings, takeCartStock } from './checkout.repository';
import { writePlacedOrder, type CartVariantRow } from './checkout.repository';
import type { validatePlaceOrderInput } from './checkout.validation';
import { assertDeliveryAddress, type CartItem } from './checkout.validation';
import { evaluateLoadedCoupon, quoteFor, type PricedLine } from './checkout.quote';
import type { CarrierPrice } from '../shipping/carriers/carrier-quotes';
import type { CheckoutDeps } from './checkout.service';
import { uniquePixAdjustment } from './pix-unique';

/** A boleto is due this many days after the order (Mercado Pago's default due date)... */
export const BOLETO_DUE_DAYS = 3;
/** ...and the order waits this many more days for a payment made on the due date to clear. */
export const BOLETO_CLEARING_DAYS = 2;

const DAY_MS = 86_400_000;

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
export class IdempotentReplay extends Error {}

/** The cart's variants as locked, each still sold; refused at the line otherwise. */
export function cartVariants(
  items: readonly CartItem[],
  stock: Awaited<ReturnType<typeof takeCartStock>>,
): Map<string, CartVariantRow> {
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
  return byId;
}

/** The chosen shipping method and the address the order keeps. */
export function deliveryOf(
  input: ReturnType<typeof validatePlaceOrderInput>,
  methods: Awaited<ReturnType<typeof lockAndLoadSettings>>['methods'],
) {
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
  return { method, address };
}

/** Every line with the units taken at the price it had; the first short of stock is refused. */
export function takenLines(
  items: readonly CartItem[],
  byId: ReadonlyMap<string, CartVariantRow>,
  stock: Awaited<ReturnType<typeof takeCartStock>>,
): PricedLine[] {
  return items.map((item) => {
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
    return {
      item,
      variant,
      unitPriceCents: taken.priceCents,
      compareAtPriceCents: taken.compareAtPriceCents,
      lineTotalCents: taken.priceCents * item.quantity,
    };
  });
}

/** A taken line as the cart's rule prices it: its price and compare-at as taken, its stock. */
type TakenItem = CartItem & { line: PricedLine; offer: CartOffer };

/**
 * The order's money by the cart's one rule (@vitrine/rules priceCart, as cartPreview prices the
 * same cart), over the lines as taken under their locks: the coupon evaluated with the uses
 * counted under the shopper's locks (the use itself is claimed with the order, writePlacedOrder,
 * which refuses it if the last one went meanwhile), the chosen method's price for the
 * merchandise, the Pix discount and the card's plan. Refused in the order it always was: the
 * coupon, the delivery, a total of nothing, the instalments. The Pix total's unique centavos are
 * the caller's (uniquePixAdjustment reads the waiting orders).
 */
export function priceTakenCart(given: {
  input: ReturnType<typeof validatePlaceOrderInput>;
  /** The lines as taken, in the cart's order. */
  priced: readonly PricedLine[];
  coupon: Awaited<ReturnType<typeof loadCheckoutChecks>>['coupon'];
  method: ReturnType<typeof deliveryOf>['method'];
  settings: Awaited<ReturnType<typeof lockAndLoadSettings>>['store'];
  carrierPrices: ReadonlyMap<string, CarrierPrice>;
  /** Whether a card can be paid (a gateway is configured), as the preview says. */
  cardOffered: boolean;
  now: Date;
}) {
  const { input, priced, coupon: found, method, settings, now } = given;
  if (input.couponCode !== null && !found) {
    throw new CheckoutError(COUPON_NOT_FOUND_MESSAGE, 'couponCode');
  }
  const items: TakenItem[] = priced.map((line) => ({
    ...line.item,
    line,
    offer: {
      unitPriceCents: line.unitPriceCents,
      compareAtPriceCents: line.compareAtPriceCents,
      stock: line.variant.stock,
    },
  }));
  const takenOf = (lines: readonly PricedCartLine<TakenItem>[]) =>
    lines.map((line) => ({
      ...line.item.line,
      unitPriceCents: line.unitPriceCents,
      compareAtPriceCents: line.compareAtPriceCents,
      lineTotalCents: line.lineTotalCents,
    }));
  const pricing = priceCart({
    items,
    couponFormatError: null,
    evaluateCoupon:
      found &&
      ((lines) =>
        evaluateLoadedCoupon(found.row, found.names, found.parents, takenOf(lines), now, {
          totalUses: found.row.usedCount,
          usesByEmail: found.usesByCustomer,
        })),
    quoteShipping: (merchandiseCents, couponFreeShipping) =>
      quoteFor(
        [method],
        method.kind === 'pickup' ? null : input.address.postalCode,
        priced,
        merchandiseCents,
        settings.freeShippingThresholdCents,
        couponFreeShipping,
        given.carrierPrices,
      ),
    isDelivery: (option) => option.kind === 'delivery',
    shippingMethodId: method.id,
    pixDiscountPercent: settings.pixDiscountPercent,
    installments: { ...installmentSettingsOf(settings), cardOffered: given.cardOffered },
    payment: { method: input.paymentMethod, installments: input.installments },
  });
  if (pricing.couponError !== null) throw new CheckoutError(pricing.couponError, 'couponCode');
  const shipping = pricing.shippingOptions.find(
    (option) => option.methodId === pricing.selectedShippingMethodId,
  );
  if (!shipping) {
    throw new CheckoutError(
      `${method.name} não entrega neste CEP ou para este peso: escolha outra forma de entrega.`,
      'shippingMethodId',
    );
  }
  const payment = pricing.payment!;
  if (payment.error) throw new CheckoutError(payment.error.message, payment.error.field);
  return {
    pricing,
    payment,
    shipping,
    /** The lines with the rule's money, in the cart's order. */
    lines: takenOf(pricing.lines),
    coupon: found && pricing.coupon ? { id: found.row.id, code: found.row.code } : null,
  };
}

/** The Pix total told apart from another waiting Pix order's by a few centavos (pix-unique.ts). */
export async function withUniquePixCents(
  tx: Executor,
  byPix: boolean,
  pixUniqueCents: boolean,
  payment: { pixDiscountCents: number; totalCents: number; interestCents: number },
): Promise<{ pixDiscount: number; totalCents: number; interestCents: number }> {
  const cents = byPix && pixUniqueCents ? await uniquePixAdjustment(tx, payment.totalCents) : 0;
  return {
    pixDiscount: payment.pixDiscountCents + cents,
    totalCents: payment.totalCents - cents,
    interestCents: payment.interestCents,
  };
}

/** The order's lines in the cart's order, each with its share of the coupon. */
export function orderLineRows(priced: readonly PricedLine[], lineDiscounts: readonly number[]) {
  return priced.map((line, position) => ({
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
}

/** The order, its lines, ledger, event, coupon use and mail in one statement (checkout.repository). */
export async function writeOrder(
  tx: Executor,
  deps: CheckoutDeps,
  undo: Array<() => Promise<void>>,
  placed: {
    input: ReturnType<typeof validatePlaceOrderInput>;
    newOrder: NewOrder &
      Parameters<typeof orderPlacedMail>[1] & {
        number: string;
        totalCents: number;
        interestCents: number;
        discountCents: number;
      };
    lines: ReturnType<typeof orderLineRows>;
    priced: readonly PricedLine[];
    coupon: { id: string } | null;
    storeName: string;
    now: Date;
  },
): Promise<PlacedOrder> {
  const { input, newOrder, lines, priced, coupon, storeName, now } = placed;
  // A few order mails per recipient an hour: past that the order stands, its mail is not sent.
  const mail = await takeOrderMail(deps.guest, input.customer.email, now.getTime());
  undo.push(mail.undo);
  const written = await writePlacedOrder(tx, {
    order: newOrder,
    lines,
    movements: priced.map((line) => ({
      variantId: line.variant.variantId,
      delta: -line.item.quantity,
      reason: `Pedido ${newOrder.number}`,
    })),
    event: {
      type: 'placed',
      toStatus: 'PENDING_PAYMENT',
      actor: 'customer',
      note: null,
      data: {
        paymentMethod: input.paymentMethod,
        totalCents: newOrder.totalCents,
        ...(input.paymentMethod === 'CARD'
          ? {
              installments: input.installments,
              ...(newOrder.interestCents > 0 ? { interestCents: newOrder.interestCents } : {}),
            }
          : {}),
      },
    },
    redemption: coupon
      ? { couponId: coupon.id, email: input.customer.email, discountCents: newOrder.discountCents }
      : null,
    mail: mail.send
      ? orderPlacedMail({ storeName, publicUrl: deps.config.publicUrl }, newOrder, lines)
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

/** The order's row: the shopper, the address kept, shipping, amounts, payment and its deadline. */
export function newOrderRow(given: {
  deps: CheckoutDeps;
  input: ReturnType<typeof validatePlaceOrderInput>;
  number: string;
  address: ReturnType<typeof deliveryOf>['address'];
  method: ReturnType<typeof deliveryOf>['method'];
  shipping: ShippingOption;
  coupon: { id: string; code: string } | null;
  pixSettings: Awaited<ReturnType<typeof lockAndLoadSettings>>['payment'];
  now: Date;
  amounts: {
    subtotalCents: number;
    discountCents: number;
    pixDiscount: number;
    totalCents: number;
    interestCents: number;
  };
}) {
  const { deps, input, number, address, method, shipping, coupon, pixSettings, now } = given;
  const { subtotalCents, discountCents, pixDiscount, totalCents, interestCents } = given.amounts;
  const byPix = input.paymentMethod === 'PIX';
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
  return {
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
}
