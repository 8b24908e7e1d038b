// The staff half of the catalog domain (spread into catalog/catalog.ts): The product editor (adminProduct's editor fields, productSave with its version check, productSlugCheck),
// answering as the API does.
//
// productSave validates like the server (one error at a time, extensions.field naming the input
// path: 'input.variants.2.gtin'), checks expectedVersion (VERSION_CONFLICT with
// extensions.currentVersion) and writes the product into the mock world, so a reload shows it.
// The fixture product CONCURRENT_EDIT_PRODUCT_ID is changed by "another person" (a new version,
// another name and price) the first time it is saved: the editor's save then meets the conflict.
import {
  checkProductSaveInput,
  PRODUCT_INPUT_MESSAGES,
  slugifyName,
  suggestFreeSlug,
} from '@vitrine/rules';
import { GraphQLError } from 'graphql';

import {
  makeBrand,
  makeCategory,
  makeProduct,
  makeVariant,
  stockLevelOf,
  type CatalogFixtures,
  type CategoryFixture,
  type ImageFixture,
  type ProductFixture,
  type VariantFixture,
} from './catalog.fixtures';
import { productArtUrl } from './storefront.fixtures';
import { savedFiscal } from './staffCatalogFiscal';
import {
  badInput,
  requireStaff,
  type RequestContext,
  type RootResolvers,
} from '../shared/graphqlDomain';

export const VERSION_CONFLICT_MESSAGE =
  'Outra pessoa alterou este produto enquanto você editava. Veja a versão atual antes de salvar de novo.';
export const PRODUCT_FORBIDDEN_MESSAGE = 'Você não tem permissão para alterar este produto.';
export const PRODUCT_NOT_FOUND_MESSAGE = 'Produto não encontrado.';

/** A product someone else saves right before the editor's first save (see the file's header). */
export const CONCURRENT_EDIT_PRODUCT_ID = 'product-editado-por-outra-pessoa';

/** Images the mock's POST /media/ "stored", by id (catalog/media.ts fills it). */
export const uploadedImages = new Map<string, ImageFixture>();

function flatten(categories: CategoryFixture[]): CategoryFixture[] {
  return categories.flatMap((category) => [category, ...flatten(category.children)]);
}

interface ImageInput {
  id: string;
  alt?: string | null;
}

interface VariantInput {
  id?: string | null;
  sku: string;
  size?: string | null;
  color?: string | null;
  priceCents: number;
  compareAtPriceCents?: number | null;
  stock?: number | null;
  weightGrams?: number | null;
  lengthCm?: number | null;
  widthCm?: number | null;
  heightCm?: number | null;
  gtin?: string | null;
  lowStockThreshold?: number | null;
}

export interface ProductSaveInputMock {
  slug?: string | null;
  name: string;
  description: string;
  brandId: string;
  categoryId: string;
  published: boolean;
  featured: boolean;
  seoTitle?: string | null;
  seoDescription?: string | null;
  ncm?: string | null;
  cest?: string | null;
  origin?: number | null;
  taxSituation?: string | null;
  images: ImageInput[];
  variants: VariantInput[];
}

/** A free slug: the given one, else with -2, -3 … (the server's suggestion). */
function freeSlug(catalog: CatalogFixtures, slug: string, exceptId?: string | null): string {
  const taken = (candidate: string) =>
    catalog.products.some((product) => product.slug === candidate && product.id !== exceptId);
  return taken(slug) ? suggestFreeSlug(slug, taken) : slug;
}

function imageOf(catalog: CatalogFixtures, input: { id: string; alt: string }, index: number) {
  const known =
    uploadedImages.get(input.id) ??
    catalog.products.flatMap((product) => product.images).find((image) => image.id === input.id);
  if (!known) throw badInput(PRODUCT_INPUT_MESSAGES.imageGone, `input.images.${index}.id`);
  return { ...known, alt: input.alt };
}

