// The comparison of an import's rows with the catalog, a batch at a time: a file read at once is
// one batch, a streamed file (products.csv-stream.ts) many. What spans the file stays in the
// previewer between batches (a SKU or GTIN seen on an earlier line, the first line of each
// product, the sizes and colours taken in each product); the catalog is looked up per batch, for
// that batch's keys only. The comparison is sliced work (lib/slices).
import { formatBRL, normalizeGtin, slugifyName, VARIANT_MESSAGES } from '@vitrine/rules';
import type { Executor } from '../../db';
import { nextTurn, type SliceProgress } from '../../lib/slices';
import { storeTaxRegime } from '../catalog/catalog.fiscal';
import {
  asCell,
  describeChange,
  keepCatalogValues,
  productChanges,
  productFieldChanges,
  variantFieldChanges,
  type FieldChange,
} from './imports.changes';
import { fiscalRefusal } from './imports.fiscal';
import {
  categoryPaths,
  inScope,
  isClearMarker,
  Lookup,
  optionKey,
  OUT_OF_SCOPE_MESSAGE,
  PREVIEW_SLICE_ROWS,
  readRow,
  refuse,
  resolveBlanks,
  RowRefusal,
  withoutStop,
  type ImportScope,
  type RowData,
} from './imports.preview';
import {
  allBrands,
  allCategories,
  productsBySlugs,
  variantsByGtins,
  variantsBySkus,
  variantsOfProducts,
  type CatalogProduct,
  type CatalogVariant,
  type ImportRowValues,
  type ProductFields,
} from './imports.repository';
import type { ProductCsvRow } from './products.csv';

export interface PreviewCounts {
  createCount: number;
  updateCount: number;
  unchangedCount: number;
  refusedCount: number;
}

export interface PreviewResult {
  rows: ImportRowValues[];
  counts: PreviewCounts;
}

export const emptyCounts = (): PreviewCounts => ({
  createCount: 0,
  updateCount: 0,
  unchangedCount: 0,
  refusedCount: 0,
});

/** The catalog as one batch's rows need it. */
interface BatchCatalog {
  variantBySku: Map<string, CatalogVariant>;
  productBySlug: Map<string, CatalogProduct>;
  gtinOwner: Map<string, string>;
}

type Pause = (phase: string, done: number) => Promise<void>;

interface Names {
  brandSlug(id: string): string | undefined;
  categorySlug(id: string): string | undefined;
  brandName(id: string): string;
  categoryName(id: string): string;
}

export class ImportPreviewer {
  private readonly skuLines = new Map<string, number>();
  private readonly gtinLines = new Map<string, number>();
  /** The product fields the first readable row of each slug gives. */
  private readonly firstOfSlug = new Map<string, { line: number; product: ProductFields }>();
  private readonly slugChangeReported = new Set<string>();
  /** The options (size and colour) taken in each product: its variants, then the file's rows. */
  private readonly options = new Map<string, Map<string, string>>();
  /** The products whose catalog variants are in `options` already. */
  private readonly optionsLoaded = new Set<string>();

  private constructor(
    private readonly db: Executor,
    private readonly scope: ImportScope,
    private readonly lookup: Lookup,
    private readonly regime: Awaited<ReturnType<typeof storeTaxRegime>>,
    private readonly names: Names,
  ) {}

  /** A previewer for one file, with the brands, categories and tax regime as they are now. */
  static async open(db: Executor, scope: ImportScope): Promise<ImportPreviewer> {
    const brands = await allBrands(db);
    const categories = await allCategories(db);
    const regime = await storeTaxRegime(db);
    const brandSlugs = new Map(brands.map((brand) => [brand.id, brand.slug]));
    const categorySlugs = new Map(categories.map((category) => [category.id, category.slug]));
    const brandNames = new Map(brands.map((brand) => [brand.id, brand.name]));
    const categoryNames = categoryPaths(categories);
    return new ImportPreviewer(db, scope, new Lookup(brands, categories), regime, {
      brandSlug: (id) => brandSlugs.get(id),
      categorySlug: (id) => categorySlugs.get(id),
      brandName: (id) => brandNames.get(id) ?? id,
      categoryName: (id) => categoryNames.get(id) ?? id,
    });
  }

  /**
   * The next batch of rows compared with the catalog as it is now, PREVIEW_SLICE_ROWS rows per
   * turn of the event loop (`onSlice` sees each slice's progress); the counts are the batch's.
   */
  async preview(
    csvRows: readonly ProductCsvRow[],
    { onSlice }: { onSlice?: (progress: SliceProgress) => void } = {},
  ): Promise<PreviewResult> {
    const pause: Pause = async (phase, done) => {
      onSlice?.({ phase, done });
      await nextTurn();
    };
    const catalog = await this.catalogOf(csvRows, pause);
    const rows: ImportRowValues[] = [];
    const counts = emptyCounts();
    for (let index = 0; index < csvRows.length; index += 1) {
      if (index > 0 && index % PREVIEW_SLICE_ROWS === 0) await pause('compare', index);
      const row = this.compare(csvRows[index]!, catalog);
      if (row.outcome === 'CREATE') counts.createCount += 1;
      else if (row.outcome === 'UPDATE') counts.updateCount += 1;
      else if (row.outcome === 'UNCHANGED') counts.unchangedCount += 1;
      else counts.refusedCount += 1;
      rows.push(row);
    }
    return { rows, counts };
  }

