// Fiscal data of the NF-e (modelo 55), in one place for the server, the dashboard and the mocks:
// the store's tax regime and codes, and each product's NCM, CEST, origem and tax situation, with
// the Portuguese message of each wrong value. Formats as SEFAZ's layout (MOC 7.0) defines them;
// the database checks the same formats (migrations/0045_fiscal_data.sql).
import { z } from 'zod';

import { parseAddressLine } from './address';
import type { Uf } from './uf';

export const TAX_REGIMES = [
  'SIMPLES_NACIONAL',
  'SIMPLES_EXCESSO',
  'LUCRO_PRESUMIDO',
  'LUCRO_REAL',
] as const;
export type TaxRegime = (typeof TAX_REGIMES)[number];

export const TAX_REGIME_LABELS: Record<TaxRegime, string> = {
  SIMPLES_NACIONAL: 'Simples Nacional',
  SIMPLES_EXCESSO: 'Simples Nacional, excesso de sublimite de receita bruta',
  LUCRO_PRESUMIDO: 'Lucro Presumido',
  LUCRO_REAL: 'Lucro Real',
};

/** The NF-e's CRT (código de regime tributário) of each regime. */
export const TAX_REGIME_CRT: Record<TaxRegime, 1 | 2 | 3> = {
  SIMPLES_NACIONAL: 1,
  SIMPLES_EXCESSO: 2,
  LUCRO_PRESUMIDO: 3,
  LUCRO_REAL: 3,
};

/** CSOSN of the Simples Nacional (CRT 1 and 2): the ICMS situation of a line. */
export const CSOSN_CODES = [
  '101',
  '102',
  '103',
  '201',
  '202',
  '203',
  '300',
  '400',
  '500',
  '900',
] as const;
/** CST of the ICMS (CRT 3). */
export const CST_ICMS_CODES = [
  '00',
  '10',
  '20',
  '30',
  '40',
  '41',
  '50',
  '51',
  '60',
  '70',
  '90',
] as const;

/** Origem da mercadoria (0 nacional … 8 nacional com conteúdo de importação acima de 70 %). */
export const ORIGIN_LABELS: Record<number, string> = {
  0: '0 – Nacional',
  1: '1 – Estrangeira, importação direta',
  2: '2 – Estrangeira, adquirida no mercado interno',
  3: '3 – Nacional, conteúdo de importação entre 40 % e 70 %',
  4: '4 – Nacional, produção por processos produtivos básicos',
  5: '5 – Nacional, conteúdo de importação até 40 %',
  6: '6 – Estrangeira, importação direta, sem similar nacional (CAMEX)',
  7: '7 – Estrangeira, mercado interno, sem similar nacional (CAMEX)',
  8: '8 – Nacional, conteúdo de importação acima de 70 %',
};

/** The IBGE code of each UF: the first two digits of its cities' seven-digit codes. */
export const UF_IBGE_CODES: Record<Uf, string> = {
  RO: '11',
  AC: '12',
  AM: '13',
  RR: '14',
  PA: '15',
  AP: '16',
  TO: '17',
  MA: '21',
  PI: '22',
  CE: '23',
  RN: '24',
  PB: '25',
  PE: '26',
  AL: '27',
  SE: '28',
  BA: '29',
  MG: '31',
  ES: '32',
  RJ: '33',
  SP: '35',
  PR: '41',
  SC: '42',
  RS: '43',
  MS: '50',
  MT: '51',
  GO: '52',
  DF: '53',
};

export const FISCAL_MESSAGES = {
  ncm: 'NCM inválido: use os 8 dígitos da classificação fiscal do produto, como 61091000.',
  cest: 'CEST inválido: use 7 dígitos, como 2803800.',
  origin: 'Origem da mercadoria inválida: escolha de 0 a 8.',
  csosn: `CSOSN inválido no Simples Nacional: use um de ${CSOSN_CODES.join(', ')}.`,
  cst: `CST do ICMS inválido: use um de ${CST_ICMS_CODES.join(', ')}.`,
  cfopInside: 'CFOP de venda dentro do estado inválido: 4 dígitos começando por 5, como 5102.',
  cfopOutside: 'CFOP de venda para outro estado inválido: 4 dígitos começando por 6, como 6108.',
  stateRegistration: 'Inscrição estadual inválida: só os dígitos (2 a 14) ou ISENTO.',
  ibgeCityCode: 'Código IBGE do município inválido: 7 dígitos, como 3550308 (São Paulo).',
  ibgeCityCodeUf: (uf: string) =>
    `O código IBGE do município não é de ${uf}: os dois primeiros dígitos devem ser ${UF_IBGE_CODES[uf as Uf] ?? '?'}.`,
  nfeSeries: 'Série da NF-e inválida: de 0 a 999.',
  nfeNextNumber: 'Próximo número da NF-e inválido: de 1 a 999.999.999.',
  natureOfOperation: 'Natureza da operação: de 1 a 60 caracteres.',
} as const;

