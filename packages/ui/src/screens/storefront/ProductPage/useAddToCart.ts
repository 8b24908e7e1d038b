// 'Adicionar à sacola': asks for the size (or colour) when none is chosen, adds what the cart
// takes (capped to the stock and the line's maximum), opens the bag's drawer, and says in a toast
// only what the drawer would not (nothing or fewer units added).
import { useState } from 'react';

import { useCart } from '../../../cart';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../../cart/cartStore';
import { pluralize } from '../../../format';
import { centsToValue, trackCommerceEvent, variantLabel } from '../shared/analytics';
import type { ProductPageNode } from './ProductPageScreen.graphql';
import type { VariantSelection } from './variantChoices';

export function useAddToCart({
  product,
  variant,
  selection,
  quantity,
  onMissingChoice,
}: {
  product: ProductPageNode | null;
  variant: ProductPageNode['variants'][number] | null;
  selection: VariantSelection;
  quantity: number;
  /** No variant chosen yet: 'Escolha um tamanho.' or 'Escolha uma cor.' */
  onMissingChoice: (message: string) => void;
}) {
  const cart = useCart();
  const [addNotice, setAddNotice] = useState<string | null>(null);

  function addToCart() {
    if (!product) return;
    if (!variant) {
      onMissingChoice(selection.size === null ? 'Escolha um tamanho.' : 'Escolha uma cor.');
      return;
    }
    const units = Math.min(quantity, Math.max(1, variant.stock));
    const inCart = cart.lines.some((line) => line.variantId === variant.id);
    // What the cart really took: capped to the stock and to the line's maximum.
    const added = cart.add(variant.id, units);
    if (added === 0) {
      setAddNotice(
        inCart
          ? `Sua sacola já tem o máximo de ${MAX_LINE_QUANTITY} unidades deste produto.`
          : `Sua sacola já tem ${MAX_CART_LINES} produtos diferentes: finalize a compra ou remova algum para adicionar este.`,
      );
      return;
    }
    trackCommerceEvent('add_to_cart', {
      currency: 'BRL',
      value: centsToValue(variant.priceCents * added),
      items: [
        {
          item_id: variant.sku,
          item_name: product.name,
          item_brand: product.brand.name,
          item_variant: variantLabel(variant),
          price: centsToValue(variant.priceCents),
          quantity: added,
        },
      ],
    });
    // One confirmation, not two (issue 12, item 12): the bag's drawer shows what was added; a
    // toast only says what the drawer would not (fewer units than asked).
    if (added < units) {
      setAddNotice(
        `Adicionamos ${pluralize(added, 'unidade', 'unidades')}: a sacola tem no máximo ${MAX_LINE_QUANTITY} deste produto.`,
      );
      return;
    }
    setAddNotice(null);
    cart.openDrawer();
  }

  return { addToCart, addNotice, dismissAddNotice: () => setAddNotice(null) };
}
