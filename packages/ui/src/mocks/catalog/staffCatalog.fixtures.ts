// The staff's catalog for the products grid: the storefront's four brands, category tree and 12
// products, plus 18 more (drafts, sold out, low stock, single-variant ones, an inactive brand's),
// with the catalog history and stock ledger the grid shows. Fresh objects on each call.
import { makeBrand, stockLevelOf, type CatalogFixtures } from './catalog.fixtures';
import {
  makeStorefrontCatalog,
  makeStorefrontProduct,
  makeStorefrontVariant,
  productArtUrl,
  type StorefrontCategoryFixture,
  type StorefrontProductFixture,
  type StorefrontVariantFixture,
} from './storefront.fixtures';
import type {
  CatalogHistoryNode,
  StockMovementNode,
} from '../../screens/dashboard/Products/ProductsScreen.graphql';

/** One change of the catalog by staff, as `catalogHistory` answers it. */
export interface CatalogHistoryFixture extends CatalogHistoryNode {
  productIds: string[];
}

/** One line of a variant's stock ledger, as `stockMovements` answers it. */
export interface StockMovementFixture extends StockMovementNode {
  variantId: string;
  reason: string;
  staffId: string | null;
}

export interface StaffCatalogFixtures extends CatalogFixtures {
  brands: CatalogFixtures['brands'];
  categories: StorefrontCategoryFixture[];
  products: StorefrontProductFixture[];
  history: CatalogHistoryFixture[];
  movements: StockMovementFixture[];
}

/** A fifth brand, inactive (hidden from the storefront), that staff still see. */
export const INACTIVE_BRAND_ID = 'brand-ventania';

type Art = Parameters<typeof productArtUrl>[0];

interface ExtraSpec {
  slug: string;
  name: string;
  brand: string;
  category: string;
  art: Art;
  hex: string;
  /** [size, color, price, stock] per variant; one entry: a single-variant product. */
  variants: [string | null, string | null, number, number][];
  published?: boolean;
  featured?: boolean;
  compareAtPriceCents?: number;
  lowStockThreshold?: number;
  updatedAt: string;
}

