// The staff catalog mock's fiscal data, as the API answers it (catalog.fiscal.ts and
// catalog.bulk.fiscal.ts): productSave's NCM, CEST, origem and tax situation (absent keeps, null
// clears) and productsBulk SET_FISCAL ('Definir dados fiscais'), checked by @vitrine/rules with the
// demo store's regime (Simples Nacional: CSOSN codes).
import {
  checkRules,
  describeProductFiscal,
  FISCAL_INPUT_MESSAGES,
  mergeProductFiscal,
  productFiscalBulkSchema,
  productFiscalError,
  productFiscalSchema,
  taxSituationError,
  type ProductFiscal,
  type ProductFiscalInput,
  type TaxRegime,
  type ValidProductFiscal,
} from '@vitrine/rules';

import { DEMO_FISCAL_SETTINGS } from '../settings/adminSettings.fixtures';
import type { ProductFixture } from './catalog.fixtures';
import { badInput } from '../shared/graphqlDomain';

/** The mock store's regime (the demo settings'). */
export const MOCK_TAX_REGIME: TaxRegime | null = DEMO_FISCAL_SETTINGS.taxRegime;

const KEYS = ['ncm', 'cest', 'origin', 'taxSituation'] as const;

export function fiscalOfFixture(product: ProductFixture | null): ProductFiscal {
  return {
    ncm: product?.ncm ?? null,
    cest: product?.cest ?? null,
    origin: product?.origin ?? 0,
    taxSituation: product?.taxSituation ?? null,
  };
}

/** productSave's fiscal fields merged into the product's; errors at input.<field>. */
export function savedFiscal(
  input: Partial<Record<(typeof KEYS)[number], unknown>>,
  existing: ProductFixture | null,
): ProductFiscal {
  const given = Object.fromEntries(
    KEYS.filter((key) => input[key] !== undefined).map((key) => [key, input[key]]),
  );
  const checked = checkRules(productFiscalSchema, given);
  if (!checked.ok) throw badInput(checked.issue.message, `input.${checked.issue.field}`);
  const patch: ValidProductFiscal = checked.value;
  const next = mergeProductFiscal(fiscalOfFixture(existing), patch);
  const problem = productFiscalError(
    patch.taxSituation === undefined ? { ...next, taxSituation: null } : next,
    MOCK_TAX_REGIME,
  );
  if (problem) throw badInput(problem.message, `input.${problem.field}`);
  return next;
}

/** SET_FISCAL's values, checked before anything changes. */
export function checkBulkFiscal(
  input: ProductFiscalInput | null | undefined,
  products: readonly ProductFixture[],
): ValidProductFiscal {
  if (!input) throw badInput(FISCAL_INPUT_MESSAGES.fiscalEmpty, 'input.fiscal');
  const given = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== null && value !== undefined),
  );
  const checked = checkRules(productFiscalBulkSchema, given);
  if (!checked.ok) throw badInput(checked.issue.message, `input.fiscal.${checked.issue.field}`);
  const fiscal = checked.value;
  if (fiscal.taxSituation) {
    const message = taxSituationError(fiscal.taxSituation, MOCK_TAX_REGIME);
    if (message) throw badInput(message, 'input.fiscal.taxSituation');
  }
  if (fiscal.cest && !fiscal.ncm) {
    const without = products.filter((product) => !product.ncm);
    if (without.length > 0) {
      const names = without.map((product) => `“${product.name}”`).join(', ');
      throw badInput(
        `${without.length === 1 ? '1 produto não tem' : `${without.length} produtos não têm`} NCM para receber o CEST: ${names}. Informe também o NCM. Nada foi alterado.`,
        'input.fiscal.cest',
      );
    }
  }
  return fiscal;
}

export function applyBulkFiscal(product: ProductFixture, fiscal: ValidProductFiscal): void {
  Object.assign(
    product,
    mergeProductFiscal(fiscalOfFixture(product), {
      ...(fiscal.ncm ? { ncm: fiscal.ncm } : {}),
      ...(fiscal.cest ? { cest: fiscal.cest } : {}),
      ...(fiscal.origin !== undefined ? { origin: fiscal.origin } : {}),
      ...(fiscal.taxSituation ? { taxSituation: fiscal.taxSituation } : {}),
    }),
  );
}

/** As the server's history: 'Dados fiscais de 3 produtos: NCM 61091000, origem 0'. */
export function bulkFiscalSummary(count: number, fiscal: ValidProductFiscal): string {
  return `Dados fiscais de ${count === 1 ? '1 produto' : `${count} produtos`}: ${describeProductFiscal(fiscal, MOCK_TAX_REGIME)}`;
}
