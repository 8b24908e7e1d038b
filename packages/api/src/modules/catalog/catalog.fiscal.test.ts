// Each product's fiscal data for the NF-e (issue 33, "Fiscal data"): NCM, CEST, origem and tax
// situation on the staff Product (never to the storefront), saved by the editor's productSave
// (absent keeps, null clears; the codes normalised; the tax situation by the store's regime) and
// set on many products by productsBulk SET_FISCAL (a value left out kept, all or nothing, roles
// and brands, history).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';
import { insertBrand, insertCategory, insertProduct } from './catalog.fixtures';

let ctx: TestContext;
const token = { admin: '', manager: '', support: '' };
const id = { aurora: '', boreal: '', roupas: '', shirt: '', cap: '', boot: '' };

type Body = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string; field?: string } }[];
};

async function gql(query: string, variables: Record<string, unknown>, as = 'admin') {
  const { body } = await graphql(ctx.app, query, variables, token[as as keyof typeof token]);
  return body as Body;
}

const FISCAL = 'ncm cest origin taxSituation';
const SAVE = `mutation($id: ID, $expectedVersion: Int, $input: ProductSaveInput!) {
  productSave(id: $id, expectedVersion: $expectedVersion, input: $input) { id version ${FISCAL} } }`;
const BULK = `mutation($input: ProductBulkInput!) {
  productsBulk(input: $input) { action count historyEntry { summary } } }`;
const STAFF_READ = `query($search: String) { staffProducts(filter: { search: $search }) {
  nodes { slug ${FISCAL} } } }`;

async function fiscalOf(productId: string) {
  const result = await ctx.db.execute<Record<string, unknown>>(
    sql`SELECT ncm, cest, origin, tax_situation AS "taxSituation", version FROM products
        WHERE id = ${productId}::uuid`,
  );
  const row = result.rows[0]!;
  return {
    ncm: row.ncm as string | null,
    cest: row.cest as string | null,
    origin: Number(row.origin),
    taxSituation: row.taxSituation as string | null,
    version: Number(row.version),
  };
}

async function setRegime(regime: string | null) {
  await ctx.db.execute(sql`UPDATE store_settings SET tax_regime = ${regime}`);
}

function baseInput(name: string, brandId = id.aurora) {
  return {
    name,
    description: '',
    brandId,
    categoryId: id.roupas,
    published: true,
    featured: false,
    images: [],
    variants: [{ sku: `${name.slice(0, 3).toUpperCase()}-U`, priceCents: 4990 }],
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  const aurora = await insertBrand(db, { slug: 'aurora', name: 'Aurora' });
  const boreal = await insertBrand(db, { slug: 'boreal', name: 'Boreal' });
  const roupas = await insertCategory(db, { slug: 'roupas', name: 'Roupas' });
  const product = (slug: string, name: string, brandId: string, sku: string) =>
    insertProduct(db, {
      slug,
      name,
      brandId,
      categoryId: roupas.id,
      variants: [{ sku, priceCents: 5990 }],
    });
  const shirt = await product('camiseta', 'Camiseta', aurora.id, 'CAM-U');
  const cap = await product('bone', 'Boné', aurora.id, 'BON-U');
  const boot = await product('bota', 'Bota', boreal.id, 'BOT-U');
  const staff = await signInStaffRoles(ctx, { managerBrandIds: [aurora.id] });
  token.admin = staff.admin.token;
  token.manager = staff.manager.token;
  token.support = staff.support.token;
  Object.assign(id, {
    aurora: aurora.id,
    boreal: boreal.id,
    roupas: roupas.id,
    shirt: shirt.id,
    cap: cap.id,
    boot: boot.id,
  });
});

afterAll(async () => {
  await ctx?.close();
});