const EXTRAS: ExtraSpec[] = [
  {
    slug: 'camiseta-gola-v-linho',
    name: 'Camiseta gola V de linho',
    brand: 'aurora',
    category: 'camisetas',
    art: 'tshirt',
    hex: '#e7d8c9',
    variants: [
      ['P', 'Areia', 8990, 4],
      ['M', 'Areia', 8990, 9],
      ['G', 'Areia', 8990, 11],
    ],
    updatedAt: '2026-03-09T14:20:00.000Z',
  },
  {
    slug: 'regata-canelada',
    name: 'Regata canelada',
    brand: 'aurora',
    category: 'camisetas',
    art: 'tshirt',
    hex: '#fde68a',
    variants: [['Único', 'Amarelo', 4990, 22]],
    updatedAt: '2026-03-08T10:05:00.000Z',
  },
  {
    slug: 'vestido-longo-estampado',
    name: 'Vestido longo estampado',
    brand: 'aurora',
    category: 'vestidos',
    art: 'dress',
    hex: '#be185d',
    variants: [
      ['P', 'Floral', 21990, 0],
      ['M', 'Floral', 21990, 0],
      ['G', 'Floral', 23990, 0],
    ],
    updatedAt: '2026-03-07T18:40:00.000Z',
  },
  {
    slug: 'vestido-tubinho-malha',
    name: 'Vestido tubinho de malha',
    brand: 'aurora',
    category: 'vestidos',
    art: 'dress',
    hex: '#111827',
    variants: [
      ['P', 'Preto', 15990, 6],
      ['M', 'Preto', 15990, 8],
    ],
    published: false,
    updatedAt: '2026-03-10T09:15:00.000Z',
  },
  {
    slug: 'saia-midi-plissada',
    name: 'Saia midi plissada',
    brand: 'aurora',
    category: 'roupas',
    art: 'dress',
    hex: '#7c3aed',
    variants: [['Único', 'Lilás', 12990, 3]],
    compareAtPriceCents: 15990,
    updatedAt: '2026-02-27T16:00:00.000Z',
  },
  {
    slug: 'maio-recorte-lateral',
    name: 'Maiô com recorte lateral',
    brand: 'mare',
    category: 'moda-praia',
    art: 'bikini',
    hex: '#0891b2',
    variants: [
      ['P', 'Azul', 16990, 5],
      ['M', 'Azul', 16990, 7],
      ['G', 'Azul', 17990, 2],
    ],
    featured: true,
    updatedAt: '2026-03-06T11:30:00.000Z',
  },
  {
    slug: 'canga-algodao-listrada',
    name: 'Canga de algodão listrada',
    brand: 'mare',
    category: 'moda-praia',
    art: 'bikini',
    hex: '#f97316',
    variants: [[null, null, 5990, 40]],
    updatedAt: '2026-03-01T08:45:00.000Z',
  },
  {
    slug: 'chapeu-palha-aba-larga',
    name: 'Chapéu de palha aba larga',
    brand: 'mare',
    category: 'acessorios',
    art: 'cap',
    hex: '#d6b370',
    variants: [['Único', 'Natural', 8990, 1]],
    lowStockThreshold: 3,
    updatedAt: '2026-03-05T13:10:00.000Z',
  },
  {
    slug: 'bermuda-tactel-estampada',
    name: 'Bermuda tactel estampada',
    brand: 'mare',
    category: 'bermudas',
    art: 'shorts',
    hex: '#16a34a',
    variants: [
      ['38', 'Verde', 9990, 0],
      ['40', 'Verde', 9990, 0],
    ],
    published: false,
    updatedAt: '2026-02-20T15:25:00.000Z',
  },
  {
    slug: 'bota-trekking-impermeavel',
    name: 'Bota de trekking impermeável',
    brand: 'serra',
    category: 'tenis',
    art: 'sneaker',
    hex: '#78350f',
    variants: [
      ['39', 'Café', 49990, 3],
      ['40', 'Café', 49990, 6],
      ['41', 'Café', 49990, 4],
      ['42', 'Café', 52990, 2],
    ],
    featured: true,
    updatedAt: '2026-03-10T12:00:00.000Z',
  },
  {
    slug: 'meia-cano-alto-la',
    name: 'Meia cano alto de lã',
    brand: 'serra',
    category: 'acessorios',
    art: 'sneaker',
    hex: '#64748b',
    variants: [[null, 'Cinza', 3990, 60]],
    updatedAt: '2026-02-25T09:00:00.000Z',
  },
  {
    slug: 'jaqueta-corta-vento',
    name: 'Jaqueta corta-vento',
    brand: 'serra',
    category: 'roupas',
    art: 'tshirt',
    hex: '#2563eb',
    variants: [
      ['P', 'Azul', 27990, 0],
      ['M', 'Azul', 27990, 2],
      ['G', 'Azul', 27990, 0],
    ],
    updatedAt: '2026-03-04T17:50:00.000Z',
  },
  {
    slug: 'mochila-ataque-28l',
    name: 'Mochila de ataque 28 L',
    brand: 'serra',
    category: 'bolsas',
    art: 'bag',
    hex: '#4d7c0f',
    variants: [[null, 'Musgo', 34990, 7]],
    published: false,
    featured: false,
    updatedAt: '2026-03-09T08:30:00.000Z',
  },
  {
    slug: 'brinco-argola-dourada',
    name: 'Brinco argola dourada',
    brand: 'lumi',
    category: 'acessorios',
    art: 'bag',
    hex: '#ca8a04',
    variants: [[null, 'Dourado', 6990, 14]],
    updatedAt: '2026-03-03T10:10:00.000Z',
  },
  {
    slug: 'colar-perolas-curto',
    name: 'Colar de pérolas curto',
    brand: 'lumi',
    category: 'acessorios',
    art: 'bag',
    hex: '#f5f5f4',
    variants: [[null, 'Pérola', 11990, 0]],
    updatedAt: '2026-02-28T19:00:00.000Z',
  },
  {
    slug: 'bolsa-palha-praia',
    name: 'Bolsa de palha para praia',
    brand: 'lumi',
    category: 'bolsas',
    art: 'bag',
    hex: '#d6b370',
    variants: [
      ['Único', 'Natural', 13990, 4],
      ['Único', 'Preto', 13990, 9],
    ],
    featured: true,
    updatedAt: '2026-03-02T14:35:00.000Z',
  },
  {
    slug: 'bone-trucker-tela',
    name: 'Boné trucker de tela',
    brand: 'lumi',
    category: 'bones',
    art: 'cap',
    hex: '#dc2626',
    variants: [
      ['Único', 'Vermelho', 5990, 18],
      ['Único', 'Preto', 5990, 25],
    ],
    published: false,
    updatedAt: '2026-02-18T11:00:00.000Z',
  },
  {
    slug: 'sandalia-rasteira-couro',
    name: 'Sandália rasteira de couro',
    brand: 'ventania',
    category: 'sandalias',
    art: 'sandal',
    hex: '#92400e',
    variants: [
      ['35', 'Caramelo', 11990, 8],
      ['36', 'Caramelo', 11990, 10],
      ['37', 'Caramelo', 11990, 6],
    ],
    updatedAt: '2026-01-30T10:00:00.000Z',
  },
];