/** Validates and writes the product as the server's productSave does. */
function saveProduct(
  catalog: CatalogFixtures,
  existing: ProductFixture | null,
  input: ProductSaveInputMock,
): ProductFixture {
  // The rules that need no store are the server's (@vitrine/rules checkProductSaveInput); the
  // mock world's ids are not UUIDs, so an unknown one is "not found" by looking it up below.
  const checked = checkProductSaveInput(input, { isId: () => true });
  if (!checked.ok) throw badInput(checked.issue.message, checked.issue.field);
  const { name, slug, description, seoTitle, seoDescription } = checked.value;
  const brand = catalog.brands.find((item) => item.id === input.brandId);
  if (!brand) throw badInput(PRODUCT_INPUT_MESSAGES.brandNotFound, 'input.brandId');
  const category = flatten(catalog.categories).find((item) => item.id === input.categoryId);
  if (!category) throw badInput(PRODUCT_INPUT_MESSAGES.categoryNotFound, 'input.categoryId');
  if (catalog.products.some((product) => product.slug === slug && product.id !== existing?.id)) {
    throw badInput(
      PRODUCT_INPUT_MESSAGES.slugTaken(slug, freeSlug(catalog, slug, existing?.id)),
      'input.slug',
    );
  }
  // Then what the store answers, in the server's order: variants of this product, SKUs of no
  // other product, photos uploaded.
  const variants = checked.value.variants.map((valid, index): VariantFixture => {
    const before = existing?.variants.find((item) => item.id === valid.id);
    if (valid.id !== null && !before) {
      throw badInput(PRODUCT_INPUT_MESSAGES.variantNotFound, `input.variants.${index}.id`);
    }
    const { sku, size, color } = valid;
    const stock = valid.stock ?? before?.stock ?? 0;
    const options = [
      ...(size ? [{ name: 'Tamanho', value: size }] : []),
      ...(color ? [{ name: 'Cor', value: color }] : []),
    ];
    return {
      id: before?.id ?? `variant-novo-${Date.now().toString(36)}-${index}`,
      sku,
      size,
      color,
      options,
      priceCents: valid.priceCents,
      compareAtPriceCents: valid.compareAtPriceCents,
      stock,
      available: stock > 0,
      weightGrams: valid.weightGrams,
      lengthCm: valid.lengthCm,
      widthCm: valid.widthCm,
      heightCm: valid.heightCm,
      gtin: valid.gtin,
      lowStockThreshold: valid.lowStockThreshold,
      hasOrders: before?.hasOrders ?? false,
    };
  });
  variants.forEach((variant, index) => {
    const other = catalog.products.find(
      (product) =>
        product.id !== existing?.id &&
        product.variants.some((item) => item.sku.toLowerCase() === variant.sku.toLowerCase()),
    );
    if (other) {
      throw badInput(
        PRODUCT_INPUT_MESSAGES.skuOfAnother(variant.sku, other.name),
        `input.variants.${index}.sku`,
      );
    }
  });
  const images = checked.value.images.map((image, index) => imageOf(catalog, image, index));
  const fiscal = savedFiscal(input, existing);
  const now = new Date().toISOString();
  const prices = variants.map((variant) => variant.priceCents);
  const cheapest = variants.reduce((a, b) => (b.priceCents < a.priceCents ? b : a));
  const saved: ProductFixture = {
    ...(existing ?? makeProduct({ id: `product-novo-${Date.now().toString(36)}`, createdAt: now })),
    slug,
    name,
    description,
    brand,
    category,
    images,
    variants,
    minPriceCents: Math.min(...prices),
    maxPriceCents: Math.max(...prices),
    compareAtPriceCents: cheapest.compareAtPriceCents,
    inStock: variants.some((variant) => variant.stock > 0),
    published: input.published,
    featured: input.featured,
    updatedAt: now,
    version: (existing?.version ?? 0) + 1,
    seoTitle,
    seoDescription,
    ...fiscal,
    totalStock: variants.reduce((sum, variant) => sum + Math.max(0, variant.stock), 0),
    stockLevel: stockLevelOf(variants),
  };
  // A new array: the fixtures given to catalogMock.answers() are shared by every mock world.
  catalog.products = existing
    ? catalog.products.map((product) => (product === existing ? saved : product))
    : [saved, ...catalog.products];
  return saved;
}