describe('productSave: the product’s fiscal data', () => {
  let productId = '';
  let version = 0;

  it('creates a product with its codes normalised; origin 0 when left out', async () => {
    await setRegime('SIMPLES_NACIONAL');
    const body = await gql(SAVE, {
      input: { ...baseInput('Regata'), ncm: '6109.10.00', cest: '28.038.00', taxSituation: '102' },
    });
    expect(body.errors).toBeUndefined();
    const saved = body.data!.productSave as Record<string, unknown>;
    expect(saved).toMatchObject({
      ncm: '61091000',
      cest: '2803800',
      origin: 0,
      taxSituation: '102',
    });
    productId = saved.id as string;
    version = saved.version as number;
  });

  it('keeps what is left out, clears with null, and records the change in the history', async () => {
    const body = await gql(SAVE, {
      id: productId,
      expectedVersion: version,
      input: { ...baseInput('Regata'), origin: 2, cest: null },
    });
    expect(body.errors).toBeUndefined();
    expect(body.data!.productSave).toMatchObject({
      ncm: '61091000',
      cest: null,
      origin: 2,
      taxSituation: '102',
    });
    version = (body.data!.productSave as { version: number }).version;
    const history = await ctx.db.execute<{ summary: string; after: Record<string, unknown> }>(
      sql`SELECT summary, after FROM catalog_history WHERE action = 'product.save'
          ORDER BY created_at DESC LIMIT 1`,
    );
    expect(history.rows[0]!.summary).toMatch(/^Produto Regata: CEST, origem, /);
    expect(history.rows[0]!.after).toMatchObject({ cest: null, origin: 2 });
  });

  it('refuses wrong codes with the rules’ messages on input.<field>, changing nothing', async () => {
    const before = await fiscalOf(productId);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ncm: '6109100' }, 'input.ncm', /^NCM inválido/],
      [{ ncm: '00000000' }, 'input.ncm', /^NCM inválido/],
      [{ cest: '123' }, 'input.cest', /^CEST inválido/],
      [{ origin: 9 }, 'input.origin', /^Origem da mercadoria inválida/],
      [{ taxSituation: '00' }, 'input.taxSituation', /^CSOSN inválido no Simples Nacional/],
      [{ ncm: null, cest: '2803800' }, 'input.cest', /^Informe o NCM do produto antes do CEST/],
    ];
    for (const [fiscal, field, message] of cases) {
      const body = await gql(SAVE, {
        id: productId,
        expectedVersion: version,
        input: { ...baseInput('Regata'), ...fiscal },
      });
      expect(body.errors?.[0]?.extensions, JSON.stringify(fiscal)).toMatchObject({
        code: 'BAD_USER_INPUT',
        field,
      });
      expect(body.errors![0]!.message).toMatch(message);
    }
    expect(await fiscalOf(productId)).toEqual(before);
  });

  it('takes a CST under Lucro Presumido, and saves other fields after a regime change', async () => {
    await setRegime('LUCRO_PRESUMIDO');
    // The stored CSOSN no longer fits, but a save that does not send it is not blocked.
    const other = await gql(SAVE, {
      id: productId,
      expectedVersion: version,
      input: { ...baseInput('Regata'), featured: true },
    });
    expect(other.errors).toBeUndefined();
    version = (other.data!.productSave as { version: number }).version;
    const refused = await gql(SAVE, {
      id: productId,
      expectedVersion: version,
      input: { ...baseInput('Regata'), taxSituation: '102' },
    });
    expect(refused.errors?.[0]?.message).toMatch(/^CST do ICMS inválido/);
    const body = await gql(SAVE, {
      id: productId,
      expectedVersion: version,
      input: { ...baseInput('Regata'), taxSituation: '00' },
    });
    expect(body.errors).toBeUndefined();
    expect((await fiscalOf(productId)).taxSituation).toBe('00');
    await setRegime('SIMPLES_NACIONAL');
  });

  it('is read by any staff role and never by the storefront', async () => {
    for (const as of ['admin', 'support', 'manager']) {
      const body = await gql(STAFF_READ, { search: 'Regata' }, as);
      expect(body.errors, as).toBeUndefined();
      expect((body.data!.staffProducts as { nodes: unknown[] }).nodes).toEqual([
        { slug: 'regata', ncm: '61091000', cest: null, origin: 2, taxSituation: '00' },
      ]);
    }
    const { body } = await graphql(
      ctx.app,
      `
        {
          product(slug: "regata") {
            name
            ncm
          }
        }
      `,
    );
    const answer = body as Body;
    expect(answer.data?.product).toEqual({ name: 'Regata', ncm: null });
    expect(answer.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('productsBulk SET_FISCAL', () => {
  const setFiscal = (ids: string[], fiscal: Record<string, unknown>, as = 'admin') =>
    gql(BULK, { input: { action: 'SET_FISCAL', ids, fiscal, expectedCount: ids.length } }, as);

  it('sets the values given on every product and keeps the others', async () => {
    await ctx.db.execute(sql`UPDATE products SET origin = 1 WHERE id = ${id.cap}::uuid`);
    const before = await fiscalOf(id.shirt);
    const body = await setFiscal([id.shirt, id.cap], { ncm: '6109.10.00', taxSituation: '102' });
    expect(body.errors).toBeUndefined();
    expect(body.data!.productsBulk).toEqual({
      action: 'SET_FISCAL',
      count: 2,
      historyEntry: { summary: 'Dados fiscais de 2 produtos: NCM 61091000, CSOSN 102' },
    });
    expect(await fiscalOf(id.shirt)).toEqual({
      ncm: '61091000',
      cest: null,
      origin: 0,
      taxSituation: '102',
      version: before.version + 1,
    });
    expect(await fiscalOf(id.cap)).toMatchObject({ ncm: '61091000', origin: 1 });
  });

  it('refuses an empty change, a wrong code and a CST under the Simples, changing nothing', async () => {
    const before = JSON.stringify([await fiscalOf(id.shirt), await fiscalOf(id.cap)]);
    const cases: [Record<string, unknown> | null, string, RegExp][] = [
      [null, 'input.fiscal', /^Informe ao menos um dado fiscal/],
      [{ ncm: null, cest: '' }, 'input.fiscal.ncm', /^Informe ao menos um dado fiscal/],
      [{ ncm: '123' }, 'input.fiscal.ncm', /^NCM inválido/],
      [{ origin: -1 }, 'input.fiscal.origin', /^Origem da mercadoria inválida/],
      [{ taxSituation: '00' }, 'input.fiscal.taxSituation', /^CSOSN inválido/],
    ];
    for (const [fiscal, field, message] of cases) {
      const body = await setFiscal([id.shirt, id.cap], fiscal as Record<string, unknown>);
      expect(body.errors?.[0]?.extensions, JSON.stringify(fiscal)).toMatchObject({
        code: 'BAD_USER_INPUT',
        field,
      });
      expect(body.errors![0]!.message).toMatch(message);
    }
    expect(JSON.stringify([await fiscalOf(id.shirt), await fiscalOf(id.cap)])).toBe(before);
  });

  it('refuses a CEST for products without an NCM by name, unless the NCM comes with it', async () => {
    const refused = await setFiscal([id.shirt, id.boot], { cest: '2803800' });
    expect(refused.errors?.[0]).toMatchObject({
      message:
        '1 produto não tem NCM para receber o CEST: “Bota”. Informe também o NCM. Nada foi alterado.',
      extensions: { code: 'BAD_USER_INPUT', field: 'input.fiscal.cest' },
    });
    expect((await fiscalOf(id.shirt)).cest).toBeNull();
    const body = await setFiscal([id.shirt, id.boot], { cest: '2803800', ncm: '64039990' });
    expect(body.errors).toBeUndefined();
    expect(await fiscalOf(id.boot)).toMatchObject({ ncm: '64039990', cest: '2803800' });
  });

  it('is refused to SUPPORT and, outside their brands, to a BRAND_MANAGER', async () => {
    const support = await setFiscal([id.shirt], { origin: 3 }, 'support');
    expect(support.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const manager = await setFiscal([id.shirt, id.boot], { origin: 3 }, 'manager');
    expect(manager.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await fiscalOf(id.shirt)).origin).toBe(0);
    const own = await setFiscal([id.shirt], { origin: 3 }, 'manager');
    expect(own.errors).toBeUndefined();
    expect((await fiscalOf(id.shirt)).origin).toBe(3);
  });
});
