// Fixtures of the dashboard's brands, categories and product CSV import: a catalog with five
// brands (one inactive, one with a light colour the storefront must darken), a category tree with
// products in some branches, and product imports in each status.
import { PRODUCT_CSV_COLUMNS } from '@vitrine/rules';

import {
  makeBrand,
  makeCatalogFixtures,
  makeCategory,
  makeProduct,
  makeVariant,
  type BrandFixture,
  type CatalogFixtures,
  type CategoryFixture,
} from './catalog.fixtures';
import type { ProductImportRowOutcome, ProductImportStatus } from '../../graphql/generated';
import type { ProductImportRow } from '../../screens/dashboard/ProductsImport/ProductsImportScreen.graphql';

export type ProductImportStatusFixture = ProductImportStatus;

export type ProductImportOutcomeFixture = ProductImportRowOutcome;

export type ProductImportRowFixture = ProductImportRow;

/** Typed like `ProductImport` (counts are computed from the rows by the mock). */
export interface ProductImportFixture {
  id: string;
  fileName: string;
  status: ProductImportStatusFixture;
  createdAt: string;
  staffName: string | null;
  appliedRows: number;
  error: string | null;
  /** The staff member who created it (productImports: a BRAND_MANAGER sees their own). */
  staffId: string;
  rows: ProductImportRowFixture[];
}

/** The catalog domain's fixtures with the imports the mock keeps (CatalogFixtures plus imports). */
export interface CatalogStructureFixtures extends CatalogFixtures {
  productImports?: ProductImportFixture[];
}

/** The header of the products CSV (the export writes it; the import reads it). */
export const PRODUCT_CSV_HEADER = PRODUCT_CSV_COLUMNS;

/** A category as the staff screens read it: the fixture plus its position and product count. */
export type StructureCategory = CategoryFixture & { position: number; productCount: number };

export function flattenCategoryTree(categories: CategoryFixture[]): StructureCategory[] {
  return categories.flatMap((category) => [
    category as StructureCategory,
    ...flattenCategoryTree(category.children),
  ]);
}

/**
 * Works out what the tree's fixtures leave out, as the server keeps it: each category's parent,
 * position among its siblings (array order), path and published products in its subtree.
 */
export function arrangeCategoryTree(catalog: CatalogFixtures): StructureCategory[] {
  const walk = (
    categories: CategoryFixture[],
    parent: StructureCategory | null,
  ): StructureCategory[] =>
    categories.map((category, index) => {
      const node = category as StructureCategory;
      node.parentId = parent?.id ?? null;
      node.position = index;
      node.path = [...(parent?.path ?? []), node];
      walk(node.children, node);
      return node;
    });
  const tree = walk(catalog.categories, null);
  for (const node of flattenCategoryTree(tree)) {
    const ids = new Set(flattenCategoryTree([node]).map((item) => item.id));
    node.productCount = catalog.products.filter(
      (product) => product.published && ids.has(product.category.id),
    ).length;
  }
  return tree;
}

export function makeStructureBrands(): BrandFixture[] {
  return [
    makeBrand({
      id: 'brand-1',
      slug: 'aurora',
      name: 'Aurora',
      color: '#c2410c',
      productCount: 2,
      description: 'Roupas leves para o dia a dia.',
      seoTitle: 'Aurora: roupas leves',
    }),
    makeBrand({
      id: 'brand-2',
      slug: 'mare-alta',
      name: 'Maré Alta',
      color: '#0e7490',
      productCount: 1,
      description: 'Moda praia feita no litoral paulista.',
    }),
    makeBrand({
      id: 'brand-3',
      slug: 'sol-de-inverno',
      name: 'Sol de Inverno',
      color: '#facc15',
      productCount: 1,
      description: 'Tricô e malhas quentinhas.',
    }),
    makeBrand({
      id: 'brand-4',
      slug: 'raiz',
      name: 'Raiz',
      color: '#166534',
      productCount: 0,
      description: 'Calçados de couro vegetal.',
      active: false,
    }),
  ];
}

function category(
  id: string,
  slug: string,
  name: string,
  parentId: string | null,
  children: CategoryFixture[] = [],
): CategoryFixture {
  return makeCategory({ id, slug, name, parentId, children });
}

/** Roupas (Camisetas, Calças, Vestidos), Acessórios (Bolsas), Calçados, Promoções. */
export function makeStructureCategories(): CategoryFixture[] {
  return [
    category('cat-roupas', 'roupas', 'Roupas', null, [
      category('cat-camisetas', 'camisetas', 'Camisetas', 'cat-roupas'),
      category('cat-calcas', 'calcas', 'Calças', 'cat-roupas'),
      category('cat-vestidos', 'vestidos', 'Vestidos', 'cat-roupas'),
    ]),
    category('cat-acessorios', 'acessorios', 'Acessórios', null, [
      category('cat-bolsas', 'bolsas', 'Bolsas', 'cat-acessorios'),
    ]),
    category('cat-calcados', 'calcados', 'Calçados', null),
    category('cat-promocoes', 'promocoes', 'Promoções', null),
  ];
}

