// Catalog use cases, brands and categories: their staff writes (ADMIN only), each recorded in the
// catalog history or the audit log.
import type { Database, Executor } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';
import {
  CATALOG_INPUT_MESSAGES,
  categoryDeleteRefusal,
  categoryParentRefusal,
  categoryPositionRefusal,
  checkBrandInput,
  checkCategoryInput,
  type BrandInput,
  type RuleIssue,
} from '@vitrine/rules';
import { badUserInput, notFound } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { findBrand } from './catalog.repository';
import { allCategories } from './catalog.reads.repository';
import {
  countCategoriesUnder,
  countProductsInCategory,
  countProductsOfBrand,
  deleteBrandById,
  deleteCategoryById,
  findCategory,
  insertBrand,
  insertCategory,
  updateBrandById,
  updateCategoryById,
} from './catalog.staff.repository';
import type { BrandRow } from './catalog.tables';
import { ruled } from './catalog.validation';
import { recordCatalogChange } from './catalog.history';
import { auditCatalog, requireAdmin, translated } from './catalog.service.common';

// ---- brands ----------------------------------------------------------------------------------

export type { BrandInput } from '@vitrine/rules';

/** The brand's values (@vitrine/rules checkBrandInput: its messages, in the server's order). */
function brandValues(input: BrandInput, current: BrandRow | null) {
  return ruled(checkBrandInput(input, current));
}

export async function createBrand(db: Database, staff: StaffPrincipal, input: BrandInput) {
  requireAdmin(staff, 'criar marcas');
  const values = brandValues(input, null);
  return translated(() =>
    db.transaction(async (tx) => {
      const brand = await insertBrand(tx, values);
      await recordCatalogChange(tx, {
        staff,
        action: 'brand.create',
        entityLabel: brand.name,
        summary: `Marca criada: ${brand.name}${brand.active ? '' : ' (inativa)'}`,
        brandIds: [brand.id],
        after: { name: brand.name, slug: brand.slug, active: brand.active },
      });
      return brand;
    }),
  );
}

export async function updateBrand(
  db: Database,
  staff: StaffPrincipal,
  id: string,
  input: BrandInput,
) {
  requireAdmin(staff, 'alterar marcas');
  const current = isUuid(id) ? await findBrand(db, { id }) : null;
  if (!current) throw notFound('Marca não encontrada.');
  const values = brandValues(input, current);
  const labels: [keyof typeof values, string][] = [
    ['name', 'nome'],
    ['slug', 'slug'],
    ['description', 'descrição'],
    ['color', 'cor'],
    ['logoUrl', 'logo'],
    ['seoTitle', 'título SEO'],
    ['seoDescription', 'descrição SEO'],
    ['active', 'ativa'],
  ];
  const changed = labels.filter(([field]) => (current[field] ?? null) !== values[field]);
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [field] of changed) {
    before[field] = current[field];
    after[field] = values[field];
  }
  const activation =
    current.active !== values.active ? (values.active ? ' (reativada)' : ' (desativada)') : '';
  return translated(() =>
    db.transaction(async (tx) => {
      const brand = await updateBrandById(tx, id, values);
      await recordCatalogChange(tx, {
        staff,
        action: 'brand.update',
        entityLabel: brand.name,
        summary: `Marca ${brand.name}${activation}: ${
          changed.length > 0 ? changed.map(([, label]) => label).join(', ') : 'sem alterações'
        }`,
        brandIds: [brand.id],
        before,
        after,
      });
      return brand;
    }),
  );
}

export async function deleteBrand(db: Database, staff: StaffPrincipal, id: string) {
  requireAdmin(staff, 'excluir marcas');
  const current = isUuid(id) ? await findBrand(db, { id }) : null;
  if (!current) throw notFound('Marca não encontrada.');
  const used = await countProductsOfBrand(db, id);
  if (used > 0) {
    throw badUserInput(CATALOG_INPUT_MESSAGES.brandInUse(current.name, used), 'id');
  }
  await translated(() =>
    db.transaction(async (tx) => {
      await deleteBrandById(tx, id);
      await auditCatalog(tx, staff, {
        action: 'brand.delete',
        entity: 'BRAND',
        entityId: id,
        entityLabel: current.name,
        brandIds: [id],
        summary: `Marca excluída: ${current.name}`,
        before: { name: current.name, slug: current.slug },
      });
    }),
  );
  return true;
}

