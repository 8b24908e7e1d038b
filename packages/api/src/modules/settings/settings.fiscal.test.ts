// The store's fiscal data for the NF-e (issue 33, "Fiscal data"): inscrição estadual, regime, the
// IBGE code of the store's city (checked against the UF of its address), the series and the next
// number, the CFOPs, the natureza da operação, the default tax situation (CSOSN or CST by the
// regime) and when to issue. Any staff reads them; only ADMIN changes them, each change logged.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  graphql,
  signInStaffRoles,
  type TestContext,
} from '../../../test/helpers';

const FISCAL = `stateRegistration taxRegime ibgeCityCode nfeSeries nfeNextNumber cfopInsideState
  cfopOutsideState natureOfOperation defaultTaxSituation nfeIssueOn`;
const UPDATE = `mutation($input: SettingsInput!) { settingsUpdate(input: $input) { ${FISCAL} } }`;
const READ = `{ settings { ${FISCAL} } }`;

let ctx: TestContext;
const token = { admin: '', support: '', manager: '' };

type Answer = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string; field?: string } }[];
};

beforeAll(async () => {
  ctx = await createTestContext();
  const staff = await signInStaffRoles(ctx, { names: { admin: 'Ana Admin' } });
  token.admin = staff.admin.token;
  token.support = staff.support.token;
  token.manager = staff.manager.token;
});

afterAll(async () => {
  await ctx?.close();
});

async function update(input: Record<string, unknown>, as: keyof typeof token = 'admin') {
  const { body } = await graphql(ctx.app, UPDATE, { input }, token[as]);
  const answer = body as Answer;
  return {
    data: answer.data?.settingsUpdate as Record<string, unknown> | undefined,
    error: answer.errors?.[0],
  };
}

async function refused(input: Record<string, unknown>) {
  const { data, error } = await update(input);
  expect(data).toBeUndefined();
  expect(error?.extensions?.code).toBe('BAD_USER_INPUT');
  return { message: error!.message, field: error!.extensions?.field };
}

