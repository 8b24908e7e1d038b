// categoryMove (ADMIN; never under itself; siblings renumbered 0..n-1; the tree returned; a
// history entry) and the explained refusal to delete a category still in use.
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type SignedInStaff,
  type TestContext,
} from '../../../test/helpers';
import { insertBrand, insertCategory, insertProduct } from './catalog.fixtures';
import { CATEGORY_CYCLE_MESSAGE, deleteCategoryExplained } from './catalog.structure';
import { catalogHistory, categories } from './catalog.tables';

let ctx: TestContext;
let staff: Record<'admin' | 'manager' | 'support', SignedInStaff>;
const cat = {
  roupas: '',
  camisetas: '',
  regatas: '',
  calcas: '',
  calcados: '',
  tenis: '',
  acessorios: '',
};

const MOVE = `mutation($id: ID!, $parentId: ID, $position: Int!) {
  categoryMove(id: $id, parentId: $parentId, position: $position) {
    id name children { id name children { id name } }
  }
}`;

interface Node {
  id: string;
  name: string;
  children?: Node[];
}

async function move(
  id: string,
  parentId: string | null,
  position: number,
  as: 'admin' | 'manager' | 'support' = 'admin',
) {
  const { body } = await graphql(ctx.app, MOVE, { id, parentId, position }, staff[as].token);
  return body as {
    data?: { categoryMove: Node[] } | null;
    errors?: { message: string; extensions?: { code?: string; field?: string } }[];
  };
}

