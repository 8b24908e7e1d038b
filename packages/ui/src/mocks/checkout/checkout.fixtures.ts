// Fixtures for the cart, checkout, confirmation and tracking stories and tests: the checkout
// domain's data (coupons, shipping quotes by CEP, addresses the CEP look-up knows), a cart on the
// device, typed view data, a shopper with a valid CPF, and scenarios of the order's request
// (stock sold out between cart and checkout, a connection lost once).
import { installmentHeadline, installmentTable, type Coupon } from '@vitrine/rules';
import { http, HttpResponse, type HttpHandler } from 'msw';

import type { CartLineData } from '../../components/storefront/CartLine';
import type { CartSummaryData } from '../../screens/storefront/Cart/CartSummary';
import type { CheckoutInput } from '../../screens/storefront/Checkout/checkoutForm';
import {
  makeCustomerOrder,
  makePickupPoint,
  storefrontProduct,
  type PickupPointFixture,
  type StorefrontCatalog,
} from '../catalog/storefront.fixtures';
import type { ShippingOptionNode } from '../../screens/storefront/ProductPage/ProductPageScreen.graphql';

export const GRAPHQL_PATTERN = '*/graphql/';

// ---------------------------------------------------------------------------------------------
// The checkout domain of the GraphQL mock

/** A shipping option as the server quotes it for a CEP and a cart below the free-shipping offer. */
export interface ShippingOptionFixture extends ShippingOptionNode {
  billableWeightGrams: number;
  /** Pickup: the store's counter, as the server answers it. */
  pickupPoint: PickupPointFixture | null;
  /** The method takes part in the store's free shipping above its threshold (a method setting). */
  freeAboveThreshold: boolean;
}

export interface CepAddressFixture {
  street: string;
  district: string;
  city: string;
  uf: string;
}

export interface CheckoutFixtures {
  /** The store's coupons, as the server's coupon rule (@vitrine/rules evaluateCoupon) reads them. */
  coupons: Coupon[];
  /** Shipping quotes by CEP (8 digits), cheapest first; an empty list: no carrier delivers there. */
  shippingQuotes: Record<string, ShippingOptionFixture[]>;
  /** The quote for every CEP not in shippingQuotes. */
  defaultShippingQuote: ShippingOptionFixture[];
  /** Addresses the CEP look-up knows; any other valid CEP answers null (typed by hand). */
  addresses: Record<string, CepAddressFixture>;
  /** The look-up service is down: every look-up answers SERVICE_UNAVAILABLE, as the server does. */
  addressLookupUnavailable: boolean;
  /** E-mails placeOrder refuses, to show a server error mapped to its field. */
  refusedEmails: string[];
}

/** A CEP no carrier of the fixtures delivers to (an island). */
export const UNDELIVERABLE_CEP = '53990000';

/** An e-mail the mock server refuses, to show a server error mapped to its field. */
export const REFUSED_EMAIL = 'recusado@exemplo.com.br';

export function makeShippingOption(
  overrides: Partial<ShippingOptionFixture> = {},
): ShippingOptionFixture {
  return {
    methodId: 'pac',
    name: 'PAC',
    kind: 'DELIVERY',
    priceCents: 1990,
    fullPriceCents: 1990,
    freeShipping: false,
    businessDays: 6,
    billableWeightGrams: 300,
    pickupAddress: null,
    pickupPoint: null,
    freeAboveThreshold: true,
    ...overrides,
  };
}

const PICKUP = makeShippingOption({
  methodId: 'retirada',
  name: 'Retirar na loja',
  kind: 'PICKUP',
  priceCents: 0,
  fullPriceCents: 0,
  freeShipping: true,
  businessDays: 1,
  pickupAddress: makePickupPoint().address,
  pickupPoint: makePickupPoint(),
  freeAboveThreshold: false,
});

/** From the store in São Paulo to the South-East and South: PAC R$ 19,90, SEDEX R$ 34,90. */
export function makeNearbyShippingQuote(): ShippingOptionFixture[] {
  return [
    { ...PICKUP },
    makeShippingOption(),
    makeShippingOption({
      methodId: 'sedex',
      name: 'SEDEX',
      priceCents: 3490,
      fullPriceCents: 3490,
      businessDays: 2,
      freeAboveThreshold: false,
    }),
  ];
}

