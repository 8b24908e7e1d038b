// Product CSV imports: the preview (read, checked and compared with the catalog inside the
// request), the apply (in the background, in batches: each batch's rows with their product
// changes and the import's progress in one transaction, so an interrupted import resumes at the
// first row not applied), discard, and the staff's lists.
import type { Database, Executor } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';
import { badUserInput, forbidden, notFound } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { runInSlices, type SlicedWork, type SliceProgress } from '../../lib/slices';
import { auditActorOfStaff, recordAudit, type AuditOrigin } from '../audit/audit';
import { recordCatalogChange } from '../catalog/catalog.history';
import {
  bumpProductVersions,
  insertProducts,
  insertVariants,
  updateProducts,
  recordStockMovements,
  updateVariants,
  type StockMovement,
  type VariantUpdate,
} from '../catalog/catalog.writer.repository';
import {
  advanceImportProgress,
  claimApplyingImport,
  findImport,
  finishImport,
  importRows,
  insertImport,
  lockProductsBySlugs,
  lockVariantsBySkus,
  type CatalogProduct,
  type PendingRow,
  insertImportRows,
  listImports,
  lockImportProgress,
  lockProductBySlug,
  lockVariantBySku,
  pendingRows,
  productsOfImport,
  refuseRowAtApply,
  setImportCounts,
  transitionImport,
  type ImportRowRecord,
  type ProductImportRecord,
  type RowOutcome,
} from './imports.repository';
import { inScope, OUT_OF_SCOPE_MESSAGE, type ImportScope, type RowData } from './imports.preview';
import { previewRows } from './imports.previewer';
import { productChanges, variantFieldChanges } from './imports.changes';
import { MAX_IMPORT_BYTES, ProductCsvError, readProductCsv } from './products.csv';

export const IMPORT_ROLES = ['ADMIN', 'BRAND_MANAGER'] as const;
export const IMPORT_NOT_FOUND_MESSAGE = 'Importação não encontrada.';
const FILE_NAME_MAX = 200;
/** Rows per transaction of the apply (500: ~30 % faster than 100 on PostgreSQL, see docs/benchmarks.md). */
export const APPLY_BATCH_SIZE = 500;
/** How long a process holds an import it applies without renewing (each batch renews it). */
export const APPLY_LEASE_SECONDS = 15;

export function cleanFileName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name === '') throw badUserInput('Informe o nome do arquivo.', 'input.fileName');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) {
    throw badUserInput('O nome do arquivo tem caracteres de controle.', 'input.fileName');
  }
  if (name.length > FILE_NAME_MAX) {
    throw badUserInput(
      `O nome do arquivo pode ter no máximo ${FILE_NAME_MAX} caracteres.`,
      'input.fileName',
    );
  }
  return name;
}

/** Characters of base64 checked, then decoded, per slice of work (a multiple of 4). */
export const BASE64_SLICE_CHARS = 512 * 1024;

