// A richer catalog for the storefront's stories and tests: four brands, a category tree and
// products with sizes, colours, sales and low stock. Images are inline SVG drawings so stories
// render offline and screenshots stay stable.
import { pickupPointView, type PickupPoint, type PickupPointView } from '@vitrine/rules';

import {
  makeBrand,
  makeCategory,
  makeProduct,
  makeVariant,
  type BrandFixture,
  type CategoryFixture,
  type ImageFixture,
  type ProductFixture,
  type VariantFixture,
} from './catalog.fixtures';
import { makeStoreSettings, type StoreSettingsFixture } from '../settings/settings.fixtures';
import type { OrderStatus, PaymentStatus, ShipmentStatus } from '../../graphql/generated';
import type { ShipmentEventNode } from '../../screens/storefront/Checkout/CheckoutScreen.graphql';

/** A category with the fields of the schema the base fixture does not carry. */
export interface StorefrontCategoryFixture extends CategoryFixture {
  position: number;
  productCount: number;
  children: StorefrontCategoryFixture[];
  path: StorefrontCategoryFixture[];
}

export interface StorefrontVariantFixture extends VariantFixture {
  weightGrams: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
}

export interface StorefrontProductFixture extends ProductFixture {
  category: StorefrontCategoryFixture;
  variants: StorefrontVariantFixture[];
  updatedAt: string;
}

export interface StorefrontCatalog {
  settings: StoreSettingsFixture;
  brands: BrandFixture[];
  categories: StorefrontCategoryFixture[];
  products: StorefrontProductFixture[];
  /** What the server's search answers for queries with typos or without accents. */
  searches?: Record<string, string[]>;
}

type Art = 'tshirt' | 'dress' | 'shorts' | 'sneaker' | 'sandal' | 'bag' | 'cap' | 'bikini';

const ART_PATHS: Record<Art, string> = {
  tshirt:
    'M120 70 L160 50 Q200 75 240 50 L280 70 L320 130 L280 150 L270 130 L270 330 L130 330 L130 130 L120 150 L80 130 Z',
  dress: 'M170 50 L230 50 L240 110 L300 330 L100 330 L160 110 Z',
  shorts: 'M110 90 L290 90 L305 300 L215 300 L200 170 L185 300 L95 300 Z',
  sneaker: 'M70 250 Q80 170 140 170 L180 140 Q230 200 300 210 Q340 220 340 260 L340 280 L70 280 Z',
  sandal:
    'M90 270 L320 270 L320 290 L90 290 Z M120 270 Q200 170 290 270 L260 270 Q200 210 150 270 Z',
  bag: 'M110 150 L290 150 L310 320 L90 320 Z M150 150 Q150 80 200 80 Q250 80 250 150 L235 150 Q235 95 200 95 Q165 95 165 150 Z',
  cap: 'M90 230 Q95 120 200 115 Q305 120 310 230 Z M200 230 L350 235 Q340 260 200 250 Z',
  bikini:
    'M120 110 Q160 170 195 120 L205 120 Q240 170 280 110 L280 140 Q240 200 200 150 Q160 200 120 140 Z M130 230 L270 230 Q240 310 200 310 Q160 310 130 230 Z',
};

/** An inline SVG picture of the item, tinted with its colour, on a soft background. */
export function productArtUrl(art: Art, fill: string, background = '#f1f1ef'): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000" viewBox="0 0 400 400" preserveAspectRatio="xMidYMid slice">` +
    `<rect width="400" height="400" fill="${background}"/>` +
    `<ellipse cx="200" cy="345" rx="140" ry="14" fill="#000" opacity="0.06"/>` +
    `<path d="${ART_PATHS[art]}" fill="${fill}" stroke="#00000022" stroke-width="2" fill-rule="evenodd"/>` +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function image(id: string, art: Art, fill: string, alt: string, background?: string): ImageFixture {
  const url = productArtUrl(art, fill, background);
  return { id, url, alt, width: 800, height: 1000, srcSet: `${url} 800w` };
}