/** To the North (Rio Branco, AC): PAC R$ 29,90, SEDEX R$ 54,90. */
export function makeFarShippingQuote(): ShippingOptionFixture[] {
  return [
    { ...PICKUP },
    makeShippingOption({ priceCents: 2990, fullPriceCents: 2990, businessDays: 9 }),
    makeShippingOption({
      methodId: 'sedex',
      name: 'SEDEX',
      priceCents: 5490,
      fullPriceCents: 5490,
      businessDays: 4,
      freeAboveThreshold: false,
    }),
  ];
}

/** The demo store's coupons: 10% off for newcomers, and free shipping. */
export function makeCoupons(): Coupon[] {
  return [
    { code: 'BEMVINDO10', discount: { type: 'percentage', percent: 10 } },
    { code: 'FRETEGRATIS', discount: null, freeShipping: true },
  ];
}

export function makeCheckoutFixtures(overrides: Partial<CheckoutFixtures> = {}): CheckoutFixtures {
  return {
    coupons: makeCoupons(),
    shippingQuotes: { '69900000': makeFarShippingQuote(), [UNDELIVERABLE_CEP]: [] },
    defaultShippingQuote: makeNearbyShippingQuote(),
    addresses: {
      '01310100': {
        street: 'Avenida Paulista',
        district: 'Bela Vista',
        city: 'São Paulo',
        uf: 'SP',
      },
      '20040002': {
        street: 'Rua da Assembleia',
        district: 'Centro',
        city: 'Rio de Janeiro',
        uf: 'RJ',
      },
      '30130010': {
        street: 'Avenida Afonso Pena',
        district: 'Centro',
        city: 'Belo Horizonte',
        uf: 'MG',
      },
    },
    addressLookupUnavailable: false,
    refusedEmails: [REFUSED_EMAIL],
    ...overrides,
  };
}

/** Variants of the storefront catalog with known stock: shirt M 3 units, dress M 2, short P 9. */
export const CHECKOUT_VARIANTS = {
  shirtM: 'camiseta-basica-algodao-bra-m',
  dressM: 'vestido-midi-linho-are-m',
  shortsP: 'short-praia-secagem-rapida-azu-p',
} as const;

export interface SeedCart {
  lines: { variantId: string; quantity: number }[];
  couponCode?: string | null;
  postalCode?: string | null;
}

/** Puts a cart in localStorage, as a previous visit would have left it. */
export function seedCart({ lines, couponCode = null, postalCode = null }: SeedCart): void {
  window.localStorage.setItem('vitrine.cart', JSON.stringify({ lines, couponCode, postalCode }));
}

/** A CPF with valid check digits (a well-known test number, nobody's). */
export const VALID_CPF = '529.982.247-25';

export function makeCheckoutValues(overrides: Partial<CheckoutInput> = {}): CheckoutInput {
  return {
    name: 'Maria Oliveira',
    email: 'maria@exemplo.com.br',
    cpf: VALID_CPF,
    phone: '(11) 98765-4321',
    postalCode: '01310-100',
    street: 'Avenida Paulista',
    number: '1000',
    complement: 'Apto 42',
    district: 'Bela Vista',
    city: 'São Paulo',
    uf: 'SP',
    shippingMethodId: 'pac',
    paymentMethod: 'PIX',
    ...overrides,
  };
}

function picture(slug: string): string | null {
  return storefrontProduct(slug).images[0]?.url ?? null;
}

export function makeCartLineData(overrides: Partial<CartLineData> = {}): CartLineData {
  return {
    variantId: CHECKOUT_VARIANTS.shirtM,
    productName: 'Camiseta básica de algodão orgânico',
    brandName: 'Aurora',
    variantLabel: 'Tamanho M · Cor Branco',
    imageUrl: picture('camiseta-basica-algodao'),
    href: '/produto/camiseta-basica-algodao',
    unitPriceCents: 7990,
    compareAtPriceCents: 9990,
    quantity: 2,
    availableQuantity: 3,
    availability: 'AVAILABLE',
    lineTotalCents: 15980,
    ...overrides,
  };
}