/** Products "another person" already changed in this mock world. */
const editedElsewhere = new WeakSet<ProductFixture>();

function anotherPersonSaves(catalog: CatalogFixtures, product: ProductFixture): ProductFixture {
  const changed: ProductFixture = {
    ...product,
    name: `${product.name} (nova coleção)`,
    variants: product.variants.map((variant) => ({
      ...variant,
      priceCents: variant.priceCents + 1000,
    })),
    minPriceCents: product.minPriceCents + 1000,
    maxPriceCents: product.maxPriceCents + 1000,
    version: product.version + 1,
    updatedAt: new Date().toISOString(),
  };
  editedElsewhere.add(changed);
  catalog.products = catalog.products.map((item) => (item === product ? changed : item));
  return changed;
}

function canEditBrand(context: RequestContext, brandId: string): boolean {
  const staff = requireStaff(context);
  if (staff.role === 'SUPPORT') return false;
  return staff.role === 'ADMIN' || staff.brandIds.includes(brandId);
}

export const staffProductEditorResolvers = {
  productSave: (
    args: { id?: string | null; expectedVersion?: number | null; input: ProductSaveInputMock },
    context: RequestContext,
  ) => {
    const staff = requireStaff(context);
    const catalog = context.world.catalog;
    if (staff.role === 'SUPPORT') {
      throw new GraphQLError(PRODUCT_FORBIDDEN_MESSAGE, { extensions: { code: 'FORBIDDEN' } });
    }
    let existing: ProductFixture | null = null;
    if (args.id) {
      existing = catalog.products.find((product) => product.id === args.id) ?? null;
      if (!existing) {
        throw new GraphQLError(PRODUCT_NOT_FOUND_MESSAGE, { extensions: { code: 'NOT_FOUND' } });
      }
      if (!canEditBrand(context, existing.brand.id)) {
        throw new GraphQLError(PRODUCT_FORBIDDEN_MESSAGE, { extensions: { code: 'FORBIDDEN' } });
      }
      if (existing.id === CONCURRENT_EDIT_PRODUCT_ID && !editedElsewhere.has(existing)) {
        existing = anotherPersonSaves(catalog, existing);
      }
      if (args.expectedVersion === null || args.expectedVersion === undefined) {
        throw badInput('Informe a versão carregada do produto.', 'expectedVersion');
      }
      if (args.expectedVersion !== existing.version) {
        throw new GraphQLError(VERSION_CONFLICT_MESSAGE, {
          extensions: { code: 'VERSION_CONFLICT', currentVersion: existing.version },
        });
      }
    }
    if (!canEditBrand(context, args.input.brandId)) {
      throw badInput('Você só pode cadastrar produtos das suas marcas.', 'input.brandId');
    }
    return saveProduct(catalog, existing, args.input);
  },
  productSlugCheck: (
    { slug, exceptProductId }: { slug: string; exceptProductId?: string | null },
    context: RequestContext,
  ) => {
    requireStaff(context);
    const normalised = slugifyName(slug);
    if (normalised === '') throw badInput(PRODUCT_INPUT_MESSAGES.slugCheckEmpty, 'slug');
    const free = freeSlug(context.world.catalog, normalised, exceptProductId);
    return {
      slug: normalised,
      available: free === normalised,
      suggestion: free === normalised ? null : free,
    };
  },
} satisfies RootResolvers;

// ---------------------------------------------------------------------------------------------
// Fixtures for the editor's stories and tests.

function editorImage(id: string, fill: string, alt: string): ImageFixture {
  const url = productArtUrl('tshirt', fill);
  return { id, url, alt, width: 800, height: 1000, srcSet: `${url} 800w` };
}