// ---- categories ------------------------------------------------------------------------------

export interface CategoryInput {
  slug?: string | null;
  name: string;
  parentId?: string | null;
  position?: number | null;
}

function refuseIf(issue: RuleIssue | null): void {
  if (issue) throw badUserInput(issue.message, issue.field);
}

/** A new category goes after its siblings. */
function nextPosition(db: Executor, parentId: string | null): Promise<number> {
  return countCategoriesUnder(db, parentId);
}

export async function createCategory(db: Database, staff: StaffPrincipal, input: CategoryInput) {
  requireAdmin(staff, 'criar categorias');
  const { name, slug } = ruled(checkCategoryInput(input, null));
  const parentId = input.parentId ?? null;
  if (parentId) refuseIf(categoryParentRefusal(await allCategories(db), null, parentId, 'create'));
  const position = input.position ?? (await nextPosition(db, parentId));
  refuseIf(categoryPositionRefusal(position, 'input.position'));
  return translated(() =>
    db.transaction(async (tx) => {
      const created = await insertCategory(tx, { slug, name, parentId, position });
      await auditCatalog(tx, staff, {
        action: 'category.create',
        entity: 'CATEGORY',
        entityId: created.id,
        entityLabel: created.name,
        summary: `Categoria criada: ${created.name}`,
        after: { name, slug, parentId, position },
      });
      return created;
    }),
  );
}

export async function updateCategory(
  db: Database,
  staff: StaffPrincipal,
  id: string,
  input: CategoryInput,
) {
  requireAdmin(staff, 'alterar categorias');
  const all = await allCategories(db);
  const current = all.find((row) => row.id === id);
  if (!current) throw notFound('Categoria não encontrada.');
  const { name, slug } = ruled(checkCategoryInput(input, current.slug));
  // Absent keeps the parent; an explicit null moves the category to the top level.
  const parentId = input.parentId === undefined ? current.parentId : input.parentId;
  refuseIf(categoryParentRefusal(all, id, parentId, 'update'));
  const position = input.position ?? current.position;
  refuseIf(categoryPositionRefusal(position, 'input.position'));
  return translated(() =>
    db.transaction(async (tx) => {
      const updated = await updateCategoryById(tx, id, { name, slug, parentId, position });
      await auditCatalog(tx, staff, {
        action: 'category.update',
        entity: 'CATEGORY',
        entityId: id,
        entityLabel: name,
        summary: `Categoria ${name} alterada`,
        before: {
          name: current.name,
          slug: current.slug,
          parentId: current.parentId,
          position: current.position,
        },
        after: { name, slug, parentId, position },
      });
      return updated;
    }),
  );
}

export async function deleteCategory(db: Database, staff: StaffPrincipal, id: string) {
  requireAdmin(staff, 'excluir categorias');
  const current = isUuid(id) ? await findCategory(db, id) : null;
  if (!current) throw notFound('Categoria não encontrada.');
  const refusal = categoryDeleteRefusal(
    current.name,
    await countProductsInCategory(db, id),
    await countCategoriesUnder(db, id),
  );
  if (refusal) throw badUserInput(refusal, 'id');
  await translated(() =>
    db.transaction(async (tx) => {
      await deleteCategoryById(tx, id);
      await auditCatalog(tx, staff, {
        action: 'category.delete',
        entity: 'CATEGORY',
        entityId: id,
        entityLabel: current.name,
        summary: `Categoria excluída: ${current.name}`,
        before: { name: current.name, slug: current.slug },
      });
    }),
  );
  return true;
}
