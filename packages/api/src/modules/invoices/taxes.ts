// The tax groups of each NF-e line, in Focus NFe's field names, for what a retail store sells:
//
// - ICMS. Simples Nacional (CRT 1 and 2): the CSOSN only, for the codes that need no more data
//   (102, 103, 300, 400, 500); 101, 201, 202, 203 and 900 need the credit and ST rates the store
//   does not keep, and are refused with a message. Regime normal (CRT 3): CST 00 with the base
//   (the line's value with its frete and other expenses, less its discount) at the store's rate
//   inside its UF (NFE_ICMS_RATE, 18 % unless set) or the interstate rate (4 % for imported goods,
//   origens 1, 2, 3 and 8; 7 % from the South and Southeast but Espírito Santo to the North,
//   Northeast, Center-West and Espírito Santo; 12 % otherwise); 40, 41, 50 and 60 carry the CST
//   only; the others need data the store does not keep and are refused. The DIFAL of an
//   interstate sale to a consumer (ICMSUFDest) is not computed: a store under the regime normal
//   selling to other UFs must have its provider or accountant fill it.
// - PIS/COFINS. Simples: CST 49 with zero values (collected in the DAS). Lucro Presumido: CST 01 at
//   0.65 % and 3 % (cumulative); Lucro Real: CST 01 at 1.65 % and 7.6 %. The base excludes the
//   line's ICMS (STF, Tema 69).
// - IBS/CBS (the 2026 reform, NT 2025.002's IBSCBS group): omitted for the Simples Nacional
//   (CRT 1, which does not inform them in 2026); for CRT 2 and 3, CST 000 (tributação integral),
//   cClassTrib 000001, the base being the line's value less its ICMS, PIS and COFINS, at the
//   2026 test rates (CBS 0.9 %, IBS UF 0.1 %, IBS municipal 0 %): configuration
//   (NFE_CBS_RATE, NFE_IBS_UF_RATE, NFE_IBS_MUN_RATE), not law written in code.
import { TAX_REGIME_CRT, type TaxRegime } from '@vitrine/rules';

export interface ReformRates {
  /** Percentages, e.g. 0.9 for 0.9 %. */
  cbs: number;
  ibsUf: number;
  ibsMun: number;
  /** The ICMS rate inside the store's UF (regime normal, CST 00). */
  icmsInside: number;
}

export const DEFAULT_RATES: ReformRates = { cbs: 0.9, ibsUf: 0.1, ibsMun: 0, icmsInside: 18 };

/** IBS/CBS: CST 000 (tributação integral) and its classification 000001. */
export const IBS_CBS_CST = '000';
export const IBS_CBS_CLASS = '000001';

export interface LineTaxes {
  fields: Record<string, unknown>;
  icmsBaseCents: number;
  icmsCents: number;
  pisCents: number;
  cofinsCents: number;
  /** null when the regime does not inform IBS/CBS. */
  reform: { baseCents: number; ibsUfCents: number; ibsMunCents: number; cbsCents: number } | null;
}

export interface LineTaxInput {
  regime: TaxRegime;
  situation: string;
  origin: number;
  storeUf: string;
  destinationUf: string;
  /** The line's value: gross less discount, plus its frete and other expenses. */
  baseCents: number;
  rates: ReformRates;
}

const SIMPLES_PLAIN = ['102', '103', '300', '400', '500'];
const NORMAL_PLAIN = ['40', '41', '50', '60'];
const SOUTH_SOUTHEAST = ['SP', 'RJ', 'MG', 'PR', 'SC', 'RS'];
const NORTH_NORTHEAST_CENTER_WEST_ES = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'RN',
  'RO',
  'RR',
  'SE',
  'TO',
];

/** The ICMS rate of a sale from `from` to `to` (percent). */
export function icmsRate(from: string, to: string, origin: number, inside: number): number {
  if (from === to) return inside;
  if ([1, 2, 3, 8].includes(origin)) return 4;
  if (SOUTH_SOUTHEAST.includes(from) && NORTH_NORTHEAST_CENTER_WEST_ES.includes(to)) return 7;
  return 12;
}

const percentOf = (cents: number, percent: number) => Math.round((cents * percent) / 100);
const money = (cents: number) => Number((cents / 100).toFixed(2));

const PIS_COFINS: Record<TaxRegime, { cst: string; pis: number; cofins: number }> = {
  SIMPLES_NACIONAL: { cst: '49', pis: 0, cofins: 0 },
  SIMPLES_EXCESSO: { cst: '49', pis: 0, cofins: 0 },
  LUCRO_PRESUMIDO: { cst: '01', pis: 0.65, cofins: 3 },
  LUCRO_REAL: { cst: '01', pis: 1.65, cofins: 7.6 },
};

