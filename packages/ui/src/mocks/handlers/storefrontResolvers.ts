// Fixture resolvers for the storefront's side of the schema: the public product listing (filters,
// sort, facets, keyset pages, accent- and typo-tolerant search) and checkout (cartPreview,
// shippingQuote, addressByCep, placeOrder, orderStatus, paymentMethods). graphql.ts plugs them
// into its root value; the behaviour mirrors the API closely enough for stories and tests.
import { GraphQLError } from 'graphql';

import type { CategoryFixture, ProductFixture, VariantFixture } from '../fixtures/catalog';
import type { StoreSettingsFixture } from '../fixtures/settings';
import {
  makeBrCode,
  makeCustomerOrder,
  fakeQrSvg,
  makeShippedOrder,
  type CustomerOrderFixture,
} from '../fixtures/storefront';
import { MOCK_CARD_PUBLIC_KEY, paymentResolvers } from './paymentResolvers';

type Sort = 'RELEVANCE' | 'PRICE_ASC' | 'PRICE_DESC' | 'NEWEST' | 'NAME';

export interface StorefrontProductsArgs {
  filter?: {
    brandSlugs?: string[] | null;
    categorySlug?: string | null;
    search?: string | null;
    minPriceCents?: number | null;
    maxPriceCents?: number | null;
    inStock?: boolean | null;
    sizes?: string[] | null;
    colors?: string[] | null;
    featured?: boolean | null;
  } | null;
  sort?: Sort | null;
  first?: number | null;
  after?: string | null;
}

function badInput(message: string, field?: string): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: 'BAD_USER_INPUT', ...(field ? { field } : {}) },
  });
}

export function flattenCategories<T extends CategoryFixture>(categories: T[]): T[] {
  return categories.flatMap((category) => [
    category,
    ...flattenCategories(category.children as T[]),
  ]);
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Levenshtein distance up to 2, enough to forgive one or two typos. */
function closeEnough(word: string, candidate: string): boolean {
  if (candidate.startsWith(word)) return true;
  if (Math.abs(word.length - candidate.length) > 2 || word.length < 4) return false;
  const previous = Array.from({ length: candidate.length + 1 }, (_, i) => i);
  for (let i = 1; i <= word.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= candidate.length; j += 1) {
      const cost = word[i - 1] === candidate[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
    }
    previous.splice(0, previous.length, ...current);
  }
  return (previous[candidate.length] ?? 99) <= 2;
}

function searchScore(product: ProductFixture, search: string): number {
  const words = fold(search).split(/\s+/).filter(Boolean);
  const haystack = fold(`${product.name} ${product.brand.name} ${product.category.name}`)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let score = 0;
  for (const word of words) {
    const exact = haystack.some((candidate) => candidate.startsWith(word));
    if (exact) score += 2;
    else if (haystack.some((candidate) => closeEnough(word, candidate))) score += 1;
    else return 0;
  }
  return score;
}

function facetValues(values: string[]) {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].map(([value, count]) => ({ value, label: value, count }));
}

const SIZE_ORDER = ['PP', 'P', 'M', 'G', 'GG', 'XG', 'Único'];

function sizeRank(size: string): number {
  const index = SIZE_ORDER.indexOf(size);
  if (index >= 0) return index;
  const number = Number(size);
  return Number.isFinite(number) ? 100 + number : 1000;
}