/** Names of the children of `parentId` in position order, with their positions. */
async function childrenOf(parentId: string | null) {
  const rows = await ctx.db.select().from(categories).orderBy(asc(categories.position));
  return rows
    .filter((row) => row.parentId === parentId)
    .map((row) => [row.name, row.position] as const);
}

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await signInStaffRoles(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

beforeEach(async () => {
  await ctx.db.delete(catalogHistory);
  await ctx.db.execute(sql`DELETE FROM products`);
  // Detach first: the parent reference restricts deletes.
  await ctx.db.update(categories).set({ parentId: null });
  await ctx.db.delete(categories);
  const roupas = await insertCategory(ctx.db, { slug: 'roupas', name: 'Roupas', position: 0 });
  const calcados = await insertCategory(ctx.db, {
    slug: 'calcados',
    name: 'Calçados',
    position: 1,
  });
  const acessorios = await insertCategory(ctx.db, {
    slug: 'acessorios',
    name: 'Acessórios',
    position: 2,
  });
  const camisetas = await insertCategory(ctx.db, {
    slug: 'camisetas',
    name: 'Camisetas',
    parentId: roupas.id,
    position: 0,
  });
  const calcas = await insertCategory(ctx.db, {
    slug: 'calcas',
    name: 'Calças',
    parentId: roupas.id,
    position: 1,
  });
  const regatas = await insertCategory(ctx.db, {
    slug: 'regatas',
    name: 'Regatas',
    parentId: camisetas.id,
    position: 0,
  });
  const tenis = await insertCategory(ctx.db, {
    slug: 'tenis',
    name: 'Tênis',
    parentId: calcados.id,
    position: 0,
  });
  Object.assign(cat, {
    roupas: roupas.id,
    camisetas: camisetas.id,
    regatas: regatas.id,
    calcas: calcas.id,
    calcados: calcados.id,
    tenis: tenis.id,
    acessorios: acessorios.id,
  });
});

describe('categoryMove', () => {
  it('is for ADMIN only', async () => {
    const manager = await move(cat.tenis, null, 0, 'manager');
    expect(manager.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const support = await move(cat.tenis, null, 0, 'support');
    expect(support.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await childrenOf(cat.calcados)).toEqual([['Tênis', 0]]);
  });

  it('refuses a move under itself or one of its descendants, and unknown ids', async () => {
    const self = await move(cat.roupas, cat.roupas, 0);
    expect(self.errors?.[0]?.message).toBe(CATEGORY_CYCLE_MESSAGE);
    expect(self.errors?.[0]?.extensions?.field).toBe('parentId');
    const grandchild = await move(cat.roupas, cat.regatas, 0);
    expect(grandchild.errors?.[0]?.message).toBe('Uma categoria não pode ficar dentro dela mesma.');
    expect(await childrenOf(null)).toEqual([
      ['Roupas', 0],
      ['Calçados', 1],
      ['Acessórios', 2],
    ]);
    const unknown = await move(crypto.randomUUID(), null, 0);
    expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const unknownParent = await move(cat.tenis, crypto.randomUUID(), 0);
    expect(unknownParent.errors?.[0]?.extensions?.field).toBe('parentId');
    const negative = await move(cat.tenis, null, -1);
    expect(negative.errors?.[0]?.extensions?.field).toBe('position');
  });

  it('reorders among the same siblings (0..n-1)', async () => {
    const body = await move(cat.acessorios, null, 0);
    expect(body.errors).toBeUndefined();
    expect(body.data!.categoryMove.map((node) => node.name)).toEqual([
      'Acessórios',
      'Roupas',
      'Calçados',
    ]);
    expect(await childrenOf(null)).toEqual([
      ['Acessórios', 0],
      ['Roupas', 1],
      ['Calçados', 2],
    ]);
  });

  it('moves under a new parent: both sets of siblings renumbered, the tree returned, history', async () => {
    // Camisetas (with Regatas) from Roupas into Calçados, before Tênis.
    const body = await move(cat.camisetas, cat.calcados, 0);
    expect(body.errors).toBeUndefined();
    const tree = body.data!.categoryMove;
    expect(tree.map((node) => node.name)).toEqual(['Roupas', 'Calçados', 'Acessórios']);
    const calcados = tree.find((node) => node.id === cat.calcados)!;
    expect(calcados.children!.map((node) => node.name)).toEqual(['Camisetas', 'Tênis']);
    expect(calcados.children![0]!.children!.map((node) => node.name)).toEqual(['Regatas']);
    expect(await childrenOf(cat.roupas)).toEqual([['Calças', 0]]);
    expect(await childrenOf(cat.calcados)).toEqual([
      ['Camisetas', 0],
      ['Tênis', 1],
    ]);
    const [entry] = await ctx.db.select().from(catalogHistory);
    expect(entry!.action).toBe('category.move');
    expect(entry!.summary).toBe('Categoria Camisetas movida para dentro de Calçados (posição 1)');
    expect(entry!.after).toMatchObject({ parentId: cat.calcados, position: 0 });
    expect(entry!.before).toMatchObject({ parentId: cat.roupas, position: 0 });

    // A position past the end puts it last; to the top level.
    const top = await move(cat.tenis, null, 99);
    expect(top.data!.categoryMove.map((node) => node.name)).toEqual([
      'Roupas',
      'Calçados',
      'Acessórios',
      'Tênis',
    ]);
    expect(await childrenOf(cat.calcados)).toEqual([['Camisetas', 0]]);
    const [tenis] = await ctx.db.select().from(categories).where(eq(categories.id, cat.tenis));
    expect(tenis!.position).toBe(3);
  });
});

describe('deleteCategoryExplained', () => {
  it('says why a category cannot go and what to do', async () => {
    const admin = {
      id: staff.admin.id,
      role: 'ADMIN' as const,
      brandIds: [],
      name: staff.admin.name,
      email: staff.admin.email,
    };
    const brand = await insertBrand(ctx.db, { slug: `marca-${Date.now()}`, name: 'Marca' });
    for (const n of [1, 2, 3]) {
      await insertProduct(ctx.db, {
        slug: `produto-${n}-${Date.now()}`,
        name: `Produto ${n}`,
        brandId: brand.id,
        categoryId: cat.acessorios,
        variants: [],
      });
    }
    await expect(deleteCategoryExplained(ctx.db, admin, cat.acessorios)).rejects.toThrow(
      'A categoria Acessórios tem 3 produtos: mova-os para outra categoria antes de excluí-la.',
    );
    await expect(deleteCategoryExplained(ctx.db, admin, cat.roupas)).rejects.toThrow(
      'A categoria Roupas tem 2 subcategorias: mova-as ou exclua-as antes.',
    );
    await expect(deleteCategoryExplained(ctx.db, admin, cat.calcados)).rejects.toThrow(
      'A categoria Calçados tem 1 subcategoria: mova-a ou exclua-a antes.',
    );
    await expect(deleteCategoryExplained(ctx.db, admin, cat.regatas)).resolves.toBe(true);
    expect(await childrenOf(cat.camisetas)).toEqual([]);
  });
});
