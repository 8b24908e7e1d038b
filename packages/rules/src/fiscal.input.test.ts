import { describe, expect, it } from 'vitest';
import { parseAddressLine } from './address';
import {
  checkRules,
  describeProductFiscal,
  FISCAL_INPUT_MESSAGES,
  FISCAL_MESSAGES,
  fiscalSettingsConflict,
  fiscalSettingsSchema,
  mergeProductFiscal,
  productFiscalBulkSchema,
  productFiscalError,
  productFiscalSchema,
} from './index';

describe('productFiscalSchema', () => {
  it('normalises the codes; absent stays absent, null or blank clears', () => {
    expect(checkRules(productFiscalSchema, { ncm: '6109.10.00', cest: ' ', origin: 2 })).toEqual({
      ok: true,
      value: { ncm: '61091000', cest: null, origin: 2 },
    });
    expect(checkRules(productFiscalSchema, { taxSituation: null })).toEqual({
      ok: true,
      value: { taxSituation: null },
    });
  });

  it('gives each wrong value its message on its field', () => {
    expect(checkRules(productFiscalSchema, { ncm: '123' })).toEqual({
      ok: false,
      issue: { field: 'ncm', message: FISCAL_MESSAGES.ncm },
    });
    expect(checkRules(productFiscalSchema, { origin: 9 })).toMatchObject({
      issue: { field: 'origin', message: FISCAL_MESSAGES.origin },
    });
    expect(checkRules(productFiscalSchema, { taxSituation: '1' })).toMatchObject({
      issue: { field: 'taxSituation', message: FISCAL_INPUT_MESSAGES.taxSituation },
    });
    expect(checkRules(productFiscalBulkSchema, {})).toMatchObject({
      issue: { field: 'ncm', message: FISCAL_INPUT_MESSAGES.fiscalEmpty },
    });
  });

  it('checks the merged data: a CEST needs an NCM, the tax situation the regime', () => {
    const none = { ncm: null, cest: null, origin: 0, taxSituation: null };
    expect(productFiscalError(mergeProductFiscal(none, { cest: '2803800' }), null)).toEqual({
      field: 'cest',
      message: FISCAL_INPUT_MESSAGES.cestWithoutNcm,
    });
    const cst = { ...none, taxSituation: '00' };
    expect(productFiscalError(cst, 'SIMPLES_NACIONAL')?.message).toBe(FISCAL_MESSAGES.csosn);
    expect(productFiscalError(cst, 'LUCRO_REAL')).toBeNull();
    expect(
      describeProductFiscal({ ncm: '61091000', origin: 0, taxSituation: '00' }, 'LUCRO_REAL'),
    ).toBe('NCM 61091000, origem 0, CST 00');
  });
});

describe('fiscalSettingsSchema and fiscalSettingsConflict', () => {
  it('normalises the store’s codes and refuses a non-null field sent as null', () => {
    expect(
      checkRules(fiscalSettingsSchema, {
        stateRegistration: 'isento',
        cfopInsideState: '5.102',
        natureOfOperation: '  Venda   de mercadoria ',
      }),
    ).toEqual({
      ok: true,
      value: {
        stateRegistration: 'ISENTO',
        cfopInsideState: '5102',
        natureOfOperation: 'Venda de mercadoria',
      },
    });
    expect(checkRules(fiscalSettingsSchema, { nfeSeries: null })).toMatchObject({
      issue: { field: 'nfeSeries', message: FISCAL_MESSAGES.nfeSeries },
    });
    expect(checkRules(fiscalSettingsSchema, { cfopOutsideState: '5102' })).toMatchObject({
      issue: { field: 'cfopOutsideState', message: FISCAL_MESSAGES.cfopOutside },
    });
  });

  it('checks the IBGE code against the address’s UF and the default against the regime', () => {
    const store = {
      taxRegime: null,
      ibgeCityCode: '3304557',
      defaultTaxSituation: null,
      legalAddress: 'Rua Augusta, 1500 – Consolação, São Paulo/SP, CEP 01304-001',
    };
    expect(fiscalSettingsConflict(store)).toEqual({
      field: 'ibgeCityCode',
      message: FISCAL_MESSAGES.ibgeCityCodeUf('SP'),
    });
    expect(fiscalSettingsConflict({ ...store, legalAddress: 'algum lugar' })).toBeNull();
    expect(
      fiscalSettingsConflict({ ...store, ibgeCityCode: null, defaultTaxSituation: '00' }),
    ).toMatchObject({ field: 'defaultTaxSituation', message: FISCAL_MESSAGES.csosn });
  });
});

describe('parseAddressLine', () => {
  it('reads the one-line address in parts', () => {
    expect(parseAddressLine('Av. Brasil, 12 - Centro, Rio de Janeiro/rj')).toMatchObject({
      city: 'Rio de Janeiro',
      uf: 'RJ',
      postalCode: '',
    });
    expect(parseAddressLine('Rua Augusta 1500, São Paulo')).toBeNull();
  });
});