const VENTANIA = makeBrand({
  id: INACTIVE_BRAND_ID,
  slug: 'ventania',
  name: 'Ventania',
  description: 'Calçados de couro feitos à mão (coleção encerrada).',
  color: '#92400e',
  active: false,
  productCount: 0,
});

function code(text: string | null, fallback: string) {
  return (text ?? fallback)
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 3)
    .toUpperCase();
}

function buildExtra(
  spec: ExtraSpec,
  index: number,
  categories: StorefrontCategoryFixture[],
  brands: CatalogFixtures['brands'],
): StorefrontProductFixture {
  const flat = categories.flatMap((top) => [top, ...top.children]);
  const category = flat.find((item) => item.slug === spec.category);
  const brand = brands.find((item) => item.slug === spec.brand);
  if (!category || !brand) throw new Error(`Bad staff catalog spec ${spec.slug}`);
  const variants: StorefrontVariantFixture[] = spec.variants.map(
    ([size, color, priceCents, stock], position) =>
      makeStorefrontVariant({
        id: `${spec.slug}-v${position + 1}`,
        sku: `${code(brand.name, 'X')}-${100 + index}-${code(color, 'UN')}-${code(size, 'U')}${position > 0 && spec.variants.filter((v) => v[0] === size).length > 1 ? position : ''}`,
        size,
        color,
        options: [
          ...(size ? [{ name: 'Tamanho', value: size }] : []),
          ...(color ? [{ name: 'Cor', value: color }] : []),
        ],
        priceCents,
        compareAtPriceCents: spec.compareAtPriceCents ?? null,
        stock,
        available: stock > 0,
        lowStockThreshold: spec.lowStockThreshold ?? null,
        hasOrders: position % 2 === 0,
      }),
  );
  const url = productArtUrl(spec.art, spec.hex);
  const prices = variants.map((variant) => variant.priceCents);
  return makeStorefrontProduct({
    id: `product-${spec.slug}`,
    slug: spec.slug,
    name: spec.name,
    description: `${spec.name}.`,
    brand,
    category,
    images: [
      {
        id: `${spec.slug}-img`,
        url,
        alt: spec.name,
        width: 800,
        height: 1000,
        srcSet: `${url} 800w`,
      },
    ],
    variants,
    minPriceCents: Math.min(...prices),
    maxPriceCents: Math.max(...prices),
    compareAtPriceCents: spec.compareAtPriceCents ?? null,
    inStock: variants.some((variant) => variant.stock > 0),
    published: spec.published ?? true,
    featured: spec.featured ?? false,
    createdAt: '2026-01-15T12:00:00.000Z',
    updatedAt: spec.updatedAt,
    version: 2 + (index % 4),
    totalStock: variants.reduce((sum, variant) => sum + Math.max(0, variant.stock), 0),
    stockLevel: stockLevelOf(variants),
  });
}