const digits = (value: string) => value.replace(/[\s.-]/g, '');

/**
 * 'Rejeição 778: Informado NCM inexistente': SEFAZ's code and its message (xMotivo), which often
 * starts with 'Rejeição:' itself (said once); the message alone for a rejection before sending.
 */
export function sefazRejectionText(code: string | null, message: string | null): string {
  const text = (message ?? '').trim();
  return code ? `Rejeição ${code}: ${text.replace(/^Rejei[cç][aã]o:\s*/i, '')}` : text;
}

/** '6109.10.00' -> '61091000'; null when it is not 8 digits of a real chapter (01 to 97). */
export function normaliseNcm(value: string): string | null {
  const ncm = digits(value);
  if (!/^[0-9]{8}$/.test(ncm)) return null;
  const chapter = Number(ncm.slice(0, 2));
  return chapter >= 1 && chapter <= 97 ? ncm : null;
}

/** '28.038.00' -> '2803800'; null when it is not 7 digits. */
export function normaliseCest(value: string): string | null {
  const cest = digits(value);
  return /^[0-9]{7}$/.test(cest) ? cest : null;
}

export function isValidOrigin(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= 8;
}

/** The tax situation's message under this regime; null when the code fits it. */
export function taxSituationError(code: string, regime: TaxRegime | null): string | null {
  const simples = regime === null || TAX_REGIME_CRT[regime] !== 3;
  if (simples)
    return (CSOSN_CODES as readonly string[]).includes(code) ? null : FISCAL_MESSAGES.csosn;
  return (CST_ICMS_CODES as readonly string[]).includes(code) ? null : FISCAL_MESSAGES.cst;
}

/** 'Isento' / '123.456.789.110' -> 'ISENTO' / '123456789110'; null when neither. */
export function normaliseStateRegistration(value: string): string | null {
  const text = value.trim().toUpperCase();
  if (text === 'ISENTO') return 'ISENTO';
  const number = digits(text).replace(/\//g, '');
  return /^[0-9]{2,14}$/.test(number) ? number : null;
}

/** The IBGE city code's message for the store's UF; null when it is one of that UF's cities. */
export function ibgeCityCodeError(code: string, uf: string | null): string | null {
  if (!/^[1-5][0-9]{6}$/.test(code)) return FISCAL_MESSAGES.ibgeCityCode;
  const expected = uf ? UF_IBGE_CODES[uf as Uf] : undefined;
  if (expected && !code.startsWith(expected)) return FISCAL_MESSAGES.ibgeCityCodeUf(uf!);
  return null;
}

export function isValidCfop(value: string, scope: 'inside' | 'outside'): boolean {
  return new RegExp(`^${scope === 'inside' ? 5 : 6}[0-9]{3}$`).test(value);
}

// ---- inputs: the store's fiscal settings and a product's fiscal data -------------------------
// One zod schema each, for the server (settingsUpdate, productSave, productsBulk SET_FISCAL, the
// CSV import) and the ui's mocks. Every key optional: absent keeps the stored value, null clears a
// nullable one. What depends on the stored data (the regime, the store's UF) is checked by
// fiscalSettingsConflict and taxSituationError once the values are merged.

export const NFE_ISSUE_ON = ['PAID', 'SHIPPED'] as const;
export type NfeIssueOn = (typeof NFE_ISSUE_ON)[number];

export const NFE_ISSUE_ON_LABELS: Record<NfeIssueOn, string> = {
  PAID: 'Quando o pedido é pago',
  SHIPPED: 'Quando o pedido é enviado',
};

export const FISCAL_INPUT_MESSAGES = {
  taxRegime: 'Regime tributário inválido: escolha Simples Nacional, Lucro Presumido ou Lucro Real.',
  nfeIssueOn: 'Informe quando emitir a NF-e: quando o pedido é pago ou quando é enviado.',
  taxSituation: 'Situação tributária inválida: use o código CSOSN (3 dígitos) ou CST (2 dígitos).',
  cestWithoutNcm: 'Informe o NCM do produto antes do CEST.',
  fiscalEmpty: 'Informe ao menos um dado fiscal: NCM, CEST, origem ou situação tributária.',
} as const;

/** A text cleared by null or blank; otherwise `normalise`d, or the message. */
function fiscalCode(normalise: (value: string) => string | null, message: string) {
  return z
    .string({ error: message })
    .nullish()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (value === null || value.trim() === '') return null;
      const code = normalise(value);
      if (code === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return code;
    });
}

