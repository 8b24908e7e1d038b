// The catalog's history: one append-only row per staff change (who, when, what, which products
// and brands, values before and after), written in the caller's transaction, and the staff's
// reader (newest first; a BRAND_MANAGER sees only entries of their brands).
import { checkCatalogHistoryPage } from '@vitrine/rules';
import type { Executor } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';
import { badUserInput } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { auditActorOfStaff, recordAudit, type AuditOrigin } from '../audit/audit';
import type { AuditEntity } from '../audit/audit.tables';
import {
  catalogHistoryPage,
  insertCatalogHistory,
  type CatalogHistoryRow,
} from './catalog.history.repository';

export type { CatalogHistoryRow } from './catalog.history.repository';

/** product_ids keeps at most this many ids; product_count has the real number. */
export const HISTORY_MAX_PRODUCT_IDS = 100;
const SUMMARY_MAX = 500;
const ACTION_MAX = 80;

export interface CatalogChange {
  /**
   * Who made the change (null: the system, e.g. a resumed import). An AuditedPrincipal (see
   * audit.ts) also gives the audit log the request's address and browser.
   */
  staff: (Pick<StaffPrincipal, 'id' | 'name'> & { email?: string; origin?: AuditOrigin }) | null;
  /** A code: product.save, products.bulk.change_prices, category.move, ... */
  action: string;
  /** In Portuguese, as the history shows it. */
  summary: string;
  productIds?: readonly string[];
  brandIds?: readonly string[];
  before?: unknown;
  after?: unknown;
  /**
   * What the audit log's entry is about; by default taken from the action (product.* a product,
   * variant.* and stock.* a variant, brand.* a brand, category.* a category, import.* an import)
   * with the one product's or brand's id.
   */
  entity?: AuditEntity;
  entityId?: string | null;
  entityLabel?: string | null;
}

function auditEntityOf(action: string): AuditEntity {
  if (action.startsWith('variant.') || action.startsWith('stock.')) return 'VARIANT';
  if (action.startsWith('brand.')) return 'BRAND';
  if (action.startsWith('category.')) return 'CATEGORY';
  if (action.startsWith('import.')) return 'PRODUCT_IMPORT';
  return 'PRODUCT';
}

function defaultEntityId(entity: AuditEntity, change: CatalogChange): string | null {
  const one = (ids: readonly string[] | undefined) => {
    const distinct = unique(ids);
    return distinct.length === 1 ? distinct[0]! : null;
  };
  const field = (value: unknown, key: string): string | null => {
    const found = (value as Record<string, unknown> | null | undefined)?.[key];
    return typeof found === 'string' ? found : null;
  };
  switch (entity) {
    case 'BRAND':
      return one(change.brandIds);
    case 'CATEGORY':
      return field(change.after, 'categoryId') ?? field(change.before, 'categoryId');
    case 'PRODUCT_IMPORT':
      return field(change.after, 'importId') ?? field(change.before, 'importId');
    default:
      return one(change.productIds);
  }
}

function unique(values: readonly string[] | undefined): string[] {
  return [...new Set(values ?? [])];
}

function clip(text: string, max: number): string {
  const trimmed = text.trim();
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1)}…`;
}

/**
 * Appends one history entry in the caller's transaction, and the same change to the one audit
 * log (audit.ts) in that transaction; returns the history row.
 */
export async function recordCatalogChange(
  tx: Executor,
  change: CatalogChange,
): Promise<CatalogHistoryRow> {
  const productIds = unique(change.productIds);
  // The principal is read from the staff row on every request: its name is the row's.
  const staffName = change.staff?.name ?? null;
  const row = await insertCatalogHistory(tx, {
    staffId: change.staff && isUuid(change.staff.id) ? change.staff.id : null,
    staffName,
    action: clip(change.action, ACTION_MAX),
    summary: clip(change.summary, SUMMARY_MAX),
    productIds: productIds.slice(0, HISTORY_MAX_PRODUCT_IDS),
    productCount: productIds.length,
    brandIds: unique(change.brandIds),
    before: change.before === undefined ? null : change.before,
    after: change.after === undefined ? null : change.after,
  });
  const entity = change.entity ?? auditEntityOf(change.action);
  await recordAudit(tx, auditActorOfStaff(change.staff), {
    action: change.action,
    entity,
    entityId: change.entityId !== undefined ? change.entityId : defaultEntityId(entity, change),
    entityLabel: change.entityLabel ?? null,
    brandIds: unique(change.brandIds),
    summary: change.summary,
    before: change.before,
    after: change.after,
  });
  return row;
}

export interface CatalogHistoryArgs {
  productId?: string | null;
  first?: number | null;
  offset?: number | null;
}

/** Staff (every role reads): newest first; a BRAND_MANAGER sees entries of their brands only. */
export async function catalogHistoryOf(
  db: Executor,
  staff: StaffPrincipal,
  args: CatalogHistoryArgs,
): Promise<CatalogHistoryRow[]> {
  const page = checkCatalogHistoryPage(args);
  if (!page.ok) throw badUserInput(page.issue.message, page.issue.field);
  const { first, offset } = page.value;
  let productId: string | null = null;
  if (args.productId !== undefined && args.productId !== null) {
    // An unknown id has no history (and never matches): an empty list, not an error.
    if (!isUuid(args.productId)) return [];
    productId = args.productId;
  }
  let brandIds: readonly string[] | null = null;
  if (staff.role === 'BRAND_MANAGER') {
    // Entries touching no brand (category moves, store-wide changes) are not theirs either.
    if (staff.brandIds.length === 0) return [];
    brandIds = staff.brandIds;
  }
  if (first === 0) return [];
  return catalogHistoryPage(db, { productId, brandIds }, first, offset);
}

function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** GraphQL resolvers of CatalogHistoryEntry (a CatalogHistoryRow underneath). */
export const catalogHistoryEntryResolvers = {
  createdAt: (row: CatalogHistoryRow) => iso(row.createdAt),
  productIds: (row: CatalogHistoryRow) => row.productIds ?? [],
};
