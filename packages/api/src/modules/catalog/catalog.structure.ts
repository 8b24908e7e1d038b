// The category tree's structure: moving a category (categoryMove: new parent and position, the
// old and new siblings renumbered 0..n-1, never under itself) and the explained refusal to delete
// a category that still has products or subcategories.
import type { Database, Executor } from '../../db';
import type { StaffPrincipal } from '../../graphql/context';
import {
  CATALOG_INPUT_MESSAGES,
  categoryDeleteRefusal,
  categoryParentRefusal,
  categoryPositionRefusal,
} from '@vitrine/rules';
import { badUserInput, notFound } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { recordCatalogChange } from './catalog.history';
import { requireAdmin } from './catalog.service.common';
import { countCategoriesUnder, countProductsInCategory } from './catalog.staff.repository';
import { deleteCategory } from './catalog.brands.service';
import {
  categoryNameById,
  categorySiblings,
  lockCategoryTree,
  setCategoryPlace,
} from './catalog.structure.repository';
import type { CategoryRow } from './catalog.tables';

export const CATEGORY_CYCLE_MESSAGE = CATALOG_INPUT_MESSAGES.moveCycle;

async function renumber(tx: Executor, ordered: CategoryRow[], parentId: string | null) {
  for (const [position, row] of ordered.entries()) {
    if (row.position !== position || row.parentId !== parentId) {
      await setCategoryPlace(tx, row.id, parentId, position);
    }
  }
}

/**
 * ADMIN: moves category `id` under `parentId` (null: the top level) at `position` among its new
 * siblings (beyond the end: last). Refuses a parent that is the category or one of its
 * descendants. Positions of the old and the new siblings become 0..n-1. One history entry.
 */
export async function moveCategory(
  db: Database,
  staff: StaffPrincipal,
  id: string,
  parentId: string | null,
  position: number,
): Promise<void> {
  requireAdmin(staff, 'mover categorias');
  const badPosition = categoryPositionRefusal(position, 'position');
  if (badPosition) throw badUserInput(badPosition.message, badPosition.field);
  if (!isUuid(id)) throw notFound('Categoria não encontrada.');
  if (parentId !== null && !isUuid(parentId)) {
    // No category has such an id: the rule's answer for an unknown parent, without the tree.
    const unknown = categoryParentRefusal([], id, parentId, 'move')!;
    throw badUserInput(unknown.message, unknown.field);
  }
  await db.transaction(async (tx) => {
    // The whole tree, locked: two concurrent moves cannot build a cycle between them.
    const all = await lockCategoryTree(tx);
    const byId = new Map(all.map((row) => [row.id, row]));
    const current = byId.get(id);
    if (!current) throw notFound('Categoria não encontrada.');
    const badParent = categoryParentRefusal(all, id, parentId, 'move');
    if (badParent) throw badUserInput(badParent.message, badParent.field);
    const oldParentId = current.parentId;
    if (oldParentId !== parentId) {
      await renumber(tx, await categorySiblings(tx, oldParentId, id), oldParentId);
    }
    const siblings = await categorySiblings(tx, parentId, id);
    const at = Math.min(position, siblings.length);
    siblings.splice(at, 0, current);
    await renumber(tx, siblings, parentId);
    const parentName = parentId ? byId.get(parentId)!.name : null;
    const oldParentName = oldParentId ? (byId.get(oldParentId)?.name ?? null) : null;
    const where = parentName ? `para dentro de ${parentName}` : 'para o nível principal';
    await recordCatalogChange(tx, {
      staff,
      action: 'category.move',
      entityId: id,
      entityLabel: current.name,
      summary:
        oldParentId === parentId
          ? `Categoria ${current.name} movida para a posição ${at + 1} ${parentName ? `em ${parentName}` : 'no nível principal'}`
          : `Categoria ${current.name} movida ${where} (posição ${at + 1})`,
      before: {
        categoryId: id,
        parentId: oldParentId,
        parentName: oldParentName,
        position: current.position,
      },
      after: { categoryId: id, parentId, parentName, position: at },
    });
  });
}

/** Why a category cannot be deleted now, and what to do (null: it can be; @vitrine/rules). */
async function deleteRefusal(db: Executor, id: string): Promise<string | null> {
  const name = await categoryNameById(db, id);
  if (name === undefined) return null;
  return categoryDeleteRefusal(
    name,
    await countProductsInCategory(db, id),
    await countCategoriesUnder(db, id),
  );
}

/**
 * categoryDelete with the refusal explained ('A categoria Acessórios tem 3 produtos: mova-os para
 * outra categoria antes de excluí-la.'); otherwise as catalog.brands.service's deleteCategory.
 */
export async function deleteCategoryExplained(
  db: Database,
  staff: StaffPrincipal,
  id: string,
): Promise<boolean> {
  requireAdmin(staff, 'excluir categorias');
  if (isUuid(id)) {
    const refusal = await deleteRefusal(db, id);
    if (refusal) throw badUserInput(refusal, 'id');
  }
  return deleteCategory(db, staff, id);
}