/** A brand's logo: its initial in its colour, as an inline SVG. */
export function brandLogoUrl(name: string, color: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="96" viewBox="0 0 240 96">` +
    `<rect width="240" height="96" rx="12" fill="#ffffff"/>` +
    `<text x="120" y="60" text-anchor="middle" font-family="Georgia, serif" font-size="40" font-weight="700" fill="${color}">${name}</text>` +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export function makeStorefrontCategory(
  overrides: Partial<StorefrontCategoryFixture> = {},
): StorefrontCategoryFixture {
  return {
    ...makeCategory(),
    position: 0,
    productCount: 0,
    children: [],
    path: [],
    ...overrides,
  };
}

export function makeStorefrontVariant(
  overrides: Partial<StorefrontVariantFixture> = {},
): StorefrontVariantFixture {
  return {
    ...makeVariant(overrides),
    weightGrams: 300,
    lengthCm: 30,
    widthCm: 20,
    heightCm: 5,
    ...overrides,
  };
}

export function makeStorefrontProduct(
  overrides: Partial<StorefrontProductFixture> = {},
): StorefrontProductFixture {
  const variants = overrides.variants ?? [makeStorefrontVariant()];
  const cheapest = [...variants].sort((a, b) => a.priceCents - b.priceCents)[0];
  return {
    ...makeProduct({ variants }),
    category: makeStorefrontCategory(),
    compareAtPriceCents: cheapest?.compareAtPriceCents ?? null,
    updatedAt: '2024-03-05T12:00:00.000Z',
    ...overrides,
    variants,
  };
}

export const STOREFRONT_BRANDS: BrandFixture[] = [
  makeBrand({
    id: 'brand-aurora',
    slug: 'aurora',
    name: 'Aurora',
    description:
      'Roupas leves de algodão orgânico, feitas em Minas Gerais para o calor do dia a dia.',
    color: '#c2410c',
    logoUrl: brandLogoUrl('Aurora', '#c2410c'),
    seoTitle: 'Aurora: roupas leves de algodão orgânico',
    seoDescription: 'Camisetas, vestidos e bermudas Aurora com entrega para todo o Brasil.',
  }),
  makeBrand({
    id: 'brand-mare',
    slug: 'mare',
    name: 'Maré',
    description: 'Moda praia com tecidos de secagem rápida e proteção UV 50+.',
    color: '#0e7490',
    logoUrl: brandLogoUrl('Maré', '#0e7490'),
    seoTitle: null,
    seoDescription: null,
  }),
  makeBrand({
    id: 'brand-serra',
    slug: 'serra',
    name: 'Serra',
    description: 'Calçados para trilha e cidade, com solado de borracha reciclada.',
    color: '#3f6212',
    logoUrl: brandLogoUrl('Serra', '#3f6212'),
    seoTitle: null,
    seoDescription: null,
  }),
  makeBrand({
    id: 'brand-lumi',
    slug: 'lumi',
    name: 'Lumi',
    description: 'Bolsas e acessórios de couro vegetal, feitos à mão em pequenos lotes.',
    color: '#7e22ce',
    logoUrl: null,
    seoTitle: null,
    seoDescription: null,
  }),
];

function brand(slug: string): BrandFixture {
  const found = STOREFRONT_BRANDS.find((item) => item.slug === slug);
  if (!found) throw new Error(`Unknown fixture brand ${slug}`);
  return found;
}

function categoryTree(): StorefrontCategoryFixture[] {
  const top = (id: string, slug: string, name: string, position: number) =>
    makeStorefrontCategory({ id, slug, name, position });
  const roupas = top('cat-roupas', 'roupas', 'Roupas', 0);
  const calcados = top('cat-calcados', 'calcados', 'Calçados', 1);
  const acessorios = top('cat-acessorios', 'acessorios', 'Acessórios', 2);
  const child = (
    parent: StorefrontCategoryFixture,
    id: string,
    slug: string,
    name: string,
    position: number,
  ) => {
    const category = makeStorefrontCategory({ id, slug, name, position, parentId: parent.id });
    category.path = [parent, category];
    parent.children.push(category);
    return category;
  };
  roupas.path = [roupas];
  calcados.path = [calcados];
  acessorios.path = [acessorios];
  child(roupas, 'cat-camisetas', 'camisetas', 'Camisetas', 0);
  child(roupas, 'cat-vestidos', 'vestidos', 'Vestidos', 1);
  child(roupas, 'cat-bermudas', 'bermudas', 'Bermudas', 2);
  child(roupas, 'cat-moda-praia', 'moda-praia', 'Moda praia', 3);
  child(calcados, 'cat-tenis', 'tenis', 'Tênis', 0);
  child(calcados, 'cat-sandalias', 'sandalias', 'Sandálias', 1);
  child(acessorios, 'cat-bolsas', 'bolsas', 'Bolsas', 0);
  child(acessorios, 'cat-bones', 'bones', 'Bonés', 1);
  return [roupas, calcados, acessorios];
}

interface ProductSpec {
  slug: string;
  name: string;
  brand: string;
  category: string;
  art: Art;
  colors: { name: string; hex: string }[];
  sizes: string[];
  priceCents: number;
  compareAtPriceCents?: number;
  /** Stock per variant, cycled; 0 means sold out. */
  stock?: number[];
  /** Chosen by staff for "Destaques" on the home. */
  featured?: boolean;
  createdAt: string;
  description: string;
}

const SPECS: ProductSpec[] = [
  {
    slug: 'camiseta-basica-algodao',
    name: 'Camiseta básica de algodão orgânico',
    brand: 'aurora',
    category: 'camisetas',
    art: 'tshirt',
    colors: [
      { name: 'Branco', hex: '#fafafa' },
      { name: 'Preto', hex: '#1f2937' },
      { name: 'Terracota', hex: '#c2410c' },
    ],
    sizes: ['P', 'M', 'G', 'GG'],
    priceCents: 7990,
    compareAtPriceCents: 9990,
    stock: [12, 3, 0, 8],
    createdAt: '2024-05-02T12:00:00.000Z',
    description:
      'Camiseta de algodão orgânico com caimento reto e gola careca reforçada. Tecido de 160 g/m², macio e respirável.',
  },
  {
    slug: 'vestido-midi-linho',
    featured: true,
    name: 'Vestido midi de linho',
    brand: 'aurora',
    category: 'vestidos',
    art: 'dress',
    colors: [
      { name: 'Areia', hex: '#d6c7a8' },
      { name: 'Verde-oliva', hex: '#556b2f' },
    ],
    sizes: ['P', 'M', 'G'],
    priceCents: 25990,
    stock: [4, 2, 1],
    createdAt: '2024-05-10T12:00:00.000Z',
    description: 'Vestido midi de linho com alças reguláveis e bolsos laterais.',
  },
  {
    slug: 'bermuda-sarja-leve',
    name: 'Bermuda de sarja leve',
    brand: 'aurora',
    category: 'bermudas',
    art: 'shorts',
    colors: [{ name: 'Cáqui', hex: '#a8916b' }],
    sizes: ['38', '40', '42', '44'],
    priceCents: 14990,
    stock: [5, 5, 5, 5],
    createdAt: '2024-04-18T12:00:00.000Z',
    description: 'Bermuda de sarja com elastano, cós com passantes e barra italiana.',
  },
  {
    slug: 'biquini-ondas-uv',
    featured: true,
    name: 'Biquíni Ondas com proteção UV',
    brand: 'mare',
    category: 'moda-praia',
    art: 'bikini',
    colors: [
      { name: 'Azul-petróleo', hex: '#0e7490' },
      { name: 'Coral', hex: '#f97362' },
    ],
    sizes: ['P', 'M', 'G'],
    priceCents: 18990,
    compareAtPriceCents: 22990,
    stock: [6, 0, 2],
    createdAt: '2024-05-20T12:00:00.000Z',
    description: 'Biquíni de tecido com proteção UV 50+ e secagem rápida.',
  },
  {
    slug: 'short-praia-secagem-rapida',
    name: 'Short de praia secagem rápida',
    brand: 'mare',
    category: 'moda-praia',
    art: 'shorts',
    colors: [
      { name: 'Azul-marinho', hex: '#1e3a8a' },
      { name: 'Amarelo', hex: '#eab308' },
    ],
    sizes: ['P', 'M', 'G', 'GG'],
    priceCents: 12990,
    stock: [9, 9, 9, 9],
    createdAt: '2024-03-28T12:00:00.000Z',
    description: 'Short de praia com forro, bolso traseiro com velcro e cordão na cintura.',
  },
  {
    slug: 'tenis-trilha-serra-leve',
    featured: true,
    name: 'Tênis de trilha Serra Leve',
    brand: 'serra',
    category: 'tenis',
    art: 'sneaker',
    colors: [
      { name: 'Verde-musgo', hex: '#3f6212' },
      { name: 'Grafite', hex: '#374151' },
    ],
    sizes: ['37', '38', '39', '40', '41', '42'],
    priceCents: 39990,
    compareAtPriceCents: 49990,
    stock: [2, 4, 0, 6, 3, 1, 5],
    createdAt: '2024-05-25T12:00:00.000Z',
    description:
      'Tênis de trilha com solado de borracha reciclada, cabedal respirável e palmilha anatômica.',
  },
  {
    slug: 'tenis-urbano-couro',
    name: 'Tênis urbano de couro',
    brand: 'serra',
    category: 'tenis',
    art: 'sneaker',
    colors: [{ name: 'Branco', hex: '#f5f5f4' }],
    sizes: ['38', '39', '40', '41', '42', '43'],
    priceCents: 32990,
    stock: [3, 3, 3, 3, 3, 3],
    createdAt: '2024-02-14T12:00:00.000Z',
    description: 'Tênis de couro legítimo com forro macio e solado costurado.',
  },
  {
    slug: 'sandalia-papete-conforto',
    name: 'Sandália papete conforto',
    brand: 'serra',
    category: 'sandalias',
    art: 'sandal',
    colors: [{ name: 'Caramelo', hex: '#b45309' }],
    sizes: ['35', '36', '37', '38', '39'],
    priceCents: 15990,
    stock: [0, 0, 0, 0, 0],
    createdAt: '2024-01-30T12:00:00.000Z',
    description: 'Papete com tiras ajustáveis e palmilha de EVA.',
  },
  {
    slug: 'bolsa-tiracolo-couro-vegetal',
    featured: true,
    name: 'Bolsa tiracolo de couro vegetal',
    brand: 'lumi',
    category: 'bolsas',
    art: 'bag',
    colors: [
      { name: 'Vinho', hex: '#7f1d1d' },
      { name: 'Caramelo', hex: '#b45309' },
    ],
    sizes: ['Único'],
    priceCents: 21990,
    stock: [3, 7],
    createdAt: '2024-05-05T12:00:00.000Z',
    description: 'Bolsa tiracolo de couro vegetal com alça regulável e bolso interno com zíper.',
  },
  {
    slug: 'bone-aba-curva-algodao',
    name: 'Boné aba curva de algodão',
    brand: 'lumi',
    category: 'bones',
    art: 'cap',
    colors: [
      { name: 'Preto', hex: '#1f2937' },
      { name: 'Lilás', hex: '#a78bfa' },
    ],
    sizes: ['Único'],
    priceCents: 8990,
    compareAtPriceCents: 11990,
    stock: [10, 10],
    createdAt: '2024-04-02T12:00:00.000Z',
    description: 'Boné de sarja de algodão com fecho de metal ajustável.',
  },
  {
    slug: 'camiseta-listrada-marinheira',
    name: 'Camiseta listrada marinheira',
    brand: 'mare',
    category: 'camisetas',
    art: 'tshirt',
    colors: [{ name: 'Azul-marinho', hex: '#1e3a8a' }],
    sizes: ['P', 'M', 'G'],
    priceCents: 9990,
    stock: [7, 7, 7],
    createdAt: '2024-03-12T12:00:00.000Z',
    description: 'Camiseta listrada de malha penteada com gola canoa.',
  },
  {
    slug: 'vestido-chemise-viscose',
    name: 'Vestido chemise de viscose',
    brand: 'aurora',
    category: 'vestidos',
    art: 'dress',
    colors: [{ name: 'Azul-céu', hex: '#7dd3fc' }],
    sizes: ['P', 'M', 'G', 'GG'],
    priceCents: 19990,
    stock: [1, 2, 3, 4],
    createdAt: '2024-05-15T12:00:00.000Z',
    description: 'Vestido chemise de viscose com botões de casca de coco e faixa na cintura.',
  },
];

function buildProduct(
  spec: ProductSpec,
  index: number,
  categories: StorefrontCategoryFixture[],
): StorefrontProductFixture {
  const flat = categories.flatMap((top) => [top, ...top.children]);
  const category = flat.find((item) => item.slug === spec.category);
  if (!category) throw new Error(`Unknown fixture category ${spec.category}`);
  const stock = spec.stock ?? [5];
  let position = 0;
  const variants: StorefrontVariantFixture[] = [];
  for (const color of spec.colors) {
    for (const size of spec.sizes) {
      const units = stock[position % stock.length] ?? 0;
      const colorCode = color.name.slice(0, 3).toUpperCase();
      variants.push(
        makeStorefrontVariant({
          id: `${spec.slug}-${colorCode}-${size}`.toLowerCase(),
          sku: `${spec.brand.slice(0, 3).toUpperCase()}-${index + 1}-${colorCode}-${size}`,
          size,
          color: color.name,
          options: [
            { name: 'Tamanho', value: size },
            { name: 'Cor', value: color.name },
          ],
          priceCents: spec.priceCents,
          compareAtPriceCents: spec.compareAtPriceCents ?? null,
          stock: units,
          available: units > 0,
        }),
      );
      position += 1;
    }
  }
  const images = spec.colors.flatMap((color, colorIndex) => [
    image(`${spec.slug}-img-${colorIndex}-a`, spec.art, color.hex, `${spec.name} ${color.name}`),
    image(
      `${spec.slug}-img-${colorIndex}-b`,
      spec.art,
      color.hex,
      `${spec.name} ${color.name}, detalhe`,
      '#e7e5e4',
    ),
  ]);
  return makeStorefrontProduct({
    id: `product-${spec.slug}`,
    slug: spec.slug,
    name: spec.name,
    description: spec.description,
    brand: brand(spec.brand),
    category,
    images,
    variants,
    minPriceCents: spec.priceCents,
    maxPriceCents: spec.priceCents,
    compareAtPriceCents: spec.compareAtPriceCents ?? null,
    inStock: variants.some((variant) => variant.stock > 0),
    published: true,
    featured: spec.featured ?? false,
    createdAt: spec.createdAt,
    updatedAt: spec.createdAt,
  });
}

// The server's search forgives typos and missing accents and ranks by relevance; the mock does not
// re-implement it. These are its answers, most relevant first, for the queries stories, tests and
// the e2e journey type.
const SEARCHES: Record<string, string[]> = {
  algodao: ['camiseta-basica-algodao', 'bone-aba-curva-algodao'],
  auorra: [
    'vestido-chemise-viscose',
    'vestido-midi-linho',
    'camiseta-basica-algodao',
    'bermuda-sarja-leve',
  ],
  biquni: ['biquini-ondas-uv'],
  camizeta: ['camiseta-basica-algodao', 'camiseta-listrada-marinheira'],
  tenis: ['tenis-trilha-serra-leve', 'tenis-urbano-couro'],
  'tenis trilah': ['tenis-trilha-serra-leve'],
};

/** The whole demo catalog; each call builds fresh objects so a test may change its copy. */
export function makeStorefrontCatalog(): StorefrontCatalog {
  const categories = categoryTree();
  const products = SPECS.map((spec, index) => buildProduct(spec, index, categories));
  const brands = STOREFRONT_BRANDS.map((item) => ({
    ...item,
    productCount: products.filter((product) => product.brand.id === item.id).length,
  }));
  for (const product of products) {
    const found = brands.find((item) => item.id === product.brand.id);
    if (found) product.brand = found;
  }
  for (const top of categories) {
    for (const child of top.children) {
      child.productCount = products.filter((p) => p.category.id === child.id).length;
    }
    top.productCount =
      products.filter((p) => p.category.id === top.id).length +
      top.children.reduce((sum, child) => sum + child.productCount, 0);
  }
  return { settings: makeStoreSettings(), brands, categories, products, searches: SEARCHES };
}

/** One product of the demo catalog by slug (throws for a slug it does not have). */
export function storefrontProduct(slug: string): StorefrontProductFixture {
  const found = makeStorefrontCatalog().products.find((product) => product.slug === slug);
  if (!found) throw new Error(`Unknown fixture product ${slug}`);
  return found;
}

// ---------------------------------------------------------------------------------------------
// Orders as the shopper sees them (CustomerOrder of the schema).

export type OrderStatusFixture = OrderStatus;

export interface CustomerOrderLineFixture {
  productName: string;
  brandName: string;
  variantLabel: string;
  sku: string;
  imageUrl: string | null;
  unitPriceCents: number;
  compareAtPriceCents: number | null;
  quantity: number;
  lineTotalCents: number;
}

export interface PixChargeFixture {
  code: string;
  qrCodeUrl: string;
  amountCents: number;
  txid: string;
  expiresAt: string;
}

/** PaymentStatus of the schema. */
export type PaymentStatusFixture = PaymentStatus;

/** The server's PickupPoint: the point's fields and how the shopper reads it. */
export type PickupPointFixture = Omit<PickupPoint, 'uf' | 'hours'> &
  PickupPointView & { uf: string };

export interface CustomerOrderFixture {
  number: string;
  status: OrderStatusFixture;
  paymentStatus: PaymentStatusFixture;
  fulfilmentStatus: string;
  paymentMethod: 'PIX' | 'CARD' | 'BOLETO';
  customerName: string;
  customerEmail: string;
  createdAt: string;
  lines: CustomerOrderLineFixture[];
  subtotalCents: number;
  discountCents: number;
  pixDiscountCents: number;
  shippingCents: number;
  totalCents: number;
  couponCode: string | null;
  address: {
    postalCode: string;
    street: string;
    number: string;
    complement: string | null;
    district: string;
    city: string;
    uf: string;
  };
  shippingMethodName: string;
  shippingMethodKind: 'DELIVERY' | 'PICKUP';
  shippingBusinessDays: number;
  /** Pickup: where to collect, as kept when the order was placed; null on a delivery. */
  pickupPoint: PickupPointFixture | null;
  trackingCarrier: string | null;
  trackingCode: string | null;
  trackingUrl: string | null;
  cancelReason: string | null;
  pix: PixChargeFixture | null;
  /** Card: the installments chosen (1 when absent). */
  installments: number;
  /** Card: the plan's interest, part of totalCents (0 when interest-free). */
  interestCents: number;
  /** The carrier's latest status of the parcel; null until one is read. */
  trackingStatus: ShipmentStatusFixture | null;
  /** The carrier's events, oldest first. */
  shipmentEvents: ShipmentEventFixture[];
  /** The authorised NF-e's DANFE and XML; null until authorised. */
  invoice: { number: number; series: number; danfeUrl: string; xmlUrl: string } | null;
  /** A boleto issued by orderPay, while the order waits for it. */
  boleto: { url: string | null; barcode: string | null; expiresAt: string | null } | null;
  timeline: { type: string; status: OrderStatusFixture | null; label: string; createdAt: string }[];
}

export type ShipmentStatusFixture = ShipmentStatus;

export type ShipmentEventFixture = ShipmentEventNode;

/** A parcel on its way, as the Correios tell it: posted, in transit, out for delivery. */
export function makeShipmentEvents(): ShipmentEventFixture[] {
  return [
    {
      status: 'POSTED',
      label: 'Postado',
      description: 'Objeto postado',
      location: 'São Paulo/SP',
      occurredAt: '2024-06-03T13:00:00.000Z',
    },
    {
      status: 'IN_TRANSIT',
      label: 'Em trânsito',
      description: 'Objeto em trânsito - por favor aguarde',
      location: 'Cajamar/SP',
      occurredAt: '2024-06-04T11:00:00.000Z',
    },
    {
      status: 'OUT_FOR_DELIVERY',
      label: 'Saiu para entrega',
      description: 'Objeto saiu para entrega ao destinatário',
      location: 'Belo Horizonte/MG',
      occurredAt: '2024-06-06T12:12:00.000Z',
    },
  ];
}

/** CRC16-CCITT-FALSE, the checksum that ends a Pix BR Code. */
export function crc16Ccitt(payload: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function emv(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** A static Pix BR Code for an amount and txid, with a correct CRC. */
export function makeBrCode(amountCents: number, txid: string): string {
  const amount = (amountCents / 100).toFixed(2);
  const payload =
    emv('00', '01') +
    emv('26', emv('00', 'br.gov.bcb.pix') + emv('01', 'pix@vitrine.com.br')) +
    emv('52', '0000') +
    emv('53', '986') +
    emv('54', amount) +
    emv('58', 'BR') +
    emv('59', 'VITRINE LOJA') +
    emv('60', 'SAO PAULO') +
    emv('62', emv('05', txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25))) +
    '6304';
  return payload + crc16Ccitt(payload);
}

/** A QR-looking SVG for stories (finder squares and a pattern seeded by the code). */
export function fakeQrSvg(code: string): string {
  const size = 29;
  let seed = [...code].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7);
  const cells: string[] = [];
  const finder = (x: number, y: number) =>
    `<rect x="${x}" y="${y}" width="7" height="7"/><rect x="${x + 1}" y="${y + 1}" width="5" height="5" fill="#fff"/><rect x="${x + 2}" y="${y + 2}" width="3" height="3"/>`;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const inFinder = (x < 8 && y < 8) || (x > size - 9 && y < 8) || (x < 8 && y > size - 9);
      seed = (seed * 1103515245 + 12345) >>> 0;
      if (!inFinder && seed % 100 < 48)
        cells.push(`<rect x="${x}" y="${y}" width="1" height="1"/>`);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 ${size + 4} ${size + 4}" shape-rendering="crispEdges"><rect x="-2" y="-2" width="${size + 4}" height="${size + 4}" fill="#fff"/>${finder(0, 0)}${finder(size - 7, 0)}${finder(0, size - 7)}${cells.join('')}</svg>`;
}