  /** The variants, GTINs and products the rows name, and the options of products new to us. */
  private async catalogOf(csvRows: readonly ProductCsvRow[], pause: Pause): Promise<BatchCatalog> {
    const skuSet = new Set<string>();
    const slugSet = new Set<string>();
    const gtinSet = new Set<string>();
    for (let index = 0; index < csvRows.length; index += 1) {
      if (index > 0 && index % (PREVIEW_SLICE_ROWS * 10) === 0) await pause('keys', index);
      const { values, refusal } = csvRows[index]!;
      if (refusal !== undefined) continue;
      const sku = (values.sku ?? '').trim();
      const slug = (values.slug ?? '').trim() || slugifyName(values.name ?? '');
      const gtin = normalizeGtin(values.gtin ?? '');
      if (sku) skuSet.add(sku);
      if (slug) slugSet.add(slug);
      if (gtin) gtinSet.add(gtin);
    }
    const existingVariants = await variantsBySkus(this.db, [...skuSet]);
    const gtinOwners = await variantsByGtins(this.db, [...gtinSet]);
    // An update row with a blank Identificador URL is its SKU's product's.
    for (const variant of existingVariants) slugSet.add(variant.productSlug);
    const existingProducts = await productsBySlugs(this.db, [...slugSet]);
    const unloaded = existingProducts.filter((product) => !this.optionsLoaded.has(product.slug));
    const taken = await variantsOfProducts(
      this.db,
      unloaded.map((product) => product.id),
    );
    for (const product of unloaded) this.optionsLoaded.add(product.slug);
    for (let index = 0; index < taken.length; index += 1) {
      if (index > 0 && index % (PREVIEW_SLICE_ROWS * 10) === 0) await pause('options', index);
      const variant = taken[index]!;
      this.optionsOf(variant.productSlug).set(optionKey(variant), variant.sku);
    }
    return {
      variantBySku: new Map(existingVariants.map((variant) => [variant.sku, variant])),
      productBySlug: new Map(existingProducts.map((product) => [product.slug, product])),
      gtinOwner: new Map(gtinOwners.map((row) => [row.gtin, row.sku])),
    };
  }

  private optionsOf(slug: string): Map<string, string> {
    let options = this.options.get(slug);
    if (!options) {
      options = new Map();
      this.options.set(slug, options);
    }
    return options;
  }

  /** One row's outcome, or its refusal. */
  private compare(csvRow: ProductCsvRow, catalog: BatchCatalog): ImportRowValues {
    const sku = (csvRow.values.sku ?? '').trim() || null;
    let productSlug = (csvRow.values.slug ?? '').trim() || null;
    try {
      if (csvRow.refusal !== undefined) refuse(csvRow.refusal);
      const { data, taxSituationGiven } = this.read(csvRow, catalog);
      productSlug = data.product.slug;
      const fiscalProblem = fiscalRefusal(data.product, taxSituationGiven, this.regime);
      if (fiscalProblem) refuse(fiscalProblem);
      this.check(csvRow.line, data, catalog);
      return this.outcome(csvRow.line, data, catalog);
    } catch (error) {
      if (!(error instanceof RowRefusal)) throw error;
      return {
        line: csvRow.line,
        sku: sku?.slice(0, 64) ?? null,
        productSlug: productSlug?.slice(0, 80) ?? null,
        outcome: 'REFUSED',
        message: error.message,
        changes: null,
        data: null,
      };
    }
  }

  /** The row's values, blanks resolved against the catalog and its text kept where it reads so. */
  private read(
    csvRow: ProductCsvRow,
    { variantBySku, productBySlug }: BatchCatalog,
  ): { data: RowData; taxSituationGiven: boolean } {
    const sku = (csvRow.values.sku ?? '').trim() || null;
    const existingVariant = sku ? (variantBySku.get(sku) ?? null) : null;
    const slugCell = asCell(csvRow.values.slug ?? '');
    const existingSlug =
      slugCell !== '' && !isClearMarker(slugCell)
        ? slugCell
        : (existingVariant?.productSlug ?? slugifyName(asCell(csvRow.values.name ?? '')));
    const values = resolveBlanks(csvRow.values, {
      product: productBySlug.get(existingSlug) ?? null,
      variant: existingVariant,
      brandSlug: this.names.brandSlug,
      categorySlug: this.names.categorySlug,
    });
    const read = readRow(values, this.lookup);
    const data = keepCatalogValues(
      read,
      values,
      productBySlug.get(read.product.slug) ?? null,
      variantBySku.get(read.variant.sku) ?? null,
    );
    return { data, taxSituationGiven: 'taxSituation' in values };
  }

