// The staff catalog mock's 'Definir embalagem' (productsBulk SET_PACKAGE), as the API answers it
// (catalog.bulk.package.ts): the package checked by the variant's rules (@vitrine/rules), refused
// when a selected product has no variant, then set on every variant (a value left out kept).
import {
  checkRules,
  describeVariantPackage,
  VARIANT_MESSAGES,
  variantPackageSchema,
  type ValidVariantPackage,
  type VariantPackageInput,
} from '@vitrine/rules';

import type { ProductFixture } from './catalog.fixtures';
import { badInput } from '../shared/graphqlDomain';

/** The package of productsBulk's input, checked before anything changes. */
export function checkBulkPackage(
  input: VariantPackageInput | null | undefined,
  products: readonly ProductFixture[],
): ValidVariantPackage {
  if (!input) throw badInput(VARIANT_MESSAGES.packageEmpty, 'input.package');
  const checked = checkRules(variantPackageSchema, input);
  if (!checked.ok) {
    throw badInput(checked.issue.message, `input.package.${checked.issue.field}`);
  }
  const empty = products.filter((product) => product.variants.length === 0);
  if (empty.length > 0) {
    const names = empty.map((product) => `“${product.name}”`).join(', ');
    throw badInput(
      empty.length === 1
        ? `1 produto não tem variantes para receber a embalagem: ${names}. Cadastre uma variante ou tire-o da seleção. Nada foi alterado.`
        : `${empty.length} produtos não têm variantes para receber a embalagem: ${names}. Cadastre variantes ou tire-os da seleção. Nada foi alterado.`,
      'input',
    );
  }
  return checked.value;
}

/** Sets the package on the product's variants. */
export function applyBulkPackage(product: ProductFixture, pkg: ValidVariantPackage): void {
  for (const variant of product.variants) {
    variant.weightGrams = pkg.weightGrams ?? variant.weightGrams ?? null;
    variant.lengthCm = pkg.lengthCm ?? variant.lengthCm ?? null;
    variant.widthCm = pkg.widthCm ?? variant.widthCm ?? null;
    variant.heightCm = pkg.heightCm ?? variant.heightCm ?? null;
  }
}

/** As the server's history: 'Embalagem de 3 produtos (5 variantes): peso 300 g, 30 × 20 × 10 cm'. */
export function bulkPackageSummary(
  products: readonly ProductFixture[],
  pkg: ValidVariantPackage,
): string {
  const count = products.length;
  const variants = products.reduce((sum, product) => sum + product.variants.length, 0);
  return `Embalagem de ${count === 1 ? '1 produto' : `${count} produtos`} (${variants === 1 ? '1 variante' : `${variants} variantes`}): ${describeVariantPackage(pkg)}`;
}
