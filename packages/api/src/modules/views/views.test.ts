// Saved list views (issue 13) on a real database: each staff member sees and deletes only their
// own, names are unique per person and screen without regard to case, queries are URL queries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type SignedInStaff,
  type StaffRoleKey,
  type TestContext,
} from '../../../test/helpers';
import { staffSavedViews } from './views.tables';

const LIST = `query($screen: SavedViewScreen!) { savedViews(screen: $screen) { id screen name query createdAt } }`;
const CREATE = `mutation($input: SavedViewInput!) { savedViewCreate(input: $input) { id screen name query createdAt } }`;
const DELETE = `mutation($id: ID!) { savedViewDelete(id: $id) }`;

interface View {
  id: string;
  screen: string;
  name: string;
  query: string;
  createdAt: string;
}
interface GraphQLError {
  message: string;
  extensions?: { code?: string; field?: string };
}

let ctx: TestContext;
let staff: Record<StaffRoleKey, SignedInStaff>;

async function call(query: string, variables: Record<string, unknown>, who: StaffRoleKey) {
  const { body } = await graphql(ctx.app, query, variables, staff[who].token);
  return { data: body.data, error: body.errors?.[0] as GraphQLError | undefined };
}

async function create(who: StaffRoleKey, name: string, query = 'status=PAID', screen = 'ORDERS') {
  const { data, error } = await call(CREATE, { input: { screen, name, query } }, who);
  return { view: (data?.savedViewCreate ?? null) as View | null, error };
}

async function list(who: StaffRoleKey, screen = 'ORDERS') {
  const { data, error } = await call(LIST, { screen }, who);
  expect(error).toBeUndefined();
  return data!.savedViews as View[];
}

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await signInStaffRoles(ctx);
});

afterAll(async () => {
  await ctx.close();
});

describe('saved views', () => {
  it("saves the caller's views per screen, oldest first, and lists only the caller's", async () => {
    const pix = await create(
      'support',
      '  Pix   a conferir ',
      '?paymentMethod=PIX&ordem=EXPIRES_SOONEST',
    );
    expect(pix.error).toBeUndefined();
    expect(pix.view).toMatchObject({
      screen: 'ORDERS',
      name: 'Pix a conferir',
      query: 'paymentMethod=PIX&ordem=EXPIRES_SOONEST',
    });
    expect(Number.isNaN(Date.parse(pix.view!.createdAt))).toBe(false);
    await create('support', 'A enviar', 'status=PAID&busca=Jos%C3%A9+Silva');
    await create('support', 'Sem estoque', 'estoque=0', 'PRODUCTS');
    await create('admin', 'Minha visão');

    expect((await list('support')).map((v) => v.name)).toEqual(['Pix a conferir', 'A enviar']);
    expect((await list('support', 'PRODUCTS')).map((v) => v.name)).toEqual(['Sem estoque']);
    expect((await list('admin')).map((v) => v.name)).toEqual(['Minha visão']);
    expect(await list('manager')).toEqual([]);
  });

  it('refuses a name the caller already uses on that screen, in any case', async () => {
    await create('manager', 'Aurora pagos');
    const again = await create('manager', '  AURORA   PAGOS');
    expect(again.view).toBeNull();
    expect(again.error?.message).toBe('Já existe uma visão com esse nome.');
    expect(again.error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'name' });
    // Another screen, or another person, may use it.
    expect((await create('manager', 'Aurora pagos', 'marca=x', 'PRODUCTS')).error).toBeUndefined();
    expect((await create('admin', 'Aurora pagos')).error).toBeUndefined();
  });

  it('keeps one of two identical names saved at once', async () => {
    const results = await Promise.all([create('admin', 'Corrida'), create('admin', 'corrida')]);
    expect(results.filter((r) => r.view !== null)).toHaveLength(1);
    expect(results.find((r) => r.error)?.error?.message).toBe('Já existe uma visão com esse nome.');
  });

  it.each([
    ['an empty name', '   ', 'status=PAID', 'name', 'Dê um nome à visão.'],
    [
      'a name over 60 characters',
      'x'.repeat(61),
      'status=PAID',
      'name',
      'O nome pode ter no máximo 60 caracteres.',
    ],
    [
      'a query over 2,000 characters',
      'Longa',
      `q=${'x'.repeat(1999)}`,
      'query',
      'Os filtros podem ter no máximo 2000 caracteres.',
    ],
    [
      'a fragment',
      'Com fragmento',
      'status=PAID#topo',
      'query',
      'Filtros inválidos: salve a visão a partir da lista.',
    ],
    [
      'a space',
      'Com espaço',
      'busca=José Silva',
      'query',
      'Filtros inválidos: salve a visão a partir da lista.',
    ],
    [
      'a broken escape',
      'Escape',
      'busca=%E9%ZZ',
      'query',
      'Filtros inválidos: salve a visão a partir da lista.',
    ],
  ])('refuses %s', async (_label, name, query, field, message) => {
    const { view, error } = await create('support', name, query);
    expect(view).toBeNull();
    expect(error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(error?.message).toBe(message);
  });

  it('accepts 60 characters of name, 2,000 of query and an empty query', async () => {
    expect(
      (await create('support', 'n'.repeat(60), `q=${'x'.repeat(1998)}`)).error,
    ).toBeUndefined();
    expect((await create('support', 'Tudo', '')).error).toBeUndefined();
  });

  it('keeps at most 50 views per person and screen', async () => {
    const { db } = ctx;
    const rows = Array.from({ length: 50 }, (_, i) => ({
      staffId: staff.manager.id,
      screen: 'PRODUCTS' as const,
      name: `Visão ${i}`,
      query: `p=${i}`,
    }));
    // The manager already has one PRODUCTS view: 49 more fill the screen.
    await db.insert(staffSavedViews).values(rows.slice(0, 49));
    const { view, error } = await create('manager', 'Mais uma', 'p=x', 'PRODUCTS');
    expect(view).toBeNull();
    expect(error?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(error?.message).toBe(
      'Você já tem 50 visões salvas nesta tela: apague uma para salvar outra.',
    );
    expect((await create('manager', 'Mais uma', 'p=x', 'ORDERS')).error).toBeUndefined();
  });

  it("deletes the caller's own view; another's answers as a missing one", async () => {
    const { view } = await create('support', 'Para apagar');
    const foreign = await call(DELETE, { id: view!.id }, 'admin');
    expect(foreign.error?.extensions?.code).toBe('NOT_FOUND');
    expect(foreign.error?.message).toBe('Visão não encontrada.');
    expect((await list('support')).some((v) => v.id === view!.id)).toBe(true);

    const own = await call(DELETE, { id: view!.id }, 'support');
    expect(own.error).toBeUndefined();
    expect(own.data?.savedViewDelete).toBe(true);
    expect((await list('support')).some((v) => v.id === view!.id)).toBe(false);

    for (const id of [view!.id, 'nao-e-uuid']) {
      const missing = await call(DELETE, { id }, 'support');
      expect(missing.error?.extensions?.code).toBe('NOT_FOUND');
      expect(missing.error?.message).toBe('Visão não encontrada.');
    }
  });

  it('asks for a signed-in staff member', async () => {
    const { body } = await graphql(ctx.app, LIST, { screen: 'ORDERS' });
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
