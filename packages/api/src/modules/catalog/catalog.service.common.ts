// Catalog use cases, shared part: who may write what (ADMIN everything; BRAND_MANAGER products,
// variants and stock of their brands; SUPPORT none), PostgreSQL constraint errors as user input
// errors, the look-ups every write starts from, and the audit entry of catalog changes.
import type { Executor } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';
import { badUserInput, forbidden, notFound } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { auditActorOfStaff, recordAudit, type AuditEvent } from '../audit/audit';
import { findBrand, findProduct, type ProductListRow } from './catalog.repository';
import { findCategory, findProductRow, findVariantWithBrand } from './catalog.staff.repository';
import type { BrandRow, CategoryRow } from './catalog.tables';

// ---- scope -----------------------------------------------------------------------------------

/** BRAND_MANAGER sees and edits only their brands; everybody else on the staff sees all. */
export function brandScopeOf(staff: StaffPrincipal): string[] | null {
  return staff.role === 'BRAND_MANAGER' ? staff.brandIds : null;
}

// ---- permissions -----------------------------------------------------------------------------

const NO_CATALOG_WRITES = 'Seu perfil não pode alterar o catálogo.';

export function requireAdmin(staff: StaffPrincipal, what: string): void {
  if (staff.role !== 'ADMIN') throw forbidden(`Somente administradores podem ${what}.`);
}

/** Products, variants and stock: ADMIN, or a BRAND_MANAGER of the product's brand. */
export function requireBrandWriter(staff: StaffPrincipal, brandId: string): void {
  if (staff.role === 'ADMIN') return;
  if (staff.role !== 'BRAND_MANAGER') throw forbidden(NO_CATALOG_WRITES);
  if (!staff.brandIds.includes(brandId)) {
    throw forbidden('Você só pode alterar produtos das marcas sob sua gestão.');
  }
}

export function requireCatalogWriter(staff: StaffPrincipal): void {
  if (staff.role !== 'ADMIN' && staff.role !== 'BRAND_MANAGER') throw forbidden(NO_CATALOG_WRITES);
}

// ---- database errors -------------------------------------------------------------------------

interface PgErrorLike {
  code?: string;
  constraint?: string;
}

/** The PostgreSQL error behind a driver or Drizzle error (Drizzle wraps it in `cause`). */
function pgError(error: unknown): PgErrorLike | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as PgErrorLike & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate;
    }
    current = candidate.cause;
  }
  return null;
}

const UNIQUE_MESSAGES: Record<string, [string, string]> = {
  brands_slug_key: ['Já existe uma marca com este slug.', 'input.slug'],
  categories_slug_key: ['Já existe uma categoria com este slug.', 'input.slug'],
  products_slug_key: ['Já existe um produto com este slug.', 'input.slug'],
  variants_sku_key: ['Já existe uma variante com este SKU.', 'sku'],
};

/** Turns constraint violations into BAD_USER_INPUT; anything else stays an internal error. */
export async function translated<T>(work: () => Promise<T>, skuField = 'input.sku'): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const pg = pgError(error);
    if (pg?.code === '23505' && pg.constraint && UNIQUE_MESSAGES[pg.constraint]) {
      const [message, field] = UNIQUE_MESSAGES[pg.constraint]!;
      throw badUserInput(message, pg.constraint === 'variants_sku_key' ? skuField : field);
    }
    if (pg?.code === '23503') {
      throw badUserInput(
        'Não é possível concluir: o registro está em uso por outro (por exemplo, em pedidos).',
      );
    }
    throw error;
  }
}

// ---- look-ups --------------------------------------------------------------------------------

export async function brandById(db: Executor, id: string, field: string): Promise<BrandRow> {
  const brand = isUuid(id) ? await findBrand(db, { id }) : null;
  if (!brand) throw badUserInput('Marca não encontrada.', field);
  return brand;
}

export async function categoryById(db: Executor, id: string, field: string): Promise<CategoryRow> {
  const category = isUuid(id) ? await findCategory(db, id) : null;
  if (!category) throw badUserInput('Categoria não encontrada.', field);
  return category;
}

export async function existingProduct(db: Executor, id: string) {
  const product = isUuid(id) ? await findProductRow(db, id) : null;
  if (!product) throw notFound('Produto não encontrado.');
  return product;
}

export async function existingVariant(db: Executor, id: string) {
  const found = isUuid(id) ? await findVariantWithBrand(db, id) : null;
  if (!found) throw notFound('Variante não encontrada.');
  return found;
}

export async function productView(db: Executor, id: string): Promise<ProductListRow> {
  const row = await findProduct(db, id);
  if (!row) throw notFound('Produto não encontrado.');
  return row;
}

export async function adminProduct(db: Executor, staff: StaffPrincipal, id: string) {
  if (!isUuid(id)) return null;
  const row = await findProduct(db, id);
  const scope = brandScopeOf(staff);
  if (!row || (scope && !scope.includes(row.brandId))) return null;
  return row;
}

// ---- audit -----------------------------------------------------------------------------------

/** A catalog change that has no catalog-history entry of its own, in the audit log only. */
export function auditCatalog(tx: Executor, staff: StaffPrincipal, event: AuditEvent) {
  return recordAudit(tx, auditActorOfStaff(staff), event);
}
