// Demo data for an empty catalog: brands with logos, the category tree, ~95 products with variants
// and locally drawn images. Deterministic (seeded PRNG); `products` above that count adds bulk
// products without new images (the benchmark's 10,000).
import { randomUUID } from 'node:crypto';
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database, Executor } from '../../db';
import { compactFacetCounts, foldFacetCounts } from './catalog.facets.fold.repository';
import { foldText } from './catalog.listing';
import { slugify } from './catalog.validation';
import type { ImageSource } from './catalog.tables';
import {
  catalogIsEmpty,
  insertBrandRows,
  insertCategoryRows,
  insertImageRows,
  insertProductRows,
  insertStockMovementRows,
  insertVariantRows,
  lockSeed,
  vacuumAnalyze,
} from './seed.repository';
import {
  BULK_QUALIFIERS,
  CLOTHING_SIZES,
  COLOR_HEX,
  SEED_BRANDS,
  SEED_CATEGORIES,
  SEED_LINES,
  type SeedLine,
} from './seed.data';
import { loadSharp } from '../../lib/lazy-modules';
import { brandLogo, productIllustration } from './seed.illustrations';

export interface SeedLog {
  info(message: string): void;
}

/**
 * Where the seed writes its images and logos: the server's media storage (local disk or S3; a
 * MediaStorage of modules/media/storage.ts fits, which catalog may not import: media imports
 * catalog), or a folder (folderMedia).
 */
export interface SeedMedia {
  exists(name: string): Promise<boolean>;
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
}