export function storefrontProductConnection(
  products: ProductFixture[],
  categories: CategoryFixture[],
  args: StorefrontProductsArgs,
) {
  const filter = args.filter ?? {};
  const first = args.first ?? 20;
  if (first < 1 || first > 100) throw badInput('first deve estar entre 1 e 100.', 'first');
  const search = filter.search?.trim() ?? '';
  const sort: Sort =
    args.sort === 'RELEVANCE' && search === '' ? 'NEWEST' : (args.sort ?? 'NEWEST');
  const allCategories = flattenCategories(categories);
  // A category stands for its whole subtree, as filter.categorySlug does in the API.
  const subtreeIds = (category: CategoryFixture) =>
    new Set(flattenCategories([category]).map((c) => c.id));
  let categoryIds: Set<string> | null = null;
  if (filter.categorySlug) {
    const category = allCategories.find((c) => c.slug === filter.categorySlug);
    categoryIds = category ? subtreeIds(category) : new Set();
  }
  const variantMatches = (variant: VariantFixture) =>
    (!filter.sizes?.length || (variant.size !== null && filter.sizes.includes(variant.size))) &&
    (!filter.colors?.length || (variant.color !== null && filter.colors.includes(variant.color)));
  type Facet = 'brand' | 'category' | 'size' | 'color' | 'price' | 'stock' | null;
  // Each facet counts with every filter but its own, as the API does.
  const matches = (product: ProductFixture, ignore: Facet) =>
    (ignore === 'brand' ||
      !filter.brandSlugs?.length ||
      filter.brandSlugs.includes(product.brand.slug)) &&
    (ignore === 'category' || categoryIds === null || categoryIds.has(product.category.id)) &&
    (filter.featured == null || product.featured === filter.featured) &&
    (ignore === 'stock' || !filter.inStock || product.inStock) &&
    (ignore === 'price' ||
      ((filter.minPriceCents == null || product.minPriceCents >= filter.minPriceCents) &&
        (filter.maxPriceCents == null || product.minPriceCents <= filter.maxPriceCents))) &&
    (search === '' || searchScore(product, search) > 0) &&
    (ignore === 'size' ||
      !filter.sizes?.length ||
      product.variants.some(
        (variant) => variant.size !== null && filter.sizes?.includes(variant.size),
      )) &&
    (ignore === 'color' ||
      !filter.colors?.length ||
      product.variants.some(
        (variant) => variant.color !== null && filter.colors?.includes(variant.color),
      ));
  const matching = products.filter((product) => matches(product, null));
  const sorted = [...matching].sort((a, b) => {
    switch (sort) {
      case 'PRICE_ASC':
        return a.minPriceCents - b.minPriceCents || a.name.localeCompare(b.name, 'pt-BR');
      case 'PRICE_DESC':
        return b.minPriceCents - a.minPriceCents || a.name.localeCompare(b.name, 'pt-BR');
      case 'NAME':
        return a.name.localeCompare(b.name, 'pt-BR');
      case 'RELEVANCE':
        return (
          searchScore(b, search) - searchScore(a, search) || b.createdAt.localeCompare(a.createdAt)
        );
      default:
        return b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id);
    }
  });
  let start = 0;
  if (args.after) {
    const [cursorSort, id] = args.after.split(':');
    if (cursorSort !== sort) {
      throw badInput('Este cursor pertence a outra ordenação; recomece a listagem.', 'after');
    }
    const index = sorted.findIndex((product) => product.id === id);
    if (index < 0) throw badInput('Cursor inválido: use o endCursor da página anterior.', 'after');
    start = index + 1;
  }
  const page = sorted.slice(start, start + first);
  const cursor = (product: ProductFixture) => `${sort}:${product.id}`;
  const priced = products.filter((product) => matches(product, 'price'));
  const prices = priced.map((product) => product.minPriceCents);
  const sizes = facetValues(
    products
      .filter((product) => matches(product, 'size'))
      .flatMap((product) => [
        ...new Set(product.variants.filter(variantMatches).map((v) => v.size ?? '')),
      ])
      .filter(Boolean),
  ).sort((a, b) => sizeRank(a.value) - sizeRank(b.value));
  const colors = facetValues(
    products
      .filter((product) => matches(product, 'color'))
      .flatMap((product) => [...new Set(product.variants.map((v) => v.color ?? ''))])
      .filter(Boolean),
  ).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value, 'pt-BR'));
  const brandProducts = products.filter((product) => matches(product, 'brand'));
  const brands = [...new Map(brandProducts.map((p) => [p.brand.slug, p.brand])).values()]
    .map((brand) => ({
      value: brand.slug,
      label: brand.name,
      count: brandProducts.filter((p) => p.brand.slug === brand.slug).length,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
  const categoryProducts = products.filter((product) => matches(product, 'category'));
  const categoryFacet = allCategories
    .map((category) => {
      const ids = subtreeIds(category);
      return {
        value: category.slug,
        label: category.name,
        count: categoryProducts.filter((product) => ids.has(product.category.id)).length,
        parentValue: allCategories.find((c) => c.id === category.parentId)?.slug ?? null,
      };
    })
    .filter((item) => item.count > 0);
  return {
    edges: page.map((node) => ({ cursor: cursor(node), node })),
    nodes: page,
    pageInfo: {
      hasNextPage: start + page.length < sorted.length,
      endCursor: page.length > 0 ? cursor(page[page.length - 1] as ProductFixture) : null,
    },
    totalCount: matching.length,
    facets: {
      brands,
      categories: categoryFacet,
      sizes,
      colors,
      priceRange:
        prices.length > 0 ? { minCents: Math.min(...prices), maxCents: Math.max(...prices) } : null,
      inStockCount: products.filter(
        (product) =>
          matches(product, 'stock') &&
          product.variants.some((variant) => variant.stock > 0 && variantMatches(variant)),
      ).length,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Checkout

interface CartItemInput {
  variantId: string;
  quantity: number;
}

export const MOCK_COUPONS: Record<string, { percent: number; freeShipping: boolean }> = {
  BEMVINDO10: { percent: 10, freeShipping: false },
  FRETEGRATIS: { percent: 0, freeShipping: true },
};

/** CEPs the look-up knows; any other valid CEP answers null (typed by hand). */
export const MOCK_CEPS: Record<
  string,
  { street: string; district: string; city: string; uf: string }
> = {
  '01310100': { street: 'Avenida Paulista', district: 'Bela Vista', city: 'São Paulo', uf: 'SP' },
  '20040002': { street: 'Rua da Assembleia', district: 'Centro', city: 'Rio de Janeiro', uf: 'RJ' },
  '30130010': {
    street: 'Avenida Afonso Pena',
    district: 'Centro',
    city: 'Belo Horizonte',
    uf: 'MG',
  },
};

/** A CEP the mock refuses to deliver to (an island without carriers). */
export const UNDELIVERABLE_CEP = '53990000';

function digits(text: string): string {
  return text.replace(/\D/g, '');
}

function validCpf(text: string): boolean {
  const value = digits(text);
  if (value.length !== 11 || /^(\d)\1{10}$/.test(value)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i += 1) sum += Number(value[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(value[9]) && check(10) === Number(value[10]);
}

function variantLabel(variant: VariantFixture): string {
  return variant.options.map((option) => `${option.name} ${option.value}`).join(' · ');
}

interface CommerceState {
  orders: CustomerOrderFixture[];
  byIdempotencyKey: Map<string, CustomerOrderFixture>;
  nextNumber: number;
}

const states = new WeakMap<object, CommerceState>();

export interface CommerceFixtures {
  settings: StoreSettingsFixture;
  products: ProductFixture[];
  /** Orders orderStatus knows from the start (a pending and a shipped one by default). */
  orders?: CustomerOrderFixture[];
  /** Card and boleto offered besides Pix. */
  paymentMethods?: ('PIX' | 'CARD' | 'BOLETO')[];
}

function stateOf(fixtures: CommerceFixtures): CommerceState {
  let state = states.get(fixtures);
  if (!state) {
    state = {
      orders: fixtures.orders ?? [makeCustomerOrder(), makeShippedOrder()],
      byIdempotencyKey: new Map(),
      nextNumber: 10001,
    };
    states.set(fixtures, state);
  }
  return state;
}

function installmentOffer(totalCents: number, settings: StoreSettingsFixture) {
  const { maxInstallments, minInstallmentCents } = settings.installments;
  const count = Math.max(
    1,
    Math.min(maxInstallments, Math.floor(totalCents / minInstallmentCents)),
  );
  const per = Math.floor(totalCents / count);
  return {
    count,
    perInstallmentCents: per,
    firstInstallmentCents: totalCents - per * (count - 1),
    totalCents,
    interestFree: true,
  };
}

function shippingOptions(
  postalCode: string,
  subtotalCents: number,
  settings: StoreSettingsFixture,
  freeShipping: boolean,
) {
  const cep = digits(postalCode);
  if (cep === UNDELIVERABLE_CEP) return [];
  const threshold = settings.freeShippingThresholdCents;
  const free = freeShipping || (threshold !== null && subtotalCents >= threshold);
  const far = Number(cep[0]) >= 5;
  const pac = far ? 2990 : 1990;
  return [
    {
      methodId: 'retirada',
      name: 'Retirar na loja',
      kind: 'PICKUP',
      priceCents: 0,
      fullPriceCents: 0,
      freeShipping: false,
      businessDays: 1,
      billableWeightGrams: 300,
      pickupAddress: 'Rua Augusta, 1500 — Consolação, São Paulo/SP',
    },
    {
      methodId: 'pac',
      name: 'PAC',
      kind: 'DELIVERY',
      priceCents: free ? 0 : pac,
      fullPriceCents: pac,
      freeShipping: free,
      businessDays: far ? 9 : 6,
      billableWeightGrams: 300,
      pickupAddress: null,
    },
    {
      methodId: 'sedex',
      name: 'SEDEX',
      kind: 'DELIVERY',
      priceCents: far ? 5490 : 3490,
      fullPriceCents: far ? 5490 : 3490,
      freeShipping: false,
      businessDays: far ? 4 : 2,
      billableWeightGrams: 300,
      pickupAddress: null,
    },
  ].sort((a, b) => a.priceCents - b.priceCents);
}

function priceCart(
  fixtures: CommerceFixtures,
  args: {
    items: CartItemInput[];
    postalCode?: string | null;
    couponCode?: string | null;
    shippingMethodId?: string | null;
  },
) {
  const { settings } = fixtures;
  const variants = new Map(
    fixtures.products
      .filter((product) => product.published)
      .flatMap((product) =>
        product.variants.map((variant) => [variant.id, { product, variant }] as const),
      ),
  );
  const unavailableVariantIds: string[] = [];
  const lines = [];
  for (const item of args.items) {
    if (item.quantity < 1 || item.quantity > 50) {
      throw badInput('A quantidade de cada item deve estar entre 1 e 50.', 'items');
    }
    const found = variants.get(item.variantId);
    if (!found) {
      unavailableVariantIds.push(item.variantId);
      continue;
    }
    const { product, variant } = found;
    const availableQuantity = Math.min(50, Math.max(0, variant.stock));
    lines.push({
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
      unitPriceCents: variant.priceCents,
      compareAtPriceCents: variant.compareAtPriceCents,
      quantity: item.quantity,
      availableQuantity,
      availability:
        availableQuantity === 0
          ? 'OUT_OF_STOCK'
          : availableQuantity < item.quantity
            ? 'INSUFFICIENT_STOCK'
            : 'AVAILABLE',
      lineTotalCents: variant.priceCents * item.quantity,
    });
  }
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const code = args.couponCode?.trim().toUpperCase() || null;
  const couponRule = code ? MOCK_COUPONS[code] : undefined;
  const discountCents = couponRule ? Math.round((subtotalCents * couponRule.percent) / 100) : 0;
  const options = args.postalCode
    ? shippingOptions(args.postalCode, subtotalCents, settings, couponRule?.freeShipping ?? false)
    : [];
  const selected =
    options.find((option) => option.methodId === args.shippingMethodId) ??
    options.filter((option) => option.kind === 'DELIVERY')[0] ??
    options[0] ??
    null;
  const shippingCents = selected ? selected.priceCents : null;
  const goods = Math.max(0, subtotalCents - discountCents);
  const pixDiscountCents = Math.floor((goods * settings.pixDiscountPercent) / 100 + 0.5);
  const totalCents = goods + (shippingCents ?? 0);
  return {
    lines,
    unavailableVariantIds,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents,
    coupon:
      couponRule && code ? { code, discountCents, freeShipping: couponRule.freeShipping } : null,
    couponError: code && !couponRule ? 'Cupom inválido ou expirado.' : null,
    discountCents,
    shippingOptions: options,
    selectedShippingMethodId: selected?.methodId ?? null,
    shippingCents,
    totalCents,
    pixDiscountPercent: settings.pixDiscountPercent,
    pixDiscountCents,
    pixTotalCents: totalCents - pixDiscountCents,
    installments: installmentOffer(totalCents, settings),
    canCheckout:
      lines.length > 0 &&
      unavailableVariantIds.length === 0 &&
      lines.every((line) => line.availability === 'AVAILABLE'),
  };
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

/** An e-mail the mock server refuses, to show a server error mapped to its field. */
export const REFUSED_EMAIL = 'recusado@exemplo.com.br';

export function commerceResolvers(fixtures: CommerceFixtures) {
  const state = stateOf(fixtures);
  return {
    paymentMethods: () =>
      (fixtures.paymentMethods ?? ['PIX']).map((method) => ({
        method,
        label:
          method === 'PIX' ? 'Pix' : method === 'CARD' ? 'Cartão de crédito' : 'Boleto bancário',
        provider: method === 'PIX' ? null : 'mercadopago',
        publicKey: method === 'CARD' ? MOCK_CARD_PUBLIC_KEY : null,
      })),
    ...paymentResolvers(() => state.orders),
    cartPreview: (args: {
      items: CartItemInput[];
      postalCode?: string | null;
      couponCode?: string | null;
      shippingMethodId?: string | null;
    }) => {
      if (args.postalCode && digits(args.postalCode).length !== 8) {
        throw badInput('CEP inválido: informe os 8 dígitos.', 'postalCode');
      }
      return priceCart(fixtures, args);
    },
    shippingQuote: ({ postalCode, items }: { postalCode: string; items: CartItemInput[] }) => {
      if (digits(postalCode).length !== 8) {
        throw badInput('CEP inválido: informe os 8 dígitos.', 'postalCode');
      }
      return priceCart(fixtures, { items, postalCode }).shippingOptions;
    },
    addressByCep: ({ postalCode }: { postalCode: string }) => {
      const cep = digits(postalCode);
      const found = MOCK_CEPS[cep];
      return found ? { postalCode: cep, ...found } : null;
    },
    orderStatus: ({ number, email }: { number: string; email: string }) => {
      const normalised = number
        .trim()
        .toUpperCase()
        .replace(/^VT\s*-?\s*/, 'VT-');
      const order = state.orders.find(
        (item) =>
          item.number === normalised &&
          item.customerEmail.toLowerCase() === email.trim().toLowerCase(),
      );
      if (!order) {
        throw new GraphQLError('Pedido não encontrado. Confira o número e o e-mail.', {
          extensions: { code: 'NOT_FOUND' },
        });
      }
      return order;
    },
    placeOrder: ({ input }: { input: PlaceOrderInput }) => {
      const replay = state.byIdempotencyKey.get(input.idempotencyKey);
      if (replay) return replay;
      if (!validCpf(input.customer.cpf)) {
        throw badInput('CPF inválido: confira os 11 dígitos.', 'customer.cpf');
      }
      if (input.customer.email.trim().toLowerCase() === REFUSED_EMAIL) {
        throw badInput(
          'Não aceitamos pedidos para este e-mail. Use outro endereço.',
          'customer.email',
        );
      }
      const priced = priceCart(fixtures, {
        items: input.items,
        postalCode: input.address.postalCode,
        couponCode: input.couponCode ?? null,
        shippingMethodId: input.shippingMethodId,
      });
      const shortLine = priced.lines.find((line) => line.availability !== 'AVAILABLE');
      if (shortLine || priced.unavailableVariantIds.length > 0) {
        throw new GraphQLError(
          shortLine
            ? `${shortLine.productName} (${shortLine.variantLabel}) não tem mais estoque suficiente.`
            : 'Um item do carrinho não está mais à venda.',
          { extensions: { code: 'OUT_OF_STOCK', field: 'items', variantId: shortLine?.variantId } },
        );
      }
      const option = priced.shippingOptions.find(
        (item) => item.methodId === input.shippingMethodId,
      );
      if (!option) throw badInput('Escolha uma forma de entrega.', 'shippingMethodId');
      const number = `VT-${state.nextNumber}`;
      state.nextNumber += 1;
      const pix = input.paymentMethod === 'PIX';
      const totalCents = pix ? priced.pixTotalCents : priced.totalCents;
      const code = makeBrCode(totalCents, number.replace('-', ''));
      const installments = input.paymentMethod === 'CARD' ? (input.installments ?? 1) : 1;
      if (installments < 1 || installments > priced.installments.count) {
        throw badInput(`Escolha de 1 a ${priced.installments.count} parcelas.`, 'installments');
      }
      const order: CustomerOrderFixture = makeCustomerOrder({
        number,
        paymentMethod: input.paymentMethod,
        installments,
        customerName: input.customer.name,
        customerEmail: input.customer.email.trim().toLowerCase(),
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
        pixDiscountCents: pix ? priced.pixDiscountCents : 0,
        shippingCents: option.priceCents,
        totalCents,
        couponCode: priced.coupon?.code ?? null,
        address: {
          postalCode: digits(input.address.postalCode),
          street: input.address.street,
          number: input.address.number,
          complement: input.address.complement ?? null,
          district: input.address.district,
          city: input.address.city,
          uf: input.address.uf,
        },
        shippingMethodName: option.name,
        shippingMethodKind: option.kind as 'DELIVERY' | 'PICKUP',
        shippingBusinessDays: option.businessDays,
        pix: pix
          ? {
              code,
              qrCodeSvg: fakeQrSvg(code),
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
    },
  };
}