  /** The rules that span the file and the catalog; throws the first broken one. */
  private check(line: number, data: RowData, catalog: BatchCatalog): void {
    const compareAt = data.variant.compareAtPriceCents;
    if (compareAt !== null && compareAt <= data.variant.priceCents) {
      refuse(
        withoutStop(VARIANT_MESSAGES.compareAtNotAbove).replace(
          'O preço "de"',
          `O preço "de" (${formatBRL(compareAt)})`,
        ),
      );
    }
    const skuKey = data.variant.sku.toUpperCase();
    const earlierSku = this.skuLines.get(skuKey);
    if (earlierSku !== undefined) {
      refuse(`O SKU ${data.variant.sku} aparece mais de uma vez no arquivo (linha ${earlierSku})`);
    }
    this.skuLines.set(skuKey, line);
    if (!inScope(this.scope, data.product.brandId)) refuse(OUT_OF_SCOPE_MESSAGE);
    const first = this.firstOfSlug.get(data.product.slug);
    if (first) {
      const differ = productChanges(first.product, data.product);
      if (differ.length > 0) {
        refuse(
          `Os dados do produto ${data.product.slug} diferem da linha ${first.line} (${differ.join(', ')})`,
        );
      }
    } else {
      this.firstOfSlug.set(data.product.slug, { line, product: data.product });
    }
    const product = catalog.productBySlug.get(data.product.slug) ?? null;
    if (product && !inScope(this.scope, product.brandId)) refuse(OUT_OF_SCOPE_MESSAGE);
    const variant = catalog.variantBySku.get(data.variant.sku) ?? null;
    if (variant && variant.productSlug !== data.product.slug) {
      refuse(`O SKU ${data.variant.sku} pertence ao produto ${variant.productSlug}`);
    }
    if (data.variant.gtin) {
      const owner = catalog.gtinOwner.get(data.variant.gtin);
      if (owner !== undefined && owner !== data.variant.sku) {
        refuse(`O GTIN ${data.variant.gtin} já é do SKU ${owner}`);
      }
      const earlierGtin = this.gtinLines.get(data.variant.gtin);
      if (earlierGtin !== undefined) {
        refuse(
          `O GTIN ${data.variant.gtin} aparece mais de uma vez no arquivo (linha ${earlierGtin})`,
        );
      }
      this.gtinLines.set(data.variant.gtin, line);
    }
    const slugOptions = this.optionsOf(data.product.slug);
    const option = optionKey(data.variant);
    const optionOwner = slugOptions.get(option);
    if (optionOwner !== undefined && optionOwner !== data.variant.sku) {
      refuse(`O produto já tem uma variante com este tamanho e cor (SKU ${optionOwner})`);
    }
    if (variant) slugOptions.delete(optionKey(variant));
    slugOptions.set(option, data.variant.sku);
  }

  /** CREATE, UPDATE or UNCHANGED, with the changes a person reads. */
  private outcome(line: number, data: RowData, catalog: BatchCatalog): ImportRowValues {
    const product = catalog.productBySlug.get(data.product.slug) ?? null;
    const variant = catalog.variantBySku.get(data.variant.sku) ?? null;
    const changes: FieldChange[] = [];
    if (product && !this.slugChangeReported.has(data.product.slug)) {
      changes.push(
        ...productFieldChanges(product, data.product, {
          brand: this.names.brandName,
          category: this.names.categoryName,
        }),
      );
    }
    this.slugChangeReported.add(data.product.slug);
    let outcome: ImportRowValues['outcome'];
    let message: string | null;
    if (!variant) {
      outcome = 'CREATE';
      message = product
        ? ['Nova variante', ...changes.map(describeChange)].join('; ')
        : 'Novo produto e variante';
    } else {
      changes.push(...variantFieldChanges(variant, data.variant));
      outcome = changes.length > 0 ? 'UPDATE' : 'UNCHANGED';
      message = changes.length > 0 ? changes.map(describeChange).join('; ') : null;
    }
    return {
      line,
      sku: data.variant.sku,
      productSlug: data.product.slug,
      outcome,
      message,
      changes: changes.length > 0 ? changes : null,
      data: outcome === 'UNCHANGED' ? null : data,
    };
  }
}

/** Every row of a file read at once, compared in one batch. */
export async function previewRows(
  db: Executor,
  scope: ImportScope,
  csvRows: readonly ProductCsvRow[],
  options: { onSlice?: (progress: SliceProgress) => void } = {},
): Promise<PreviewResult> {
  const previewer = await ImportPreviewer.open(db, scope);
  return previewer.preview(csvRows, options);
}