/** A finished preview: 3 to create, 2 to update, 1 unchanged, 2 refused. */
export function makeProductImport(
  overrides: Partial<ProductImportFixture> = {},
): ProductImportFixture {
  return {
    id: 'import-1',
    fileName: 'produtos-novembro.csv',
    status: 'READY',
    createdAt: '2026-11-20T13:10:00.000Z',
    staffName: 'Ana Souza',
    appliedRows: 0,
    error: null,
    staffId: 'staff-1',
    rows: [
      {
        line: 2,
        sku: 'AUR-VES-010-P',
        productSlug: 'vestido-linho',
        outcome: 'CREATE',
        message: null,
        changes: [],
      },
      {
        line: 3,
        sku: 'AUR-VES-010-M',
        productSlug: 'vestido-linho',
        outcome: 'CREATE',
        message: null,
        changes: [],
      },
      {
        line: 4,
        sku: 'AUR-VES-010-G',
        productSlug: 'vestido-linho',
        outcome: 'CREATE',
        message: null,
        changes: [],
      },
      {
        line: 5,
        sku: 'AUR-CAM-001-M',
        productSlug: 'camiseta-basica-algodao',
        outcome: 'UPDATE',
        message:
          'Descrição: Camiseta de algodão orgânico com caimento reto. → —; Preço: R$ 89,90 → R$ 79,90',
        changes: [
          {
            field: 'Descrição',
            before: 'Camiseta de algodão orgânico com caimento reto.',
            after: '—',
          },
          { field: 'Preço', before: 'R$ 89,90', after: 'R$ 79,90' },
        ],
      },
      {
        line: 6,
        sku: 'AUR-CAM-001-G',
        productSlug: 'camiseta-basica-algodao',
        outcome: 'UPDATE',
        message: 'Estoque: 12 → 30',
        changes: [{ field: 'Estoque', before: '12', after: '30' }],
      },
      {
        line: 7,
        sku: 'MAR-BIQ-002-U',
        productSlug: 'biquini-listrado',
        outcome: 'UNCHANGED',
        message: null,
        changes: [],
      },
      {
        line: 8,
        sku: 'SOL-CAR-003',
        productSlug: 'cardiga-trico',
        outcome: 'REFUSED',
        message: 'Preço inválido: "12,9O". Use números, como 129,90.',
        changes: [],
      },
      {
        line: 9,
        sku: null,
        productSlug: 'gorro-la',
        outcome: 'REFUSED',
        message: 'SKU ausente: cada linha precisa do SKU da variação.',
        changes: [],
      },
    ],
    ...overrides,
  };
}

/** Imports in each status, newest first, for the recent imports list. */
export function makeProductImports(): ProductImportFixture[] {
  return [
    makeProductImport(),
    makeProductImport({
      id: 'import-0',
      fileName: 'precos-black-friday.csv',
      status: 'APPLIED',
      createdAt: '2026-11-18T09:00:00.000Z',
      appliedRows: 6,
      rows: makeProductImport().rows.filter((row) => row.outcome !== 'REFUSED'),
    }),
    makeProductImport({
      id: 'import-f',
      fileName: 'planilha-errada.csv',
      status: 'FAILED',
      createdAt: '2026-11-15T17:30:00.000Z',
      error:
        'O arquivo não tem a coluna SKU: use o modelo de importação (a primeira linha são os nomes das colunas).',
      rows: [],
    }),
  ];
}

/** The dashboard's brands and categories pages and the import over one catalog. */
export function makeCatalogStructure(
  overrides: Partial<CatalogStructureFixtures> = {},
): CatalogStructureFixtures {
  const brands = makeStructureBrands();
  const categories = makeStructureCategories();
  const [aurora, mare, sol] = brands as [BrandFixture, BrandFixture, BrandFixture];
  const [roupas, acessorios] = categories as [CategoryFixture, CategoryFixture];
  const [camisetas, , vestidos] = roupas.children as [
    CategoryFixture,
    CategoryFixture,
    CategoryFixture,
  ];
  const [bolsas] = acessorios.children as [CategoryFixture];
  const products = [
    makeProduct({
      id: 'product-1',
      slug: 'camiseta-basica-algodao',
      brand: aurora,
      category: camisetas,
      variants: [
        makeVariant({ id: 'variant-1', sku: 'AUR-CAM-001-M' }),
        makeVariant({ id: 'variant-2', sku: 'AUR-CAM-001-G', size: 'G' }),
      ],
    }),
    makeProduct({
      id: 'product-2',
      slug: 'vestido-midi',
      name: 'Vestido midi',
      brand: aurora,
      category: vestidos,
      variants: [makeVariant({ id: 'variant-3', sku: 'AUR-VES-005-M', priceCents: 18990 })],
    }),
    makeProduct({
      id: 'product-3',
      slug: 'biquini-listrado',
      name: 'Biquíni listrado',
      brand: mare,
      category: camisetas,
      variants: [makeVariant({ id: 'variant-4', sku: 'MAR-BIQ-002-U', priceCents: 12990 })],
    }),
    makeProduct({
      id: 'product-4',
      slug: 'bolsa-trico',
      name: 'Bolsa de tricô',
      brand: sol,
      category: bolsas,
      variants: [makeVariant({ id: 'variant-5', sku: 'SOL-BOL-001', priceCents: 15990 })],
    }),
  ];
  const catalog: CatalogStructureFixtures = {
    ...makeCatalogFixtures({ brands, categories, products }),
    productImports: makeProductImports(),
    ...overrides,
  };
  arrangeCategoryTree(catalog);
  return catalog;
}
