// The checkout domain of the GraphQL mock: cartPreview, shippingQuote, addressByCep and placeOrder
// over the catalog domain's products and the settings domain's store settings.
//
// The money is the server's own rule from @vitrine/rules (priceCart: the lines, the coupon by
// evaluateCoupon, the shipping chosen, the Pix price and the instalments), so a rule changed there
// changes every story with it. Shipping options and addresses are fixtures by CEP
// (checkout/checkout.fixtures.ts), never computed here.
import {
  checkCartItems,
  CEP_ERROR_MESSAGE,
  CPF_ERROR_MESSAGE,
  evaluateCoupon,
  installmentTableOfRules,
  isValidCep,
  isValidCpf,
  normaliseCep,
  orderNumber,
  pickupWhatToBring,
  priceCart as priceCartByRule,
  readCartCouponCode,
  type CartPaymentChoice,
  type PricedCartLine,
} from '@vitrine/rules';
import { GraphQLError } from 'graphql';

import type { CategoryFixture, ProductFixture, VariantFixture } from '../catalog/catalog.fixtures';
import { makeCheckoutFixtures, type CheckoutFixtures } from './checkout.fixtures';
import {
  fakeQrUrl,
  makeBrCode,
  makeCustomerOrder,
  type CustomerOrderFixture,
} from '../catalog/storefront.fixtures';
import { flattenCategories } from '../catalog/catalog';
import {
  badInput,
  defineGraphqlDomain,
  type MockWorld,
  type RequestContext,
  type RootResolvers,
} from '../shared/graphqlDomain';
import { staffCommerceResolvers } from './staffCommerce';

interface CartItemInput {
  variantId: string;
  quantity: number;
}

interface PriceCartArgs {
  items: CartItemInput[];
  postalCode?: string | null;
  couponCode?: string | null;
  shippingMethodId?: string | null;
  /** The payment chosen, when the cart is being bought (placeOrder). */
  payment?: CartPaymentChoice;
}

const CEP_REQUIRED_MESSAGE = 'Informe o CEP.';

function digits(text: string): string {
  return text.replace(/\D/g, '');
}

function variantLabel(variant: VariantFixture): string {
  return variant.options.map((option) => `${option.name} ${option.value}`).join(' · ');
}

