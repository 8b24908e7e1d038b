// Parity table of the fiscal data (the NF-e's): the store's fiscal settings (settingsUpdate) and
// a product's (productsBulk SET_FISCAL), and what the API answers. The same rows run through the
// real server (packages/api/test/parity.test.ts) and through the MSW mocks (packages/ui/src/mocks/
// parity.test.ts); the answers are written out, not derived from the rules.
import type { ParityAnswer } from './orders.cases';

/** The store's address in São Paulo: each row sets it, so the UF checks do not depend on state. */
export const FISCAL_STORE_ADDRESS =
  'Rua Augusta, 1500, sala 12 – Consolação, São Paulo/SP, CEP 01304-001';

export const FISCAL_SETTINGS_DOCUMENT = `mutation ($input: SettingsInput!) {
  r: settingsUpdate(input: $input) {
    stateRegistration taxRegime ibgeCityCode defaultTaxSituation cfopInsideState cfopOutsideState
  }
}`;

export interface FiscalSettingsCase {
  name: string;
  /** Sent with legalAddress: FISCAL_STORE_ADDRESS. */
  input: Record<string, unknown>;
  answer: ParityAnswer<Record<string, unknown>>;
}

const refused = (field: string, message: string) => ({ code: 'BAD_USER_INPUT', field, message });

/** A whole valid set: rows that succeed give every field the document asks for. */
const VALID = {
  stateRegistration: '110.042.490.114',
  taxRegime: 'SIMPLES_NACIONAL',
  ibgeCityCode: '3550308',
  defaultTaxSituation: '102',
  cfopInsideState: '5.102',
  cfopOutsideState: '6108',
};

export const FISCAL_SETTINGS_CASES: FiscalSettingsCase[] = [
  {
    name: 'the store’s fiscal data, normalised',
    input: VALID,
    answer: {
      data: {
        stateRegistration: '110042490114',
        taxRegime: 'SIMPLES_NACIONAL',
        ibgeCityCode: '3550308',
        defaultTaxSituation: '102',
        cfopInsideState: '5102',
        cfopOutsideState: '6108',
      },
    },
  },
  {
    name: 'ISENTO as the inscrição estadual, under Lucro Presumido with a CST',
    input: {
      ...VALID,
      stateRegistration: 'isento',
      taxRegime: 'LUCRO_PRESUMIDO',
      defaultTaxSituation: '00',
    },
    answer: {
      data: {
        stateRegistration: 'ISENTO',
        taxRegime: 'LUCRO_PRESUMIDO',
        ibgeCityCode: '3550308',
        defaultTaxSituation: '00',
        cfopInsideState: '5102',
        cfopOutsideState: '6108',
      },
    },
  },
  {
    name: 'an inscrição estadual that is not digits',
    input: { ...VALID, stateRegistration: 'abc' },
    answer: refused(
      'stateRegistration',
      'Inscrição estadual inválida: só os dígitos (2 a 14) ou ISENTO.',
    ),
  },
  {
    name: 'an IBGE code of another UF than the store’s address',
    input: { ...VALID, ibgeCityCode: '3304557' },
    answer: refused(
      'ibgeCityCode',
      'O código IBGE do município não é de SP: os dois primeiros dígitos devem ser 35.',
    ),
  },
  {
    name: 'a CST as the default under the Simples Nacional',
    input: { ...VALID, defaultTaxSituation: '00' },
    answer: refused(
      'defaultTaxSituation',
      'CSOSN inválido no Simples Nacional: use um de 101, 102, 103, 201, 202, 203, 300, 400, 500, 900.',
    ),
  },
  {
    name: 'an interstate CFOP as the one inside the state',
    input: { ...VALID, cfopInsideState: '6102' },
    answer: refused(
      'cfopInsideState',
      'CFOP de venda dentro do estado inválido: 4 dígitos começando por 5, como 5102.',
    ),
  },
  {
    name: 'a series above 999',
    input: { ...VALID, nfeSeries: 1000 },
    answer: refused('nfeSeries', 'Série da NF-e inválida: de 0 a 999.'),
  },
];

export const SET_FISCAL_DOCUMENT = `mutation ($input: ProductBulkInput!) {
  r: productsBulk(input: $input) { action count }
}`;

export interface SetFiscalCase {
  name: string;
  /** The fiscal values set on one product (expectedCount 1). */
  fiscal: Record<string, unknown>;
  answer: ParityAnswer<Record<string, unknown>>;
}

export const SET_FISCAL_CASES: SetFiscalCase[] = [
  {
    name: 'an NCM with its dots, a CEST and an origin',
    fiscal: { ncm: '6109.10.00', cest: '28.038.00', origin: 2 },
    answer: { data: { action: 'SET_FISCAL', count: 1 } },
  },
  {
    name: 'an NCM of 4 digits',
    fiscal: { ncm: '6109' },
    answer: refused(
      'input.fiscal.ncm',
      'NCM inválido: use os 8 dígitos da classificação fiscal do produto, como 61091000.',
    ),
  },
  {
    name: 'an origin of 9',
    fiscal: { origin: 9 },
    answer: refused('input.fiscal.origin', 'Origem da mercadoria inválida: escolha de 0 a 8.'),
  },
  {
    name: 'nothing to set',
    fiscal: {},
    answer: refused(
      'input.fiscal.ncm',
      'Informe ao menos um dado fiscal: NCM, CEST, origem ou situação tributária.',
    ),
  },
];