/** The file's bytes from its base64 (whitespace ignored), in slices. */
export function* decodeBase64Slices(value: unknown): SlicedWork<Uint8Array> {
  const raw = typeof value === 'string' ? value : '';
  const maxLength = Math.ceil((MAX_IMPORT_BYTES * 4) / 3) + 4;
  const tooLarge = () => badUserInput('O arquivo pode ter no máximo 5 MB.', 'input.contentBase64');
  const notBase64 = () =>
    badUserInput('O conteúdo do arquivo não está em base64.', 'input.contentBase64');
  const parts: string[] = [];
  let length = 0;
  for (let start = 0; start < raw.length; start += BASE64_SLICE_CHARS) {
    if (start > 0) yield { phase: 'base64', done: start };
    const part = raw.slice(start, start + BASE64_SLICE_CHARS).replace(/\s/g, '');
    if (!/^[A-Za-z0-9+/=]*$/.test(part)) throw notBase64();
    length += part.length;
    if (length > maxLength) throw tooLarge();
    parts.push(part);
  }
  const text = parts.join('');
  const padding = text.indexOf('=');
  if ((padding !== -1 && !/^={1,2}$/.test(text.slice(padding))) || text.length % 4 === 1) {
    throw notBase64();
  }
  const chunks: Buffer[] = [];
  for (let start = 0; start < text.length; start += BASE64_SLICE_CHARS) {
    if (start > 0) yield { phase: 'base64', done: raw.length + start };
    chunks.push(Buffer.from(text.slice(start, start + BASE64_SLICE_CHARS), 'base64'));
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * Reads the CSV, compares it with the catalog and stores the preview (READY), or a FAILED import
 * with the reason when the file cannot be read (missing columns, too many rows, ...). Reading and
 * comparing are sliced work (lib/slices): other requests run between the slices.
 */
export async function createProductImport(
  db: Database,
  principal: StaffPrincipal,
  input: { fileName?: unknown; contentBase64?: unknown },
  now: Date,
  options: { onSlice?: (progress: SliceProgress) => void } = {},
): Promise<ProductImportRecord> {
  if (!IMPORT_ROLES.includes(principal.role as (typeof IMPORT_ROLES)[number])) throw forbidden();
  const fileName = cleanFileName(input?.fileName);
  const bytes = await runInSlices(decodeBase64Slices(input?.contentBase64), options.onSlice);
  const base = {
    staffId: principal.id,
    staffName: principal.name,
    staffRole: principal.role,
    staffBrandIds: principal.brandIds,
    fileName,
    now,
  };
  let csvRows;
  try {
    csvRows = await readProductCsv(bytes, options);
  } catch (error) {
    if (!(error instanceof ProductCsvError)) throw error;
    const message = error.message;
    return db.transaction(async (tx) => {
      const failed = await insertImport(tx, { ...base, status: 'FAILED', error: message });
      await auditImport(
        tx,
        principal,
        failed,
        'import.create',
        `Importação ${fileName} recusada: ${message}`,
      );
      return failed;
    });
  }
  const scope: ImportScope = { role: principal.role, brandIds: principal.brandIds };
  const preview = await previewRows(db, scope, csvRows, options);
  return db.transaction(async (tx) => {
    const created = await insertImport(tx, { ...base, status: 'PREVIEWING' });
    await insertImportRows(tx, created.id, preview.rows);
    const ready = await setImportCounts(tx, created.id, {
      status: 'READY',
      totalRows: preview.rows.length,
      ...preview.counts,
    });
    await auditImport(
      tx,
      principal,
      ready,
      'import.create',
      `Importação ${fileName}: prévia de ${ready.totalRows} ${ready.totalRows === 1 ? 'linha' : 'linhas'}`,
    );
    return ready;
  });
}

/** A staff member's step of an import (create, apply, discard) in the audit log. */
export async function auditImport(
  tx: Executor,
  principal: StaffPrincipal & { origin?: AuditOrigin },
  record: ProductImportRecord,
  action: string,
  summary: string,
): Promise<void> {
  await recordAudit(tx, auditActorOfStaff(principal), {
    action,
    entity: 'PRODUCT_IMPORT',
    entityId: record.id,
    entityLabel: record.fileName,
    // A BRAND_MANAGER's import stays within their brands.
    brandIds: principal.role === 'BRAND_MANAGER' ? principal.brandIds : [],
    summary,
    after: {
      status: record.status,
      totalRows: record.totalRows,
      createCount: record.createCount,
      updateCount: record.updateCount,
      unchangedCount: record.unchangedCount,
      refusedCount: record.refusedCount,
    },
  });
}

function visibleTo(principal: StaffPrincipal, record: ProductImportRecord): boolean {
  return principal.role === 'ADMIN' || record.staffId === principal.id;
}

/** The import when `principal` may see it (ADMIN: all; others: their own); null otherwise. */
export async function productImportFor(
  db: Executor,
  principal: StaffPrincipal,
  id: string,
): Promise<ProductImportRecord | null> {
  if (!isUuid(id)) return null;
  const record = await findImport(db, id);
  return record && visibleTo(principal, record) ? record : null;
}

export async function productImportsFor(
  db: Executor,
  principal: StaffPrincipal,
  first: number | null | undefined,
): Promise<ProductImportRecord[]> {
  const count = first ?? 20;
  if (!Number.isInteger(count) || count < 1 || count > 100) {
    throw badUserInput('Peça de 1 a 100 importações.', 'first');
  }
  return listImports(db, principal.role === 'ADMIN' ? null : principal.id, count);
}

async function transitionFor(
  db: Database,
  principal: StaffPrincipal,
  id: string,
  to: 'APPLYING' | 'DISCARDED',
): Promise<ProductImportRecord> {
  if (!IMPORT_ROLES.includes(principal.role as (typeof IMPORT_ROLES)[number])) throw forbidden();
  const record = await productImportFor(db, principal, id);
  if (!record) throw notFound(IMPORT_NOT_FOUND_MESSAGE);
  const moved = await db.transaction(async (tx) => {
    const done = await transitionImport(tx, record.id, 'READY', to);
    if (done) {
      await auditImport(
        tx,
        principal,
        done,
        to === 'APPLYING' ? 'import.apply_start' : 'import.discard',
        to === 'APPLYING'
          ? `Importação ${done.fileName}: aplicação iniciada`
          : `Importação ${done.fileName} descartada`,
      );
    }
    return done;
  });
  if (moved) return moved;
  const verb = to === 'APPLYING' ? 'aplicada' : 'descartada';
  throw badUserInput(
    `Só uma importação com a prévia pronta pode ser ${verb} (esta está ${STATUS_LABELS[record.status]}).`,
    'id',
  );
}

const STATUS_LABELS: Record<ProductImportRecord['status'], string> = {
  PREVIEWING: 'em prévia',
  READY: 'pronta',
  APPLYING: 'sendo aplicada',
  APPLIED: 'aplicada',
  FAILED: 'com falha',
  DISCARDED: 'descartada',
};

/** READY -> APPLYING; the caller kicks the background apply. */
export function startApplyingImport(db: Database, principal: StaffPrincipal, id: string) {
  return transitionFor(db, principal, id, 'APPLYING');
}

export function discardImport(db: Database, principal: StaffPrincipal, id: string) {
  return transitionFor(db, principal, id, 'DISCARDED');
}

export function previewRowsOf(
  db: Executor,
  record: ProductImportRecord,
  args: { outcome?: RowOutcome | null; first?: number | null; offset?: number | null },
): Promise<ImportRowRecord[]> {
  const first = args.first ?? 50;
  if (!Number.isInteger(first) || first < 0 || first > 500) {
    throw badUserInput('Peça de 0 a 500 linhas.', 'first');
  }
  const offset = args.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0) {
    throw badUserInput('O deslocamento não pode ser negativo.', 'offset');
  }
  return importRows(db, record.id, args.outcome ?? null, first, offset);
}

// ---- The apply ----

class ApplyRefusal extends Error {}

/** An imported product's row: its fiscal data too; its version goes up once with its variants. */
const IMPORTED = { fiscal: true, bump: false };

/** Writes one row as it stands against the catalog now; ApplyRefusal when it no longer fits. */
async function applyRow(tx: Executor, record: ProductImportRecord, data: RowData): Promise<void> {
  const scope: ImportScope = { role: record.staffRole, brandIds: record.staffBrandIds };
  if (!inScope(scope, data.product.brandId)) throw new ApplyRefusal(OUT_OF_SCOPE_MESSAGE);
  let product = await lockProductBySlug(tx, data.product.slug);
  const variant = await lockVariantBySku(tx, data.variant.sku);
  if (variant && variant.productSlug !== data.product.slug) {
    throw new ApplyRefusal(`O SKU ${data.variant.sku} pertence ao produto ${variant.productSlug}`);
  }
  let changed = false;
  let created = false;
  if (!product) {
    const id = (await insertProducts(tx, [data.product])).get(data.product.slug)!;
    product = { id, ...data.product };
    created = true;
  } else {
    if (!inScope(scope, product.brandId)) throw new ApplyRefusal(OUT_OF_SCOPE_MESSAGE);
    if (productChanges(product, data.product).length > 0) {
      await updateProducts(tx, [{ ...data.product, id: product.id }], IMPORTED);
      changed = true;
    }
  }
  const movement = importMovement(record);
  if (!variant) {
    const stock = data.variant.stock ?? 0;
    const [inserted] = await insertVariants(tx, [
      { ...data.variant, stock, productId: product.id, position: null },
    ]);
    if (stock > 0) {
      await recordStockMovements(tx, [
        movement({ variantId: inserted!.id, delta: stock, stockAfter: stock }),
      ]);
    }
    changed = true;
  } else if (variantFieldChanges(variant, data.variant).length > 0) {
    const stock = data.variant.stock ?? variant.stock;
    await updateVariants(tx, [{ ...data.variant, stock, id: variant.id, position: null }]);
    if (stock !== variant.stock) {
      await recordStockMovements(tx, [
        movement({ variantId: variant.id, delta: stock - variant.stock, stockAfter: stock }),
      ]);
    }
    changed = true;
  }
  if (changed && !created) await bumpProductVersions(tx, [product.id]);
}

/** The stock ledger's line for an imported row's stock. */
function importMovement(record: ProductImportRecord) {
  return (line: Pick<StockMovement, 'variantId' | 'delta' | 'stockAfter'>): StockMovement => ({
    ...line,
    reason: 'Importação de produtos',
    kind: 'IMPORT',
    note: `Importação ${record.fileName}`,
    staffId: record.staffId,
  });
}

/**
 * A batch's rows in a few statements (products, then variants, then the ledger, then the
 * versions), each row checked against the catalog as it is now; answers the rows refused. A
 * database refusal (say, a GTIN taken since) throws: the caller then goes row by row.
 */
async function applyBatchAtOnce(
  tx: Executor,
  record: ProductImportRecord,
  rows: readonly PendingRow[],
): Promise<{ line: number; outcome: 'CREATE' | 'UPDATE'; message: string }[]> {
  const scope: ImportScope = { role: record.staffRole, brandIds: record.staffBrandIds };
  const datas = rows.map((row) => row.data as RowData);
  const products = new Map<string, CatalogProduct>(
    (await lockProductsBySlugs(tx, [...new Set(datas.map((data) => data.product.slug))])).map(
      (product) => [product.slug, product],
    ),
  );
  const variants = new Map(
    (
      await lockVariantsBySkus(
        tx,
        datas.map((data) => data.variant.sku),
      )
    ).map((variant) => [variant.sku, variant]),
  );
  const refused: { line: number; outcome: 'CREATE' | 'UPDATE'; message: string }[] = [];
  const newProducts = new Map<string, RowData['product']>();
  const productUpdates = new Map<string, CatalogProduct>();
  const bumped = new Set<string>();
  const variantInserts: (RowData['variant'] & { stock: number; slug: string })[] = [];
  const variantUpdates: VariantUpdate[] = [];
  const movements: { sku: string; variantId: string | null; delta: number; stockAfter: number }[] =
    [];
  rows.forEach((row, index) => {
    const data = datas[index]!;
    const refuse = (message: string) =>
      refused.push({ line: row.line, outcome: row.outcome, message });
    if (!inScope(scope, data.product.brandId)) return refuse(OUT_OF_SCOPE_MESSAGE);
    const variant = variants.get(data.variant.sku) ?? null;
    if (variant && variant.productSlug !== data.product.slug) {
      return refuse(`O SKU ${data.variant.sku} pertence ao produto ${variant.productSlug}`);
    }
    const product = products.get(data.product.slug) ?? null;
    if (product) {
      if (!inScope(scope, product.brandId)) return refuse(OUT_OF_SCOPE_MESSAGE);
      if (productChanges(product, data.product).length > 0) {
        const next = { ...product, ...data.product, id: product.id };
        products.set(next.slug, next);
        productUpdates.set(product.id, next);
        bumped.add(product.id);
      }
    } else if (!newProducts.has(data.product.slug)) {
      newProducts.set(data.product.slug, data.product);
    }
    if (!variant) {
      const stock = data.variant.stock ?? 0;
      variantInserts.push({ ...data.variant, stock, slug: data.product.slug });
      if (stock > 0) {
        movements.push({ sku: data.variant.sku, variantId: null, delta: stock, stockAfter: stock });
      }
      if (product) bumped.add(product.id);
    } else if (variantFieldChanges(variant, data.variant).length > 0) {
      const stock = data.variant.stock ?? variant.stock;
      variantUpdates.push({ ...data.variant, stock, id: variant.id, position: null });
      if (stock !== variant.stock) {
        movements.push({
          sku: variant.sku,
          variantId: variant.id,
          delta: stock - variant.stock,
          stockAfter: stock,
        });
      }
      bumped.add(variant.productId);
    }
    return undefined;
  });
  const createdIds = await insertProducts(tx, [...newProducts.values()]);
  await updateProducts(tx, [...productUpdates.values()], IMPORTED);
  const productIdOf = (slug: string) => products.get(slug)?.id ?? createdIds.get(slug)!;
  const variantIds = new Map(
    (
      await insertVariants(
        tx,
        variantInserts.map(({ slug, ...variant }) => ({
          ...variant,
          productId: productIdOf(slug),
          position: null,
        })),
      )
    ).map((row) => [row.sku, row.id]),
  );
  await updateVariants(tx, variantUpdates);
  const movement = importMovement(record);
  await recordStockMovements(
    tx,
    movements.map(({ sku, variantId, ...line }) =>
      movement({ ...line, variantId: variantId ?? variantIds.get(sku)! }),
    ),
  );
  await bumpProductVersions(tx, [...bumped]);
  return refused;
}

function databaseRefusal(error: unknown): string | null {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const code = (cause as { code?: unknown })?.code;
  const constraint = String((cause as { constraint?: unknown })?.constraint ?? '');
  if (code === '23505') {
    if (constraint.includes('gtin')) return 'O GTIN já é de outra variante';
    if (constraint.includes('sku')) return 'O SKU já é de outra variante';
    if (constraint.includes('slug')) return 'O identificador URL já é de outro produto';
    return 'Conflito com um dado já existente no catálogo';
  }
  if (code === '23503') return 'A marca ou a categoria não existe mais';
  if (code === '23514') return 'Um valor da linha não é aceito pelo catálogo';
  return null;
}

export interface ApplyLog {
  error(details: object, message: string): void;
}

/**
 * Applies the next batch of `record` for `owner`; answers false when nothing is left (or the
 * import is no longer ours).
 */
async function applyNextBatch(
  db: Database,
  record: ProductImportRecord,
  owner: string,
  log: ApplyLog,
  batchRows: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const current = await findImport(tx, record.id);
    if (!current) return false;
    if (
      !(await lockImportProgress(
        tx,
        record.id,
        owner,
        current.appliedThroughLine,
        APPLY_LEASE_SECONDS,
      ))
    ) {
      return false;
    }
    const rows = await pendingRows(tx, record.id, current.appliedThroughLine, batchRows);
    if (rows.length === 0) return false;
    const refusedFrom = { CREATE: 0, UPDATE: 0 };
    let atOnce: Awaited<ReturnType<typeof applyBatchAtOnce>> | null = null;
    try {
      atOnce = await tx.transaction((savepoint) => applyBatchAtOnce(savepoint, current, rows));
    } catch (error) {
      if (databaseRefusal(error) === null) throw error;
    }
    if (atOnce) {
      for (const refusal of atOnce) {
        await refuseRowAtApply(tx, record.id, refusal.line, refusal.message);
        refusedFrom[refusal.outcome] += 1;
      }
    } else {
      // A row the database refuses: row by row, each in its own savepoint.
      for (const row of rows) {
        try {
          await tx.transaction(async (savepoint) => {
            await applyRow(savepoint, current, row.data as RowData);
          });
        } catch (error) {
          const message = error instanceof ApplyRefusal ? error.message : databaseRefusal(error);
          if (message === null) throw error;
          if (!(error instanceof ApplyRefusal)) {
            log.error({ err: error, importId: record.id, line: row.line }, 'import row refused');
          }
          await refuseRowAtApply(tx, record.id, row.line, message);
          refusedFrom[row.outcome] += 1;
        }
      }
    }
    await advanceImportProgress(tx, record.id, {
      rows: rows.length,
      throughLine: rows.at(-1)!.line,
      refusedFrom,
    });
    return true;
  });
}