/** A category and its ancestors, as the server gives the coupon rule (a coupon for 'Roupas'). */
function categoryWithAncestors(category: CategoryFixture, all: CategoryFixture[]): string[] {
  const ids: string[] = [];
  let current: CategoryFixture | undefined = category;
  while (current && !ids.includes(current.id)) {
    ids.push(current.id);
    const parentId: string | null = current.parentId;
    current = all.find((item) => item.id === parentId);
  }
  return ids;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The cart's items by the server's rule (@vitrine/rules checkCartItems), merged by variant. An id
 * has a variant id's shape when it is a UUID, as the server's, or one of the world's fixture ids.
 */
function cartItemsOf(world: MockWorld, value: unknown) {
  const isVariantId = (id: unknown): id is string =>
    typeof id === 'string' &&
    (UUID.test(id) ||
      world.catalog.products.some((product) => product.variants.some((v) => v.id === id)));
  const checked = checkCartItems(value, 'items', isVariantId);
  if (!checked.ok) throw badInput(checked.message, checked.field);
  return checked.items;
}

/** A CEP as the server takes it (@vitrine/rules): 8 digits with or without the dash. */
function cepOf(value: string, field: string): string {
  if (value.length > 20 || !isValidCep(value)) throw badInput(CEP_ERROR_MESSAGE, field);
  return normaliseCep(value);
}

/** A cart item with the world's variant on sale by its id (none: set aside). */
function cartItemOf(
  item: { variantId: string; quantity: number },
  found: { product: ProductFixture; variant: VariantFixture } | undefined,
) {
  return {
    ...item,
    found: found ?? null,
    offer: found
      ? {
          unitPriceCents: found.variant.priceCents,
          compareAtPriceCents: found.variant.compareAtPriceCents,
          stock: found.variant.stock,
        }
      : null,
  };
}

type MockCartLine = PricedCartLine<ReturnType<typeof cartItemOf>>;

/** A priced line as the cart shows it: the rule's numbers with the product's names and photo. */
function lineView(line: MockCartLine) {
  const { product, variant } = line.item.found!;
  return {
    variantId: variant.id,
    productId: product.id,
    productSlug: product.slug,
    productName: product.name,
    brandName: product.brand.name,
    variantLabel: variantLabel(variant),
    sku: variant.sku,
    size: variant.size,
    color: variant.color,
    imageUrl:
      product.images.find((image) => variant.color && image.alt.includes(variant.color))?.url ??
      product.images[0]?.url ??
      null,
    unitPriceCents: line.unitPriceCents,
    compareAtPriceCents: line.compareAtPriceCents,
    quantity: line.quantity,
    availableQuantity: line.availableQuantity,
    availability: line.availability,
    lineTotalCents: line.lineTotalCents,
  };
}

/**
 * The cart priced by the server's rule (@vitrine/rules priceCart) over the world: its published
 * variants, its coupons, its settings and the shipping fixtures of the CEP.
 */
function priceCart(world: MockWorld, args: PriceCartArgs) {
  const { settings, checkout } = world;
  const variants = new Map(
    world.catalog.products
      .filter((product) => product.published)
      .flatMap((product) =>
        product.variants.map((variant) => [variant.id, { product, variant }] as const),
      ),
  );
  const allCategories = flattenCategories(world.catalog.categories);
  const items = cartItemsOf(world, args.items).map((item) =>
    cartItemOf(item, variants.get(item.variantId)),
  );
  // As the server: a malformed code is the preview's couponError, with or without items.
  const { code, error: couponFormatError } = readCartCouponCode(args.couponCode);
  const coupon = checkout.coupons.find((item) => item.code === code);
  const threshold = settings.freeShippingThresholdCents;
  const cep = args.postalCode && digits(args.postalCode) !== '' ? digits(args.postalCode) : null;
  // As the server: without a CEP only the pickups (collecting at the store needs none).
  const quote =
    cep === null
      ? checkout.defaultShippingQuote.filter((option) => option.kind === 'PICKUP')
      : (checkout.shippingQuotes[cep] ?? checkout.defaultShippingQuote);
  const priced = priceCartByRule({
    items,
    couponFormatError,
    evaluateCoupon:
      code === null
        ? null
        : (lines) =>
            evaluateCoupon(
              coupon,
              {
                lines: lines.map(({ item, lineTotalCents }) => ({
                  brandId: item.found!.product.brand.id,
                  categoryIds: categoryWithAncestors(item.found!.product.category, allCategories),
                  lineTotalCents,
                })),
              },
              new Date(),
              { totalUses: 0 },
            ),
    // The store's free-shipping offer and a free-shipping coupon zero the price, as the server's
    // shipping quote does. The checkout's fixtures are finished quotes per CEP, not rate tables,
    // so the quote rule itself (@vitrine/rules quoteShipping) is exercised by the Frete stories.
    quoteShipping: (merchandiseCents, couponFreeShipping) =>
      quote.map(({ freeAboveThreshold, ...option }) => {
        const free =
          couponFreeShipping ||
          (freeAboveThreshold && threshold !== null && merchandiseCents >= threshold);
        return free ? { ...option, priceCents: 0, freeShipping: true } : option;
      }),
    isDelivery: (option) => option.kind === 'DELIVERY',
    shippingMethodId: args.shippingMethodId ?? null,
    pixDiscountPercent: settings.pixDiscountPercent,
    // As the server: installments only when a card can be paid (the payments domain offers it).
    installments: {
      ...installmentTableOfRules(settings.installments),
      cardOffered: world.payments.methods.includes('CARD'),
    },
    ...(args.payment ? { payment: args.payment } : {}),
  });
  return { ...priced, lines: priced.lines.map(lineView) };
}

interface PlaceOrderInput {
  items: CartItemInput[];
  customer: { name: string; email: string; cpf: string; phone: string };
  address: {
    postalCode: string;
    street: string;
    number: string;
    complement?: string | null;
    district: string;
    city: string;
    uf: string;
  };
  shippingMethodId: string;
  paymentMethod: 'PIX' | 'CARD' | 'BOLETO';
  installments?: number | null;
  couponCode?: string | null;
  idempotencyKey: string;
}

function placeOrder({ input }: { input: PlaceOrderInput }, { world }: RequestContext) {
  const state = world.orders;
  const replay = state.byIdempotencyKey.get(input.idempotencyKey);
  if (replay) return replay;
  if (!isValidCpf(input.customer.cpf)) throw badInput(CPF_ERROR_MESSAGE, 'customer.cpf');
  const email = input.customer.email.trim().toLowerCase();
  if (world.checkout.refusedEmails.includes(email)) {
    throw badInput('Não aceitamos pedidos para este e-mail. Use outro endereço.', 'customer.email');
  }
  const installments = input.paymentMethod === 'CARD' ? (input.installments ?? 1) : 1;
  const priced = priceCart(world, {
    items: input.items,
    postalCode: input.address.postalCode,
    couponCode: input.couponCode ?? null,
    shippingMethodId: input.shippingMethodId,
    payment: { method: input.paymentMethod, installments },
  });
  if (priced.couponError !== null) throw badInput(priced.couponError, 'couponCode');
  const shortLine = priced.lines.find((line) => line.availability !== 'AVAILABLE');
  if (shortLine || priced.unavailableVariantIds.length > 0) {
    throw new GraphQLError(
      shortLine
        ? `${shortLine.productName} (${shortLine.variantLabel}) não tem mais estoque suficiente.`
        : 'Um item do carrinho não está mais à venda.',
      { extensions: { code: 'OUT_OF_STOCK', field: 'items', variantId: shortLine?.variantId } },
    );
  }
  const option = priced.shippingOptions.find((item) => item.methodId === input.shippingMethodId);
  // As the server: a delivery needs the CEP (a pickup does not).
  if (!option && digits(input.address.postalCode) === '') {
    throw badInput(CEP_REQUIRED_MESSAGE, 'address.postalCode');
  }
  if (!option) throw badInput('Escolha uma forma de entrega.', 'shippingMethodId');
  // As the server, by the same rule: the Pix total by Pix, else the card's total, a plan past the
  // interest-free ones adding its interest; a total of nothing or a plan not offered is refused.
  const payment = priced.payment!;
  if (payment.error) throw badInput(payment.error.message, payment.error.field);
  const number = orderNumber(state.nextSequence);
  state.nextSequence += 1;
  const pix = input.paymentMethod === 'PIX';
  const totalCents = payment.totalCents;
  const code = makeBrCode(totalCents, number.replace('-', ''));
  const order: CustomerOrderFixture = makeCustomerOrder({
    number,
    paymentMethod: input.paymentMethod,
    installments,
    interestCents: payment.interestCents,
    customerName: input.customer.name,
    customerEmail: email,
    createdAt: new Date().toISOString(),
    lines: priced.lines.map((line) => ({
      productName: line.productName,
      brandName: line.brandName,
      variantLabel: line.variantLabel,
      sku: line.sku,
      imageUrl: line.imageUrl,
      unitPriceCents: line.unitPriceCents,
      compareAtPriceCents: line.compareAtPriceCents,
      quantity: line.quantity,
      lineTotalCents: line.lineTotalCents,
    })),
    subtotalCents: priced.subtotalCents,
    discountCents: priced.discountCents,
    pixDiscountCents: payment.pixDiscountCents,
    shippingCents: option.priceCents,
    totalCents,
    couponCode: priced.coupon?.code ?? null,
    // As the server: a pickup keeps no address, not even the CEP (a boleto prints the payer's).
    address:
      option.kind === 'PICKUP' && input.paymentMethod !== 'BOLETO'
        ? {
            postalCode: '',
            street: '',
            number: '',
            complement: null,
            district: '',
            city: '',
            uf: '',
          }
        : {
            postalCode: digits(input.address.postalCode),
            street: input.address.street,
            number: input.address.number,
            complement: input.address.complement ?? null,
            district: input.address.district,
            city: input.address.city,
            uf: input.address.uf,
          },
    shippingMethodName: option.name,
    shippingMethodKind: option.kind,
    shippingBusinessDays: option.businessDays,
    // The point as the method says now, kept with the order; what to bring names the order.
    pickupPoint: option.pickupPoint
      ? { ...option.pickupPoint, whatToBring: pickupWhatToBring(number) }
      : null,
    pix: pix
      ? {
          code,
          qrCodeUrl: fakeQrUrl(code),
          amountCents: totalCents,
          txid: number.replace('-', ''),
          expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
        }
      : null,
    timeline: [
      {
        type: 'placed',
        status: 'PENDING_PAYMENT',
        label: 'Pedido recebido',
        createdAt: new Date().toISOString(),
      },
    ],
  });
  state.orders.push(order);
  state.byIdempotencyKey.set(input.idempotencyKey, order);
  return order;
}

const resolvers = {
  // As the server: the items first, then the CEP (blank: none).
  cartPreview: (args: PriceCartArgs, { world }: RequestContext) => {
    cartItemsOf(world, args.items);
    const blank = args.postalCode === null || args.postalCode === undefined;
    if (!blank && args.postalCode!.trim() !== '') cepOf(args.postalCode!, 'postalCode');
    return priceCart(world, args);
  },
  shippingQuote: (
    { postalCode, items }: { postalCode: string; items: CartItemInput[] },
    { world }: RequestContext,
  ) => {
    // As the server: the CEP first, then the items.
    cepOf(postalCode, 'postalCode');
    cartItemsOf(world, items);
    return priceCart(world, { items, postalCode }).shippingOptions;
  },
  addressByCep: ({ postalCode }: { postalCode: string }, { world }: RequestContext) => {
    const cep = digits(postalCode);
    if (world.checkout.addressLookupUnavailable) {
      throw new GraphQLError('Não conseguimos buscar o endereço agora. Preencha abaixo.', {
        extensions: { code: 'SERVICE_UNAVAILABLE' },
      });
    }
    const found = world.checkout.addresses[cep];
    return found ? { postalCode: cep, ...found } : null;
  },
  placeOrder,
  ...staffCommerceResolvers,
} satisfies RootResolvers;

/** Checkout: `checkoutMock.answers({ coupons: [...] })`; prices the catalog domain's products. */
export const checkoutMock = defineGraphqlDomain(
  'checkout',
  (input?: Partial<CheckoutFixtures>) => makeCheckoutFixtures(input),
  resolvers,
);