describe('the store’s fiscal data', () => {
  it('starts with the migration’s defaults, readable by every role', async () => {
    const expected = {
      stateRegistration: null,
      taxRegime: null,
      ibgeCityCode: null,
      nfeSeries: 1,
      nfeNextNumber: 1,
      cfopInsideState: '5102',
      cfopOutsideState: '6108',
      natureOfOperation: 'Venda de mercadoria',
      defaultTaxSituation: null,
      nfeIssueOn: 'PAID',
    };
    for (const as of ['admin', 'support', 'manager'] as const) {
      const { body } = await graphql(ctx.app, READ, {}, token[as]);
      expect((body as Answer).data?.settings, as).toEqual(expected);
    }
  });

  it('is changed by an ADMIN, normalised, logged in settings_changes and the audit log', async () => {
    const { data, error } = await update({
      legalAddress: 'Rua Augusta, 1500 – Consolação, São Paulo/SP, CEP 01304-001',
      stateRegistration: '110.042.490.114',
      taxRegime: 'SIMPLES_NACIONAL',
      ibgeCityCode: '3550308',
      nfeSeries: 2,
      nfeNextNumber: 1234,
      cfopInsideState: '5.102',
      cfopOutsideState: '6108',
      natureOfOperation: '  Venda   de mercadoria adquirida ',
      defaultTaxSituation: '102',
      nfeIssueOn: 'SHIPPED',
    });
    expect(error).toBeUndefined();
    expect(data).toEqual({
      stateRegistration: '110042490114',
      taxRegime: 'SIMPLES_NACIONAL',
      ibgeCityCode: '3550308',
      nfeSeries: 2,
      nfeNextNumber: 1234,
      cfopInsideState: '5102',
      cfopOutsideState: '6108',
      natureOfOperation: 'Venda de mercadoria adquirida',
      defaultTaxSituation: '102',
      nfeIssueOn: 'SHIPPED',
    });
    const change = await ctx.db.execute<{
      changes: Record<string, { from: unknown; to: unknown }>;
    }>(sql`SELECT changes FROM settings_changes ORDER BY created_at DESC LIMIT 1`);
    const changes = change.rows[0]!.changes;
    expect(changes.taxRegime).toEqual({ from: null, to: 'SIMPLES_NACIONAL' });
    expect(changes.nfeNextNumber).toEqual({ from: 1, to: 1234 });
    const audit = await ctx.db.execute<{ summary: string }>(
      sql`SELECT summary FROM audit_log WHERE action = 'settings.update'
          ORDER BY at DESC, id DESC LIMIT 1`,
    );
    expect(audit.rows[0]!.summary).toContain('Regime tributário');
    expect(audit.rows[0]!.summary).toContain('Código IBGE do município');
  });

  it('refuses SUPPORT and BRAND_MANAGER writing it', async () => {
    for (const as of ['support', 'manager'] as const) {
      const { error } = await update({ nfeSeries: 9 }, as);
      expect(error?.extensions?.code, as).toBe('FORBIDDEN');
    }
    const { body } = await graphql(ctx.app, READ, {}, token.admin);
    expect(((body as Answer).data?.settings as { nfeSeries: number }).nfeSeries).toBe(2);
  });

  it('refuses each malformed value with its Portuguese message on the field', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ stateRegistration: 'IE-ABC' }, 'stateRegistration', /Inscrição estadual inválida/],
      [{ ibgeCityCode: '355030' }, 'ibgeCityCode', /Código IBGE do município inválido/],
      [{ nfeSeries: 1000 }, 'nfeSeries', /Série da NF-e inválida/],
      [{ nfeSeries: null }, 'nfeSeries', /Série da NF-e inválida/],
      [{ nfeNextNumber: 0 }, 'nfeNextNumber', /Próximo número da NF-e inválido/],
      [{ cfopInsideState: '6102' }, 'cfopInsideState', /dentro do estado inválido/],
      [{ cfopOutsideState: '5102' }, 'cfopOutsideState', /para outro estado inválido/],
      [{ natureOfOperation: '   ' }, 'natureOfOperation', /Natureza da operação/],
      [{ natureOfOperation: 'x'.repeat(61) }, 'natureOfOperation', /Natureza da operação/],
      [{ defaultTaxSituation: '1' }, 'defaultTaxSituation', /Situação tributária inválida/],
    ];
    for (const [input, field, message] of cases) {
      const answer = await refused(input);
      expect(answer.field, JSON.stringify(input)).toBe(field);
      expect(answer.message).toMatch(message);
    }
  });

  it('checks the IBGE code against the UF of the store’s address', async () => {
    const other = await refused({ ibgeCityCode: '3304557' });
    expect(other).toEqual({
      field: 'ibgeCityCode',
      message: 'O código IBGE do município não é de SP: os dois primeiros dígitos devem ser 35.',
    });
    // Moving the address to Rio keeps São Paulo's code only if the code moves too.
    const moved = await refused({
      legalAddress: 'Av. Rio Branco, 1 – Centro, Rio de Janeiro/RJ, CEP 20090-003',
    });
    expect(moved.field).toBe('ibgeCityCode');
    const { error } = await update({
      legalAddress: 'Av. Rio Branco, 1 – Centro, Rio de Janeiro/RJ, CEP 20090-003',
      ibgeCityCode: '3304557',
    });
    expect(error).toBeUndefined();
    // An address that does not read as 'Rua, nº – Bairro, Cidade/UF' leaves only the format.
    expect(
      (await update({ legalAddress: 'Centro do Rio', ibgeCityCode: '3550308' })).error,
    ).toBeUndefined();
  });

  it('checks the default tax situation against the regime, as stored or as changed', async () => {
    // Simples Nacional stored: a CST is refused, a CSOSN taken.
    const cst = await refused({ defaultTaxSituation: '00' });
    expect(cst.field).toBe('defaultTaxSituation');
    expect(cst.message).toMatch(/^CSOSN inválido no Simples Nacional/);
    // Leaving the Simples with its CSOSN as the default is refused; with a CST it is taken.
    const regime = await refused({ taxRegime: 'LUCRO_PRESUMIDO' });
    expect(regime.field).toBe('defaultTaxSituation');
    expect(regime.message).toMatch(/^CST do ICMS inválido/);
    const { data, error } = await update({
      taxRegime: 'LUCRO_PRESUMIDO',
      defaultTaxSituation: '00',
    });
    expect(error).toBeUndefined();
    expect(data).toMatchObject({ taxRegime: 'LUCRO_PRESUMIDO', defaultTaxSituation: '00' });
    // Cleared, then the regime clears too.
    expect(
      (await update({ defaultTaxSituation: null, taxRegime: null, stateRegistration: '' })).data,
    ).toMatchObject({ defaultTaxSituation: null, taxRegime: null, stateRegistration: null });
  });

  it('takes ISENTO as the inscrição estadual, in any case', async () => {
    expect((await update({ stateRegistration: 'isento' })).data?.stateRegistration).toBe('ISENTO');
  });
});