/** Files in a folder, each written through a temporary file and a rename. */
export function folderMedia(dir: string): SeedMedia {
  return {
    exists: (name) =>
      access(path.join(dir, name)).then(
        () => true,
        () => false,
      ),
    async put(name, bytes) {
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, name);
      const temporary = `${file}.${randomUUID()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    },
  };
}

export interface SeedOptions {
  /** Total number of products (default: the ~95 demo products; more adds bulk products). */
  products?: number;
  /** Where images and logos are written (the server passes its media storage). */
  media?: SeedMedia;
  /** Without `media`: the folder they are written to (default MEDIA_DIR or ./data/media). */
  mediaDir?: string;
  /** false skips drawing images (rows still point at the files that would exist). */
  images?: boolean;
}

export interface SeedSummary {
  seeded: boolean;
  brands: number;
  categories: number;
  products: number;
  variants: number;
  images: number;
  ms: number;
}

/** Smallest widths that still look sharp on a product card and on a phone's product page. */
const SEED_IMAGE_WIDTHS = [320, 640];
const IMAGES_PER_PRODUCT = 3;
const RENDER_CONCURRENCY = 4;
const BULK_CHUNK = 1000;
// Arbitrary constant: two instances starting on one empty database seed it once.
const SEED_LOCK_KEY = 7_413_029_002;

/** The prices at the ends of the demo range, so the storefront shows both. */
const FIXED_PRICES: Record<string, number> = {
  'Caneca Esmaltada': 1990,
  'Relógio Automático Safira': 199900,
};

/** mulberry32: small, fast and good enough for demo data. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    shuffle: <T>(items: readonly T[]): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
  };
}

type Random = ReturnType<typeof createRandom>;

/** R$ 49,90-style prices: whole reais minus ten centavos. */
function retailPrice(cents: number): number {
  return Math.max(1990, Math.round(cents / 1000) * 1000 - 10);
}

function colorCode(color: string): string {
  const [first = '', second = ''] = foldText(color)
    .toUpperCase()
    .split(/[^A-Z]+/);
  return (first.slice(0, 3) + second.slice(0, 1)).replace(/[^A-Z]/g, '') || 'X';
}

interface VariantPlan {
  sku: string;
  size: string | null;
  color: string;
  priceCents: number;
  compareAtPriceCents: number | null;
  stock: number;
  weightGrams: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

export interface ProductPlan {
  slug: string;
  name: string;
  description: string;
  brandSlug: string;
  categorySlug: string;
  published: boolean;
  /** In the home's "Destaques". */
  featured: boolean;
  createdAt: Date;
  line: SeedLine;
  variants: VariantPlan[];
}

function sizesFor(line: SeedLine, random: Random): (string | null)[] {
  if (line.sizes === 'clothing') {
    const count = random.int(3, CLOTHING_SIZES.length);
    const start = random.int(0, CLOTHING_SIZES.length - count);
    return CLOTHING_SIZES.slice(start, start + count);
  }
  if (line.sizes === 'shoes') {
    const [low, high] = line.shoeRange ?? [34, 44];
    const count = random.int(4, Math.min(7, high - low + 1));
    const start = random.int(low, high - count + 1);
    return Array.from({ length: count }, (_, i) => String(start + i));
  }
  return [null];
}

function describe(name: string, brandName: string, line: SeedLine, random: Random): string {
  const material = random.pick(line.material);
  const pitch = random.shuffle(line.pitch).slice(0, 2).join(' ');
  return `${name} da ${brandName}, em ${material}. ${pitch} ${line.care}`;
}

interface PlanFlags {
  onSale: boolean;
  soldOut: boolean;
  unpublished: boolean;
}

function planVariants(
  line: SeedLine,
  brandCode: string,
  number: number,
  basePrice: number,
  flags: PlanFlags,
  random: Random,
): VariantPlan[] {
  const sizes = sizesFor(line, random);
  const colorCount = line.sizes === 'none' ? random.int(1, 3) : random.int(1, 2);
  const colors = random.shuffle(line.colors).slice(0, colorCount);
  const compareAt = flags.onSale ? retailPrice(basePrice * (1.2 + random.next() * 0.35)) : null;
  const [length, width, height] = line.box;
  const weight = random.int(line.weightGrams[0], line.weightGrams[1]);
  const plans: VariantPlan[] = [];
  for (const color of colors) {
    for (const size of sizes) {
      plans.push({
        sku: `${brandCode}-${String(number).padStart(5, '0')}-${size ?? 'U'}-${colorCode(color)}`,
        size,
        color,
        priceCents: basePrice,
        compareAtPriceCents: compareAt !== null && compareAt > basePrice ? compareAt : null,
        // Sold-out products have no stock at all; others miss a size here and there.
        stock: flags.soldOut ? 0 : random.next() < 0.12 ? 0 : random.int(1, 40),
        weightGrams: weight,
        lengthCm: length,
        widthCm: width,
        heightCm: height,
      });
    }
  }
  if (!flags.soldOut && plans.every((plan) => plan.stock === 0)) plans[0]!.stock = 5;
  return plans;
}

/** The demo products, always the same ones in the same order. */
export function planDemoProducts(now: number = Date.now()): ProductPlan[] {
  const random = createRandom(20_260_101);
  const entries = SEED_LINES.flatMap((line) => line.names.map((name) => ({ line, name })));
  // Exact shares: 20% on sale, 10% sold out, 5% unpublished, spread over the catalog.
  const order = random.shuffle(entries.map((_, index) => index));
  const share = (from: number, fraction: number) =>
    new Set(order.slice(from, from + Math.round(entries.length * fraction)));
  const onSale = share(0, 0.2);
  const soldOut = share(Math.round(entries.length * 0.2), 0.1);
  const unpublished = share(Math.round(entries.length * 0.3), 0.05);
  const brandOf = (index: number) => {
    const { line } = entries[index]!;
    return line.brands[index % line.brands.length]!;
  };
  // One featured product per brand, from the end of the shuffle: published and never sold out.
  const featured = new Set<number>();
  const featuredBrands = new Set<string>();
  for (const index of [...order].reverse()) {
    if (featuredBrands.has(brandOf(index))) continue;
    featuredBrands.add(brandOf(index));
    featured.add(index);
  }
  return entries.map(({ line, name }, index) => {
    const brandSlug = brandOf(index);
    const brand = SEED_BRANDS.find((candidate) => candidate.slug === brandSlug)!;
    const price = FIXED_PRICES[name] ?? retailPrice(random.int(line.price[0], line.price[1]));
    const flags = {
      onSale: onSale.has(index),
      soldOut: soldOut.has(index),
      unpublished: unpublished.has(index),
    };
    return {
      slug: slugify(name),
      name,
      description: describe(name, brand.name, line, random),
      brandSlug,
      categorySlug: line.category,
      published: !flags.unpublished,
      featured: featured.has(index),
      // Newest first in the listing follows the template order, spread over ~4 weeks.
      createdAt: new Date(now - index * 7 * 3_600_000 - random.int(0, 3_000_000)),
      line,
      variants: planVariants(line, brand.code, index + 1, price, flags, random),
    };
  });
}

function imageId(slug: string, view: number) {
  return `seed-${slug}-${view}`;
}

function seedSources(slug: string, view: number): ImageSource[] {
  return SEED_IMAGE_WIDTHS.map((width) => ({
    width,
    path: `${imageId(slug, view)}-${width}.webp`,
  }));
}

async function runLimited(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next]!;
      next += 1;
      await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

/**
 * Rasterises the SVG once at the largest width and encodes every width from those pixels
 * (encoding dominates the cost; low effort keeps a first start short on small machines).
 */
async function renderWebp(media: SeedMedia, svg: string, sources: ImageSource[]): Promise<void> {
  const largest = Math.max(...sources.map((source) => source.width));
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(svg))
    .resize({ width: largest })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  for (const source of sources) {
    const webp = await sharp(data, { raw })
      .resize({ width: source.width })
      .webp({ quality: 78, effort: 2 })
      .toBuffer();
    await media.put(source.path, webp, 'image/webp');
  }
}

/** Draws the images that are not stored yet (a restart over existing media is quick). */
export async function drawDemoImages(
  target: SeedMedia | string,
  plans: ProductPlan[],
): Promise<number> {
  const media = typeof target === 'string' ? folderMedia(target) : target;
  const tasks: (() => Promise<void>)[] = [];
  let drawn = 0;
  for (const plan of plans) {
    const brand = SEED_BRANDS.find((candidate) => candidate.slug === plan.brandSlug)!;
    const colors = [...new Set(plan.variants.map((variant) => variant.color))];
    for (let view = 0; view < IMAGES_PER_PRODUCT; view += 1) {
      tasks.push(async () => {
        const sources = seedSources(plan.slug, view);
        const present = await Promise.all(sources.map((source) => media.exists(source.path)));
        if (present.every(Boolean)) return;
        const color = colors[view % colors.length] ?? 'Branco';
        const svg = productIllustration({
          width: Math.max(...SEED_IMAGE_WIDTHS),
          productName: plan.name,
          brandName: brand.name,
          brandColor: brand.color,
          fill: COLOR_HEX[color] ?? '#dddddd',
          shape: plan.line.shape,
          view,
        });
        await renderWebp(media, svg, sources);
        drawn += 1;
      });
    }
  }
  await runLimited(tasks, RENDER_CONCURRENCY);
  return drawn;
}

async function insertCategories(tx: Executor): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const top = await insertCategoryRows(
    tx,
    SEED_CATEGORIES.map((category, position) => ({ ...category, position })),
  );
  for (const row of top) ids.set(row.slug, row.id);
  const children = SEED_CATEGORIES.flatMap((parent) =>
    (parent.children ?? []).map((child, position) => ({
      slug: child.slug,
      name: child.name,
      position,
      parentId: ids.get(parent.slug)!,
    })),
  );
  const rows = await insertCategoryRows(tx, children);
  for (const row of rows) ids.set(row.slug, row.id);
  return ids;
}

async function insertPlans(
  tx: Executor,
  plans: ProductPlan[],
  brandIds: Map<string, string>,
  categoryIds: Map<string, string>,
  imagesOf: (plan: ProductPlan, index: number) => { sources: ImageSource[]; alt: string }[],
  ledger: boolean,
): Promise<{ variants: number; images: number }> {
  const inserted = await insertProductRows(
    tx,
    plans.map((plan) => ({
      slug: plan.slug,
      name: plan.name,
      description: plan.description,
      brandId: brandIds.get(plan.brandSlug)!,
      categoryId: categoryIds.get(plan.categorySlug)!,
      published: plan.published,
      featured: plan.featured,
      createdAt: plan.createdAt,
      updatedAt: plan.createdAt,
    })),
  );
  const productIds = new Map(inserted.map((row) => [row.slug, row.id]));
  const variantRows = plans.flatMap((plan) =>
    plan.variants.map((variant, position) => ({
      ...variant,
      position,
      productId: productIds.get(plan.slug)!,
    })),
  );
  const createdVariants = await insertVariantRows(tx, variantRows);
  if (ledger) {
    const initial = createdVariants.filter((row) => row.stock > 0);
    if (initial.length > 0) {
      await insertStockMovementRows(
        tx,
        initial.map((row) => ({
          variantId: row.id,
          delta: row.stock,
          reason: 'Estoque inicial',
          kind: 'INITIAL',
          stockAfter: row.stock,
        })),
      );
    }
  }
  const imageRows = plans.flatMap((plan, index) =>
    imagesOf(plan, index).map((image, position) => ({
      productId: productIds.get(plan.slug)!,
      position,
      alt: image.alt,
      width: 640,
      height: 800,
      sources: image.sources,
    })),
  );
  if (imageRows.length > 0) await insertImageRows(tx, imageRows);
  return { variants: variantRows.length, images: imageRows.length };
}

/** Extra products for load tests: the demo lines with qualifiers, sharing the demo images. */
function planBulkProducts(count: number, demo: ProductPlan[], now: number): ProductPlan[] {
  const random = createRandom(424_242);
  const plans: ProductPlan[] = [];
  for (let index = 0; index < count; index += 1) {
    const template = demo[index % demo.length]!;
    const brand = SEED_BRANDS.find((candidate) => candidate.slug === template.brandSlug)!;
    const qualifier = BULK_QUALIFIERS[Math.floor(index / demo.length) % BULK_QUALIFIERS.length]!;
    const number = demo.length + index + 1;
    const name = `${template.name} ${qualifier}`;
    const price = retailPrice(random.int(template.line.price[0], template.line.price[1]));
    const flags = {
      onSale: random.next() < 0.2,
      soldOut: random.next() < 0.1,
      unpublished: random.next() < 0.05,
    };
    plans.push({
      ...template,
      slug: `${slugify(name)}-${number}`,
      name,
      description: describe(name, brand.name, template.line, random),
      published: !flags.unpublished,
      featured: false,
      createdAt: new Date(now - (demo.length + index) * 600_000),
      variants: planVariants(template.line, brand.code, number, price, flags, random).slice(0, 4),
    });
  }
  return plans;
}

export async function seedDemoData(
  db: Database,
  log: SeedLog,
  opts: SeedOptions = {},
): Promise<SeedSummary> {
  const started = Date.now();
  const skipped = { seeded: false, brands: 0, categories: 0, products: 0, variants: 0, images: 0 };
  if (!(await catalogIsEmpty(db))) {
    log.info('Catálogo já tem dados: dados de demonstração não foram criados.');
    return { ...skipped, ms: Date.now() - started };
  }
  const media =
    opts.media ??
    folderMedia(path.resolve(opts.mediaDir ?? process.env.MEDIA_DIR ?? './data/media'));
  const now = Date.now();
  const demo = planDemoProducts(now);
  const total = Math.max(opts.products ?? demo.length, 0);
  const demoPlans = demo.slice(0, total);
  const bulkPlans = planBulkProducts(Math.max(total - demo.length, 0), demo, now);

  if (opts.images !== false) {
    await Promise.all(
      SEED_BRANDS.map(async (brand) => {
        const name = `brand-${brand.slug}.svg`;
        if (await media.exists(name)) return;
        await media.put(name, Buffer.from(brandLogo(brand.name, brand.color)), 'image/svg+xml');
      }),
    );
    const drawn = await drawDemoImages(media, demoPlans);
    log.info(`Imagens de demonstração: ${drawn} desenhadas em ${Date.now() - started} ms.`);
  }

  const counts = await db.transaction(async (tx) => {
    await lockSeed(tx, SEED_LOCK_KEY);
    // Another instance may have seeded while this one was drawing.
    if (!(await catalogIsEmpty(tx))) return null;
    const brandRows = await insertBrandRows(
      tx,
      SEED_BRANDS.map((brand) => ({
        slug: brand.slug,
        name: brand.name,
        color: brand.color,
        description: brand.description,
        logoUrl: `/media/brand-${brand.slug}.svg`,
        seoTitle: `Coleção ${brand.name}`,
        seoDescription: brand.seoDescription,
      })),
    );
    const brandIds = new Map(brandRows.map((row) => [row.slug, row.id]));
    const categoryIds = await insertCategories(tx);
    const demoCounts = await insertPlans(
      tx,
      demoPlans,
      brandIds,
      categoryIds,
      (plan) =>
        Array.from({ length: IMAGES_PER_PRODUCT }, (_, view) => ({
          sources: seedSources(plan.slug, view),
          alt: view === 0 ? plan.name : `${plan.name}, ${view === 1 ? 'outro ângulo' : 'detalhe'}`,
        })),
      true,
    );
    let variantCount = demoCounts.variants;
    let imageCount = demoCounts.images;
    for (let from = 0; from < bulkPlans.length; from += BULK_CHUNK) {
      const chunk = bulkPlans.slice(from, from + BULK_CHUNK);
      // Bulk products reuse their template's first image (the files already exist).
      const bulk = await insertPlans(
        tx,
        chunk,
        brandIds,
        categoryIds,
        (plan, index) => [
          {
            sources: seedSources(demo[(from + index) % demo.length]!.slug, 0),
            alt: plan.name,
          },
        ],
        false,
      );
      variantCount += bulk.variants;
      imageCount += bulk.images;
    }
    return {
      brands: brandRows.length,
      categories: categoryIds.size,
      products: demoPlans.length + bulkPlans.length,
      variants: variantCount,
      images: imageCount,
    };
  });
  // Fresh planner statistics after a bulk load (autovacuum would get there, later).
  if (counts && bulkPlans.length > 0) {
    for (const table of ['products', 'variants', 'images'] as const) {
      await vacuumAnalyze(db, table);
    }
  }
  if (!counts) {
    log.info('Outra instância criou os dados de demonstração.');
    return { ...skipped, ms: Date.now() - started };
  }
  // The load appended the facet counts' deltas statement by statement: their sums, now, in a
  // table the size of what it holds.
  await foldFacetCounts(db);
  if ((await compactFacetCounts(db)) === 'not-owner') {
    log.info('Contagens de filtros não compactadas: o papel do banco não é dono da tabela.');
  }
  const ms = Date.now() - started;
  log.info(
    `Dados de demonstração criados em ${ms} ms: ${counts.brands} marcas, ${counts.categories} categorias, ${counts.products} produtos, ${counts.variants} variantes, ${counts.images} imagens.`,
  );
  return { seeded: true, ...counts, ms };
}