/** Ana (ADMIN) and Carla (Serra's manager) changed the catalog in early March 2026. */
function makeHistory(): CatalogHistoryFixture[] {
  return [
    {
      id: 'history-5',
      createdAt: '2026-03-10T12:00:00.000Z',
      staffName: 'Carla Dias',
      action: 'variant.price',
      summary: 'Preço de Bota de trekking impermeável (42): R$ 499,90 → R$ 529,90',
      productIds: ['product-bota-trekking-impermeavel'],
      productCount: 1,
    },
    {
      id: 'history-4',
      createdAt: '2026-03-09T14:20:00.000Z',
      staffName: 'Ana Souza',
      action: 'stock.adjust',
      summary: 'Estoque de Camiseta gola V de linho (P): entrada de 4 unidades',
      productIds: ['product-camiseta-gola-v-linho'],
      productCount: 1,
    },
    {
      id: 'history-3',
      createdAt: '2026-03-06T11:30:00.000Z',
      staffName: 'Ana Souza',
      action: 'products.bulk.feature',
      summary: 'Destaque em 3 produtos',
      productIds: [
        'product-maio-recorte-lateral',
        'product-bolsa-palha-praia',
        'product-bota-trekking-impermeavel',
      ],
      productCount: 3,
    },
    {
      id: 'history-2',
      createdAt: '2026-03-02T10:00:00.000Z',
      staffName: 'Ana Souza',
      action: 'products.bulk.change_prices',
      summary: 'Preços de 12 produtos: -10 % (arredondados para ,90)',
      productIds: ['product-camiseta-basica-algodao'],
      productCount: 12,
    },
    {
      id: 'history-1',
      createdAt: '2026-02-20T15:25:00.000Z',
      staffName: 'Ana Souza',
      action: 'import.apply',
      summary: 'Importação de produtos.csv: 18 criados, 4 atualizados',
      productIds: [],
      productCount: 22,
    },
  ];
}

/** Each variant's ledger: the initial stock, a sale or two, an entry; the last one matches its stock. */
function makeMovements(products: StorefrontProductFixture[]): StockMovementFixture[] {
  const movements: StockMovementFixture[] = [];
  products.forEach((product, productIndex) => {
    product.variants.forEach((variant, variantIndex) => {
      const seed = productIndex + variantIndex;
      const sold = seed % 3;
      const received = seed % 2 === 0 ? 5 : 0;
      const initial = variant.stock + sold - received;
      const lines: Omit<StockMovementFixture, 'id' | 'variantId'>[] = [];
      let stock = 0;
      const push = (
        kind: string,
        delta: number,
        createdAt: string,
        staffName: string | null,
        note: string | null = null,
      ) => {
        stock += delta;
        lines.push({
          delta,
          kind,
          reason: kind.toLowerCase(),
          stockAfter: stock,
          staffId: staffName ? 'staff-1' : null,
          staffName,
          note,
          createdAt,
        });
      };
      push('INITIAL', Math.max(0, initial), '2026-01-15T12:00:00.000Z', 'Ana Souza');
      if (initial < 0)
        push(
          'STOCK_COUNT',
          -initial,
          '2026-01-20T09:00:00.000Z',
          'Ana Souza',
          'Contagem de janeiro',
        );
      if (sold > 0) push('ORDER', -sold, '2026-02-12T18:22:00.000Z', null, 'Pedido VT-10012');
      if (received > 0)
        push('RECEIVED', received, '2026-03-03T10:15:00.000Z', 'Ana Souza', 'Nota fiscal 4512');
      lines.reverse().forEach((line, position) =>
        movements.push({
          ...line,
          id: `${variant.id}-m${lines.length - position}`,
          variantId: variant.id,
        }),
      );
    });
  });
  return movements;
}

/** The products grid's catalog: 30 products over four active brands and an inactive one. */
export function makeStaffCatalog(): StaffCatalogFixtures {
  const storefront = makeStorefrontCatalog();
  const brands = [...storefront.brands, { ...VENTANIA }];
  const categories = storefront.categories;
  const products = [
    ...storefront.products.map((product, index) => ({
      ...product,
      updatedAt: product.updatedAt,
      version: 1 + (index % 3),
    })),
    ...EXTRAS.map((spec, index) => buildExtra(spec, index, categories, brands)),
  ];
  for (const brand of brands) {
    brand.productCount = products.filter(
      (product) => product.brand.id === brand.id && product.published,
    ).length;
  }
  return {
    ...storefront,
    brands,
    categories,
    products,
    history: makeHistory(),
    movements: makeMovements(products),
  };
}

/** A catalog with no product yet (brands and categories only). */
export function makeEmptyStaffCatalog(): StaffCatalogFixtures {
  return { ...makeStaffCatalog(), products: [], history: [], movements: [] };
}