const taxSituationCode = fiscalCode(
  (value) => (/^([0-9]{2}|[0-9]{3})$/.test(value.trim()) ? value.trim() : null),
  FISCAL_INPUT_MESSAGES.taxSituation,
);

const originSchema = z
  .number({ error: FISCAL_MESSAGES.origin })
  .int(FISCAL_MESSAGES.origin)
  .min(0, FISCAL_MESSAGES.origin)
  .max(8, FISCAL_MESSAGES.origin)
  .optional();

/** A product's fiscal data (productSave, SET_FISCAL, the import): normalised codes. */
export const productFiscalSchema = z.object({
  ncm: fiscalCode(normaliseNcm, FISCAL_MESSAGES.ncm),
  cest: fiscalCode(normaliseCest, FISCAL_MESSAGES.cest),
  origin: originSchema,
  taxSituation: taxSituationCode,
});
export type ProductFiscalInput = z.input<typeof productFiscalSchema>;
/** Each key optional: absent keeps the stored value, null clears it. */
export type ValidProductFiscal = Partial<z.output<typeof productFiscalSchema>>;

export interface ProductFiscal {
  ncm: string | null;
  cest: string | null;
  origin: number;
  taxSituation: string | null;
}

/**
 * The product's fiscal data once `patch` is applied to `current`, or the first message with its
 * field: a CEST needs an NCM, and the product's own tax situation must fit the store's regime.
 */
export function productFiscalError(
  fiscal: ProductFiscal,
  regime: TaxRegime | null,
): { field: keyof ProductFiscal; message: string } | null {
  if (fiscal.cest !== null && fiscal.ncm === null) {
    return { field: 'cest', message: FISCAL_INPUT_MESSAGES.cestWithoutNcm };
  }
  if (fiscal.taxSituation !== null) {
    const message = taxSituationError(fiscal.taxSituation, regime);
    if (message) return { field: 'taxSituation', message };
  }
  return null;
}

/** Applies a validated patch (absent keeps) to a product's fiscal data. */
export function mergeProductFiscal(
  current: ProductFiscal,
  patch: ValidProductFiscal,
): ProductFiscal {
  return {
    ncm: patch.ncm === undefined ? current.ncm : patch.ncm,
    cest: patch.cest === undefined ? current.cest : patch.cest,
    origin: patch.origin === undefined ? current.origin : patch.origin,
    taxSituation: patch.taxSituation === undefined ? current.taxSituation : patch.taxSituation,
  };
}

/** What SET_FISCAL sets on many products: at least one value; what is left out stays. */
export const productFiscalBulkSchema = productFiscalSchema.superRefine((value, ctx) => {
  if (Object.values(value).every((given) => given === undefined || given === null)) {
    ctx.addIssue({ code: 'custom', message: FISCAL_INPUT_MESSAGES.fiscalEmpty, path: ['ncm'] });
  }
});

/** 'NCM 61091000, origem 0, CSOSN 102': what a bulk fiscal change sets. */
export function describeProductFiscal(
  fiscal: ValidProductFiscal,
  regime: TaxRegime | null,
): string {
  const parts: string[] = [];
  if (fiscal.ncm) parts.push(`NCM ${fiscal.ncm}`);
  if (fiscal.cest) parts.push(`CEST ${fiscal.cest}`);
  if (fiscal.origin !== undefined) parts.push(`origem ${fiscal.origin}`);
  if (fiscal.taxSituation) parts.push(`${taxSituationName(regime)} ${fiscal.taxSituation}`);
  return parts.join(', ');
}

/** 'CSOSN' under the Simples Nacional (and with no regime chosen), 'CST' otherwise. */
export function taxSituationName(regime: TaxRegime | null): 'CSOSN' | 'CST' {
  return regime === null || TAX_REGIME_CRT[regime] !== 3 ? 'CSOSN' : 'CST';
}

