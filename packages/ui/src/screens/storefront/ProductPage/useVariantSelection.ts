// The size and colour chosen on the product page: the product's initial choice until the shopper
// picks, kept per product (another product's answer never shows this one's choice).
import { useState } from 'react';

import type { ProductPageNode } from './ProductPageScreen.graphql';
import { initialSelection, type VariantSelection } from './variantChoices';

export function useVariantSelection(
  product: ProductPageNode | null,
  /** Every choice made (the page clears its 'Escolha um tamanho.'). */
  onChange: () => void,
) {
  const [selectionFor, setSelectionFor] = useState<{
    slug: string;
    value: VariantSelection;
  } | null>(null);
  const selection =
    selectionFor?.slug === product?.slug && selectionFor
      ? selectionFor.value
      : product
        ? initialSelection(product.variants)
        : { size: null, color: null };
  const setSelection = (
    next: VariantSelection | ((previous: VariantSelection) => VariantSelection),
  ) => {
    if (!product) return;
    const initial = initialSelection(product.variants);
    setSelectionFor((current) => {
      const previous = current?.slug === product.slug ? current.value : initial;
      return { slug: product.slug, value: typeof next === 'function' ? next(previous) : next };
    });
    onChange();
  };
  return [selection, setSelection] as const;
}