async function finishApplying(db: Database, record: ProductImportRecord, owner: string) {
  await db.transaction(async (tx) => {
    if (!(await finishImport(tx, record.id, owner))) return;
    const done = (await findImport(tx, record.id))!;
    if (done.createCount + done.updateCount === 0) return;
    const touched = await productsOfImport(tx, record.id);
    await recordCatalogChange(tx, {
      staff: done.staffId ? { id: done.staffId, name: done.staffName ?? '' } : null,
      action: 'import.apply',
      entityId: done.id,
      entityLabel: done.fileName,
      summary:
        `Importação ${done.fileName}: ${done.createCount} ${done.createCount === 1 ? 'variante criada' : 'variantes criadas'}, ` +
        `${done.updateCount} ${done.updateCount === 1 ? 'atualizada' : 'atualizadas'}, ` +
        `${done.unchangedCount} sem mudança, ${done.refusedCount} ${done.refusedCount === 1 ? 'recusada' : 'recusadas'}`,
      productIds: touched.productIds,
      brandIds: touched.brandIds,
      after: {
        importId: done.id,
        createCount: done.createCount,
        updateCount: done.updateCount,
        unchangedCount: done.unchangedCount,
        refusedCount: done.refusedCount,
      },
    });
  });
}

/**
 * Applies every APPLYING import this process can take (new ones, and ones whose process stopped:
 * their lease ran out), batch by batch until done or `shouldStop`. Answers how many it finished
 * and when to look again for an import another process holds.
 */
export async function applyPendingImports(
  db: Database,
  owner: string,
  options: { log: ApplyLog; shouldStop: () => boolean; batchRows?: number },
): Promise<{ finished: number; retryAt: Date | null }> {
  const batchRows = options.batchRows ?? APPLY_BATCH_SIZE;
  let finished = 0;
  for (;;) {
    if (options.shouldStop()) return { finished, retryAt: null };
    const { claimed, nextLeaseEnd } = await claimApplyingImport(db, owner, APPLY_LEASE_SECONDS);
    if (!claimed) return { finished, retryAt: nextLeaseEnd };
    while (
      !options.shouldStop() &&
      (await applyNextBatch(db, claimed, owner, options.log, batchRows))
    ) {
      // next batch
    }
    if (options.shouldStop()) return { finished, retryAt: null };
    await finishApplying(db, claimed, owner);
    finished += 1;
  }
}