/** The store's fiscal settings (settingsUpdate): each key optional, null clears a nullable one. */
export const fiscalSettingsSchema = z.object({
  stateRegistration: fiscalCode(normaliseStateRegistration, FISCAL_MESSAGES.stateRegistration),
  taxRegime: z.enum(TAX_REGIMES, { error: FISCAL_INPUT_MESSAGES.taxRegime }).nullish(),
  ibgeCityCode: fiscalCode(
    (value) => (/^[1-5][0-9]{6}$/.test(value.trim()) ? value.trim() : null),
    FISCAL_MESSAGES.ibgeCityCode,
  ),
  nfeSeries: z
    .number({ error: FISCAL_MESSAGES.nfeSeries })
    .int(FISCAL_MESSAGES.nfeSeries)
    .min(0, FISCAL_MESSAGES.nfeSeries)
    .max(999, FISCAL_MESSAGES.nfeSeries)
    .optional(),
  nfeNextNumber: z
    .number({ error: FISCAL_MESSAGES.nfeNextNumber })
    .int(FISCAL_MESSAGES.nfeNextNumber)
    .min(1, FISCAL_MESSAGES.nfeNextNumber)
    .max(999_999_999, FISCAL_MESSAGES.nfeNextNumber)
    .optional(),
  cfopInsideState: z
    .string({ error: FISCAL_MESSAGES.cfopInside })
    .transform((value) => value.replace(/[\s.]/g, ''))
    .refine((value) => isValidCfop(value, 'inside'), FISCAL_MESSAGES.cfopInside)
    .optional(),
  cfopOutsideState: z
    .string({ error: FISCAL_MESSAGES.cfopOutside })
    .transform((value) => value.replace(/[\s.]/g, ''))
    .refine((value) => isValidCfop(value, 'outside'), FISCAL_MESSAGES.cfopOutside)
    .optional(),
  natureOfOperation: z
    .string({ error: FISCAL_MESSAGES.natureOfOperation })
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .refine(
      // eslint-disable-next-line no-control-regex
      (value) => value.length >= 1 && value.length <= 60 && !/[\u0000-\u001f\u007f]/.test(value),
      FISCAL_MESSAGES.natureOfOperation,
    )
    .optional(),
  defaultTaxSituation: taxSituationCode,
  nfeIssueOn: z.enum(NFE_ISSUE_ON, { error: FISCAL_INPUT_MESSAGES.nfeIssueOn }).optional(),
});
export type FiscalSettingsInput = z.input<typeof fiscalSettingsSchema>;
export type ValidFiscalSettings = z.output<typeof fiscalSettingsSchema>;

/** The keys of the store's fiscal settings, in the form's order. */
export const FISCAL_SETTINGS_FIELDS = [
  'stateRegistration',
  'taxRegime',
  'ibgeCityCode',
  'nfeSeries',
  'nfeNextNumber',
  'cfopInsideState',
  'cfopOutsideState',
  'natureOfOperation',
  'defaultTaxSituation',
  'nfeIssueOn',
] as const;

/** The store's fiscal settings as stored and as the API answers them (AdminSettings). */
export interface FiscalSettings {
  stateRegistration: string | null;
  taxRegime: TaxRegime | null;
  ibgeCityCode: string | null;
  nfeSeries: number;
  nfeNextNumber: number;
  cfopInsideState: string;
  cfopOutsideState: string;
  natureOfOperation: string;
  defaultTaxSituation: string | null;
  nfeIssueOn: NfeIssueOn;
}

/**
 * What the stored settings with the patch applied may not be: an IBGE city code of another UF
 * than the store's address (when the address reads as 'Rua, nº – Bairro, Cidade/UF'), or a default
 * tax situation that does not fit the regime. The first wrong field and its message; null if none.
 */
export function fiscalSettingsConflict(settings: {
  taxRegime: TaxRegime | null;
  ibgeCityCode: string | null;
  defaultTaxSituation: string | null;
  legalAddress: string | null;
}): { field: 'ibgeCityCode' | 'defaultTaxSituation'; message: string } | null {
  if (settings.ibgeCityCode !== null) {
    const uf = settings.legalAddress ? (parseAddressLine(settings.legalAddress)?.uf ?? null) : null;
    const message = ibgeCityCodeError(settings.ibgeCityCode, uf);
    if (message) return { field: 'ibgeCityCode', message };
  }
  if (settings.defaultTaxSituation !== null) {
    const message = taxSituationError(settings.defaultTaxSituation, settings.taxRegime);
    if (message) return { field: 'defaultTaxSituation', message };
  }
  return null;
}