/**
 * The QR code image of a charge in stories: the story QR as a data: URL (the server's is a link to
 * GET /pix/qr.svg; the mocks need no route for it).
 */
export function fakeQrUrl(code: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(fakeQrSvg(code))}`;
}

export function makePixCharge(overrides: Partial<PixChargeFixture> = {}): PixChargeFixture {
  const amountCents = overrides.amountCents ?? 17082;
  const txid = overrides.txid ?? 'VT10000';
  const code = overrides.code ?? makeBrCode(amountCents, txid);
  return {
    code,
    qrCodeUrl: fakeQrUrl(code),
    amountCents,
    txid,
    expiresAt: '2030-01-01T12:00:00.000Z',
    ...overrides,
  };
}

export function makeCustomerOrder(
  overrides: Partial<CustomerOrderFixture> = {},
): CustomerOrderFixture {
  const shirt = storefrontProduct('camiseta-basica-algodao');
  return {
    number: 'VT-10000',
    status: 'PENDING_PAYMENT',
    paymentStatus: 'PENDING',
    fulfilmentStatus: 'UNFULFILLED',
    paymentMethod: 'PIX',
    installments: 1,
    interestCents: 0,
    trackingStatus: null,
    shipmentEvents: [],
    invoice: null,
    customerName: 'Maria Oliveira',
    customerEmail: 'maria@exemplo.com.br',
    createdAt: '2024-06-01T15:00:00.000Z',
    lines: [
      {
        productName: shirt.name,
        brandName: shirt.brand.name,
        variantLabel: 'Tamanho M · Cor Branco',
        sku: 'AUR-1-BRA-M',
        imageUrl: shirt.images[0]?.url ?? null,
        unitPriceCents: 7990,
        compareAtPriceCents: 9990,
        quantity: 2,
        lineTotalCents: 15980,
      },
    ],
    subtotalCents: 15980,
    discountCents: 0,
    pixDiscountCents: 799,
    shippingCents: 1990,
    totalCents: 17171,
    couponCode: null,
    address: {
      postalCode: '01310100',
      street: 'Avenida Paulista',
      number: '1000',
      complement: 'Apto 42',
      district: 'Bela Vista',
      city: 'São Paulo',
      uf: 'SP',
    },
    shippingMethodName: 'PAC',
    shippingMethodKind: 'DELIVERY',
    shippingBusinessDays: 7,
    pickupPoint: null,
    trackingCarrier: null,
    trackingCode: null,
    trackingUrl: null,
    cancelReason: null,
    pix: makePixCharge({ amountCents: 17171, txid: 'VT10000' }),
    boleto: null,
    timeline: [
      {
        type: 'placed',
        status: 'PENDING_PAYMENT',
        label: 'Pedido recebido',
        createdAt: '2024-06-01T15:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

/** The store's counter, as the demo store's (Rua Augusta, São Paulo). */
export const STORE_PICKUP_POINT: PickupPoint = {
  street: 'Rua Augusta',
  number: '1500',
  complement: 'Loja 3, térreo',
  district: 'Consolação',
  city: 'São Paulo',
  uf: 'SP',
  postalCode: '01304001',
  hours: 'Seg. a sex., 10h às 20h\nSáb., 10h às 18h (exceto feriados)',
  instructions:
    'Retire no balcão de retiradas, ao lado dos provadores. Outra pessoa pode retirar por você com uma autorização assinada e uma cópia do seu documento.',
};

/** A PickupPoint as the server answers it (@vitrine/rules' view); with the order's number. */
export function makePickupPoint(
  point: PickupPoint = STORE_PICKUP_POINT,
  orderNumber?: string | null,
): PickupPointFixture {
  return {
    street: point.street,
    number: point.number,
    complement: point.complement,
    district: point.district,
    city: point.city,
    uf: point.uf,
    postalCode: point.postalCode,
    ...pickupPointView(point, orderNumber),
  };
}

/** A pickup order (Pix, awaiting payment): no address of the shopper's, the store's counter. */
export function makePickupOrder(overrides: Partial<CustomerOrderFixture> = {}) {
  const number = overrides.number ?? 'VT-10001';
  return makeCustomerOrder({
    number,
    customerName: 'Ana Souza',
    customerEmail: 'ana.souza@exemplo.com.br',
    shippingCents: 0,
    totalCents: 15181,
    pix: makePixCharge({ amountCents: 15181, txid: number.replace('-', '') }),
    address: {
      postalCode: '',
      street: '',
      number: '',
      complement: null,
      district: '',
      city: '',
      uf: '',
    },
    shippingMethodName: 'Retirada na loja',
    shippingMethodKind: 'PICKUP',
    shippingBusinessDays: 1,
    pickupPoint: makePickupPoint(STORE_PICKUP_POINT, number),
    ...overrides,
  });
}

/** An order already on its way, with a tracking code. */
export function makeShippedOrder(overrides: Partial<CustomerOrderFixture> = {}) {
  return makeCustomerOrder({
    number: 'VT-9999',
    status: 'SHIPPED',
    paymentStatus: 'PAID',
    fulfilmentStatus: 'SHIPPED',
    pix: null,
    trackingCarrier: 'Correios',
    trackingCode: 'QB123456789BR',
    trackingUrl: 'https://rastreamento.correios.com.br/app/index.php',
    timeline: [
      {
        type: 'placed',
        status: 'PENDING_PAYMENT',
        label: 'Pedido recebido',
        createdAt: '2024-05-20T13:00:00.000Z',
      },
      {
        type: 'paid',
        status: 'PAID',
        label: 'Pagamento aprovado',
        createdAt: '2024-05-20T13:20:00.000Z',
      },
      {
        type: 'shipped',
        status: 'SHIPPED',
        label: 'Pedido enviado',
        createdAt: '2024-05-21T18:00:00.000Z',
      },
    ],
    ...overrides,
  });
}