/** Brands Aurora and Maré, a category tree, a filled product, a simple one and the conflict one. */
export function makeProductEditorCatalog(): CatalogFixtures {
  const aurora = makeBrand({ id: 'brand-aurora', slug: 'aurora', name: 'Aurora' });
  const mare = makeBrand({
    id: 'brand-mare',
    slug: 'mare',
    name: 'Maré',
    color: '#0e7490',
    description: 'Moda praia.',
  });
  const roupas = makeCategory({ id: 'cat-roupas', slug: 'roupas', name: 'Roupas' });
  const camisetas = makeCategory({
    id: 'cat-camisetas',
    slug: 'camisetas',
    name: 'Camisetas',
    parentId: roupas.id,
  });
  const vestidos = makeCategory({
    id: 'cat-vestidos',
    slug: 'vestidos',
    name: 'Vestidos',
    parentId: roupas.id,
  });
  const calcados = makeCategory({ id: 'cat-calcados', slug: 'calcados', name: 'Calçados' });
  roupas.children = [camisetas, vestidos];
  camisetas.path = [roupas, camisetas];
  vestidos.path = [roupas, vestidos];
  roupas.path = [roupas];
  calcados.path = [calcados];
  const variant = (size: string, color: string, extra: Partial<VariantFixture> = {}) =>
    makeVariant({
      id: `variant-cam-${size}-${color}`.toLowerCase(),
      sku: `CAMISETA-BASICA-${size}-${color}`.toUpperCase(),
      size,
      color,
      options: [
        { name: 'Tamanho', value: size },
        { name: 'Cor', value: color },
      ],
      priceCents: 8990,
      compareAtPriceCents: 10990,
      weightGrams: 180,
      lengthCm: 30,
      widthCm: 25,
      heightCm: 3,
      ...extra,
    });
  const filled = makeProduct({
    id: 'product-camiseta',
    slug: 'camiseta-basica',
    name: 'Camiseta básica',
    ncm: '61091000',
    origin: 0,
    description:
      'Camiseta de **algodão orgânico** com caimento reto.\n\n- 100% algodão\n- Gola reforçada\n\n*Lavar à mão.*',
    brand: aurora,
    category: camisetas,
    images: [
      editorImage('img-cam-1', '#f5f5f4', 'Camiseta básica branca, frente'),
      editorImage('img-cam-2', '#1e3a8a', 'Camiseta básica azul'),
      editorImage('img-cam-3', '#b91c1c', 'Camiseta básica vermelha'),
    ],
    variants: [
      variant('P', 'Branco', { stock: 8, gtin: '7891234567895', hasOrders: true }),
      variant('M', 'Branco', { stock: 3, lowStockThreshold: 4 }),
      variant('P', 'Azul', { stock: 0 }),
      variant('M', 'Azul', { stock: 12 }),
    ],
    published: true,
    featured: true,
    version: 7,
    seoTitle: 'Camiseta básica de algodão orgânico | Aurora',
    seoDescription: 'Camiseta de algodão orgânico com caimento reto, em branco e azul.',
  });
  const dress = makeProduct({
    id: 'product-vestido',
    slug: 'vestido-midi',
    name: 'Vestido midi',
    description: 'Vestido midi de viscose.',
    brand: mare,
    category: vestidos,
    variants: [
      makeVariant({
        id: 'variant-vestido-u',
        sku: 'VESTIDO-MIDI-U',
        size: 'Único',
        color: null,
        options: [{ name: 'Tamanho', value: 'Único' }],
        priceCents: 19990,
      }),
    ],
    version: 2,
  });
  const conflict = makeProduct({
    id: CONCURRENT_EDIT_PRODUCT_ID,
    slug: 'bone-aba-curva',
    name: 'Boné aba curva',
    description: 'Boné de sarja com ajuste traseiro.',
    brand: aurora,
    category: roupas,
    variants: [
      makeVariant({
        id: 'variant-bone-u',
        sku: 'BONE-ABA-CURVA',
        size: null,
        color: 'Preto',
        options: [{ name: 'Cor', value: 'Preto' }],
        priceCents: 5990,
        weightGrams: 120,
        lengthCm: 20,
        widthCm: 18,
        heightCm: 12,
      }),
    ],
    version: 3,
  });
  return {
    brands: [aurora, mare],
    categories: [roupas, calcados],
    products: [filled, dress, conflict],
  };
}
