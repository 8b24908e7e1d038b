// "Definir embalagem" on the products grid (productsBulk SET_PACKAGE): the weight and dimensions
// given are set on every variant of the selected products; a value left out stays as each variant
// has it. The values follow the variant editor's own rules (@vitrine/rules variantPackageSchema).
import {
  checkRules,
  describeVariantPackage,
  VARIANT_MESSAGES,
  variantPackageSchema,
  type ValidVariantPackage,
  type VariantPackageInput,
} from '@vitrine/rules';
import type { Executor } from '../../db';
import { badUserInput } from '../../graphql/errors';
import { products, someNames, type Applied, type Selected } from './catalog.bulk.common';
import { lockVariantPackagesOf, type VariantPackageRow } from './catalog.bulk.repository';
import { setProductColumns, setVariantPackages } from './catalog.writer.repository';

const FIELD = 'input.package';

/** The package asked for, by the variant's rules; its errors name the field under input.package. */
export function validPackage(input: VariantPackageInput | null | undefined): ValidVariantPackage {
  if (!input) throw badUserInput(VARIANT_MESSAGES.packageEmpty, FIELD);
  const checked = checkRules(variantPackageSchema, input);
  if (!checked.ok) throw badUserInput(checked.issue.message, `${FIELD}.${checked.issue.field}`);
  return checked.value;
}

/** The variant's values once the package is set (a value left out is kept). */
function packed(variant: VariantPackageRow, pkg: ValidVariantPackage) {
  return {
    weight_grams: pkg.weightGrams ?? variant.weight_grams,
    length_cm: pkg.lengthCm ?? variant.length_cm,
    width_cm: pkg.widthCm ?? variant.width_cm,
    height_cm: pkg.heightCm ?? variant.height_cm,
  };
}

function changes(variant: VariantPackageRow, pkg: ValidVariantPackage): boolean {
  const next = packed(variant, pkg);
  return (
    next.weight_grams !== variant.weight_grams ||
    next.length_cm !== variant.length_cm ||
    next.width_cm !== variant.width_cm ||
    next.height_cm !== variant.height_cm
  );
}

/** Sets the package on every variant of the selection; refused when a product has no variant. */
export async function setPackage(
  tx: Executor,
  selected: Selected[],
  pkg: ValidVariantPackage,
): Promise<Applied> {
  const ids = selected.map((row) => row.id);
  const current = await lockVariantPackagesOf(tx, ids);
  const withVariants = new Set(current.map((variant) => variant.product_id));
  const empty = selected.filter((row) => !withVariants.has(row.id));
  if (empty.length > 0) {
    const names = someNames(empty.map((row) => row.name).sort((a, b) => a.localeCompare(b)));
    throw badUserInput(
      empty.length === 1
        ? `1 produto não tem variantes para receber a embalagem: ${names}. Cadastre uma variante ou tire-o da seleção. Nada foi alterado.`
        : `${empty.length} produtos não têm variantes para receber a embalagem: ${names}. Cadastre variantes ou tire-os da seleção. Nada foi alterado.`,
      'input',
    );
  }
  const changed = current.filter((variant) => changes(variant, pkg));
  await setVariantPackages(
    tx,
    changed.map((variant) => variant.id),
    pkg,
  );
  await setProductColumns(tx, ids, {});
  const count = current.length;
  return {
    summary: `Embalagem de ${products(selected.length)} (${count === 1 ? '1 variante' : `${count} variantes`}): ${describeVariantPackage(pkg)}`,
    // Compact: [variant id, weight, length, width, height] of the variants that changed.
    before: {
      variants: changed.map((variant) => [
        variant.id,
        variant.weight_grams,
        variant.length_cm,
        variant.width_cm,
        variant.height_cm,
      ]),
    },
    after: { package: pkg },
  };
}