/** Two lines: a shirt on sale and a dress. */
export function makeCartLines(): CartLineData[] {
  return [
    makeCartLineData(),
    makeCartLineData({
      variantId: CHECKOUT_VARIANTS.dressM,
      productName: 'Vestido midi de linho',
      brandName: 'Aurora',
      variantLabel: 'Tamanho M · Cor Areia',
      imageUrl: picture('vestido-midi-linho'),
      href: '/produto/vestido-midi-linho',
      unitPriceCents: 25990,
      compareAtPriceCents: null,
      quantity: 1,
      availableQuantity: 2,
      lineTotalCents: 25990,
    }),
  ];
}

export function makeCartSummaryData(overrides: Partial<CartSummaryData> = {}): CartSummaryData {
  return {
    itemCount: 3,
    subtotalCents: 41970,
    discountCents: 0,
    couponCode: null,
    shippingCents: 0,
    totalCents: 41970,
    pixTotalCents: 39872,
    pixDiscountPercent: 5,
    installments: {
      count: 8,
      perInstallmentCents: 5246,
      firstInstallmentCents: 5248,
      totalCents: 41970,
      interestFree: true,
      interestCents: 0,
    },
    installmentsWithInterest: null,
    // The store's table as the server would price R$ 419,70: 8x sem juros of at least R$ 50,00.
    installmentOptions: installmentTable(41970, {
      maxInstallments: 8,
      interestFreeInstallments: 8,
      monthlyInterestPercent: 0,
      minInstallmentCents: 5000,
    }),
    ...overrides,
  };
}

/** A store whose table goes past the interest-free plans: 6x sem juros, then up to 12x at 2,99% a.m. */
export const TABLE_WITH_INTEREST = {
  maxInstallments: 12,
  interestFreeInstallments: 6,
  monthlyInterestPercent: 2.99,
  minInstallmentCents: 500,
} as const;

/** The same bag priced by a store with plans with interest (TABLE_WITH_INTEREST). */
export function makeCartSummaryWithInterestData(
  overrides: Partial<CartSummaryData> = {},
): CartSummaryData {
  const base = makeCartSummaryData(overrides);
  const headline = installmentHeadline(base.totalCents, TABLE_WITH_INTEREST);
  return {
    ...base,
    installments: headline.interestFree,
    installmentsWithInterest: headline.withInterest,
    installmentOptions: installmentTable(base.totalCents, TABLE_WITH_INTEREST),
  };
}

/** The answer of placeOrder for a Pix order, for confirmation stories. */
export function makePlacedOrder() {
  return makeCustomerOrder({ number: 'VT-10001', createdAt: '2024-06-01T15:00:00.000Z' });
}

async function operationName(request: Request): Promise<string | null> {
  if (request.method !== 'POST') return null;
  try {
    const body = (await request.clone().json()) as { operationName?: unknown };
    return typeof body.operationName === 'string' ? body.operationName : null;
  } catch {
    return null;
  }
}

/**
 * The variant sells out to someone else between the cart and 'Finalizar pedido': when the order
 * is sent, its stock drops to `left`; the regular mock then refuses the order as the API does.
 * Put it before the catalog's GraphQL handler.
 */
export function sellOutOnPlaceOrder(
  catalog: StorefrontCatalog,
  variantId: string,
  left: number,
): HttpHandler {
  return http.post(GRAPHQL_PATTERN, async ({ request }) => {
    if ((await operationName(request)) !== 'StorefrontPlaceOrder') return undefined;
    for (const product of catalog.products) {
      for (const variant of product.variants) if (variant.id === variantId) variant.stock = left;
    }
    return undefined; // let the GraphQL mock answer
  });
}

/** The first placeOrder is lost on the way (no answer); later ones reach the mock. */
export function loseFirstPlaceOrder(): HttpHandler {
  let lost = false;
  return http.post(GRAPHQL_PATTERN, async ({ request }) => {
    if ((await operationName(request)) !== 'StorefrontPlaceOrder' || lost) return undefined;
    lost = true;
    return HttpResponse.error();
  });
}