function icmsOf(
  input: LineTaxInput,
):
  | { ok: true; fields: Record<string, unknown>; baseCents: number; valueCents: number }
  | { ok: false; problem: string } {
  const { situation } = input;
  if (TAX_REGIME_CRT[input.regime] !== 3) {
    if (!SIMPLES_PLAIN.includes(situation)) {
      return {
        ok: false,
        problem: `o CSOSN ${situation} pede alíquotas de crédito ou de substituição tributária que a loja não guarda; use ${SIMPLES_PLAIN.join(', ')} ou emita esta nota pelo emissor do seu contador.`,
      };
    }
    return {
      ok: true,
      fields: { icms_situacao_tributaria: situation },
      baseCents: 0,
      valueCents: 0,
    };
  }
  if (NORMAL_PLAIN.includes(situation)) {
    return {
      ok: true,
      fields: { icms_situacao_tributaria: situation },
      baseCents: 0,
      valueCents: 0,
    };
  }
  if (situation !== '00') {
    return {
      ok: false,
      problem: `o CST ${situation} do ICMS pede dados (redução de base, substituição tributária) que a loja não guarda; use 00, ${NORMAL_PLAIN.join(', ')} ou emita esta nota pelo emissor do seu contador.`,
    };
  }
  const rate = icmsRate(input.storeUf, input.destinationUf, input.origin, input.rates.icmsInside);
  const value = percentOf(input.baseCents, rate);
  return {
    ok: true,
    fields: {
      icms_situacao_tributaria: '00',
      icms_modalidade_base_calculo: 3,
      icms_base_calculo: money(input.baseCents),
      icms_aliquota: rate,
      icms_valor: money(value),
    },
    baseCents: input.baseCents,
    valueCents: value,
  };
}

export function lineTaxes(
  input: LineTaxInput,
): { ok: true; taxes: LineTaxes } | { ok: false; problem: string } {
  const icms = icmsOf(input);
  if (!icms.ok) return icms;
  const rule = PIS_COFINS[input.regime];
  const pisBase = rule.pis > 0 ? input.baseCents - icms.valueCents : 0;
  const pis = percentOf(pisBase, rule.pis);
  const cofins = percentOf(pisBase, rule.cofins);
  const fields: Record<string, unknown> = {
    ...icms.fields,
    pis_situacao_tributaria: rule.cst,
    pis_base_calculo: money(pisBase),
    pis_aliquota_porcentual: rule.pis,
    pis_valor: money(pis),
    cofins_situacao_tributaria: rule.cst,
    cofins_base_calculo: money(pisBase),
    cofins_aliquota_porcentual: rule.cofins,
    cofins_valor: money(cofins),
  };
  let reform: LineTaxes['reform'] = null;
  if (TAX_REGIME_CRT[input.regime] !== 1) {
    const base = input.baseCents - icms.valueCents - pis - cofins;
    const { rates } = input;
    reform = {
      baseCents: base,
      ibsUfCents: percentOf(base, rates.ibsUf),
      ibsMunCents: percentOf(base, rates.ibsMun),
      cbsCents: percentOf(base, rates.cbs),
    };
    Object.assign(fields, {
      ibs_cbs_situacao_tributaria: IBS_CBS_CST,
      ibs_cbs_classificacao_tributaria: IBS_CBS_CLASS,
      ibs_cbs_base_calculo: money(base),
      ibs_uf_aliquota: rates.ibsUf,
      ibs_uf_valor: money(reform.ibsUfCents),
      ibs_mun_aliquota: rates.ibsMun,
      ibs_mun_valor: money(reform.ibsMunCents),
      ibs_valor: money(reform.ibsUfCents + reform.ibsMunCents),
      cbs_aliquota: rates.cbs,
      cbs_valor: money(reform.cbsCents),
    });
  }
  return {
    ok: true,
    taxes: {
      fields,
      icmsBaseCents: icms.baseCents,
      icmsCents: icms.valueCents,
      pisCents: pis,
      cofinsCents: cofins,
      reform,
    },
  };
}

/** The invoice's tax totals (ICMSTot, and IBSCBSTot when the lines carry IBS/CBS). */
export function reformTotals(taxes: readonly LineTaxes[]): Record<string, unknown> {
  const sum = (pick: (t: LineTaxes) => number) => taxes.reduce((s, t) => s + pick(t), 0);
  const totals: Record<string, unknown> = {
    icms_base_calculo: money(sum((t) => t.icmsBaseCents)),
    icms_valor_total: money(sum((t) => t.icmsCents)),
    valor_pis: money(sum((t) => t.pisCents)),
    valor_cofins: money(sum((t) => t.cofinsCents)),
  };
  if (taxes.some((t) => t.reform === null)) return totals;
  const reform = (pick: (r: NonNullable<LineTaxes['reform']>) => number) =>
    money(sum((t) => pick(t.reform!)));
  return {
    ...totals,
    ibs_cbs_base_calculo_total: reform((r) => r.baseCents),
    ibs_uf_valor_total: reform((r) => r.ibsUfCents),
    ibs_mun_valor_total: reform((r) => r.ibsMunCents),
    ibs_valor_total: reform((r) => r.ibsUfCents + r.ibsMunCents),
    cbs_valor_total: reform((r) => r.cbsCents),
  };
}
