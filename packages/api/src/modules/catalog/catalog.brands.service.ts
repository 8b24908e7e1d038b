// Catalog use cases, brands and categories: their staff writes (ADMIN only), each recorded in the
// catalog history or the audit log.
import type { Database, Executor } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';
import { badUserInput, notFound } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { allCategories, findBrand } from './catalog.repository';
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
import { hexColor, logoUrl, optionalText, requiredText, slugOf } from './catalog.validation';
import { recordCatalogChange } from './catalog.history';
import { auditCatalog, categoryById, requireAdmin, translated } from './catalog.service.common';

// ---- brands ----------------------------------------------------------------------------------

export interface BrandInput {
  slug?: string | null;
  name: string;
  description?: string | null;
  color: string;
  logoUrl?: string | null;
  seoTitle?: string | null;
  seoDescription?: string | null;
  /** true by default; absent on update: unchanged. */
  active?: boolean | null;
}

function brandValues(input: BrandInput, current: BrandRow | null) {
  const currentSlug = current?.slug ?? null;
  const name = requiredText(input.name, 'input.name', 'o nome da marca', 120);
  const slug =
    input.slug === undefined || input.slug === null
      ? (currentSlug ?? slugOf(null, name, 'input.slug'))
      : slugOf(input.slug, name, 'input.slug');
  return {
    slug,
    name,
    description: optionalText(input.description, 'input.description', 'a descrição', 2000) ?? '',
    color: hexColor(input.color, 'input.color'),
    logoUrl: logoUrl(input.logoUrl, 'input.logoUrl'),
    seoTitle: optionalText(input.seoTitle, 'input.seoTitle', 'o título para buscadores', 120),
    seoDescription: optionalText(
      input.seoDescription,
      'input.seoDescription',
      'a descrição para buscadores',
      320,
    ),
    active: input.active ?? current?.active ?? true,
  };
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
    throw badUserInput(
      `Não é possível excluir a marca ${current.name}: ela tem ${used} produto(s). Exclua ou mova os produtos antes.`,
      'id',
    );
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

/** A new category goes after its siblings. */
function nextPosition(db: Executor, parentId: string | null): Promise<number> {
  return countCategoriesUnder(db, parentId);
}

export async function createCategory(db: Database, staff: StaffPrincipal, input: CategoryInput) {
  requireAdmin(staff, 'criar categorias');
  const name = requiredText(input.name, 'input.name', 'o nome da categoria', 80);
  const slug = slugOf(input.slug, name, 'input.slug');
  const parentId = input.parentId ?? null;
  if (parentId) await categoryById(db, parentId, 'input.parentId');
  const position = input.position ?? (await nextPosition(db, parentId));
  if (position < 0) throw badUserInput('A posição não pode ser negativa.', 'input.position');
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
  const name = requiredText(input.name, 'input.name', 'o nome da categoria', 80);
  const slug =
    input.slug === undefined || input.slug === null
      ? current.slug
      : slugOf(input.slug, name, 'input.slug');
  // Absent keeps the parent; an explicit null moves the category to the top level.
  const parentId = input.parentId === undefined ? current.parentId : input.parentId;
  if (parentId) {
    if (!all.some((row) => row.id === parentId)) {
      throw badUserInput('Categoria pai não encontrada.', 'input.parentId');
    }
    // Walk up from the new parent: meeting this category would make a cycle.
    for (
      let at: string | null = parentId;
      at;
      at = all.find((row) => row.id === at)?.parentId ?? null
    ) {
      if (at === id) {
        throw badUserInput(
          'Uma categoria não pode ficar dentro dela mesma nem de uma de suas subcategorias.',
          'input.parentId',
        );
      }
    }
  }
  const position = input.position ?? current.position;
  if (position < 0) throw badUserInput('A posição não pode ser negativa.', 'input.position');
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
  if ((await countCategoriesUnder(db, id)) > 0) {
    throw badUserInput(
      `Não é possível excluir a categoria ${current.name}: ela tem subcategorias. Exclua ou mova as subcategorias antes.`,
      'id',
    );
  }
  const used = await countProductsInCategory(db, id);
  if (used > 0) {
    throw badUserInput(
      `Não é possível excluir a categoria ${current.name}: ela tem ${used} produto(s). Mova os produtos para outra categoria antes.`,
      'id',
    );
  }
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
