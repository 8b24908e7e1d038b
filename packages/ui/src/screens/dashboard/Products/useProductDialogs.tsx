// The products list's per-product dialogs: the variants (price and stock of each), a stock change
// and a variant's stock history. Gives the cells their actions and the open dialog to render.
import { useState, type ReactNode } from 'react';

import type { CellActions } from './ProductCells';
import { stockVariant } from './productsList';
import type { ProductsViewProps } from './ProductsView';
import { StockChangeDialog, StockHistoryDialog, type StockVariant } from './StockDialogs';
import { VariantsDialog } from './VariantsDialog';

type DialogProps = Pick<
  ProductsViewProps,
  | 'rows'
  | 'productHref'
  | 'onPriceSave'
  | 'onProductPriceSave'
  | 'onStockChange'
  | 'onLoadStockHistory'
  | 'stockHistory'
>;

export function useProductDialogs(
  props: DialogProps,
  editable: boolean,
): { actions: CellActions; dialogs: ReactNode } {
  const [variantsOf, setVariantsOf] = useState<string | null>(null);
  const [stockFor, setStockFor] = useState<StockVariant | null>(null);
  const [historyFor, setHistoryFor] = useState<StockVariant | null>(null);

  const variantsProduct = props.rows.find((row) => row.id === variantsOf) ?? null;
  const showHistory = (variant: StockVariant) => {
    setHistoryFor(variant);
    props.onLoadStockHistory(variant.id);
  };
  const actions: CellActions = {
    editable,
    productHref: props.productHref,
    onPriceSave: props.onPriceSave,
    ...(props.onProductPriceSave ? { onProductPriceSave: props.onProductPriceSave } : {}),
    openVariants: (product) => setVariantsOf(product.id),
    openStock: (product, variant) => setStockFor(stockVariant(product, variant)),
  };

  const dialogs = (
    <>
      {variantsProduct ? (
        <VariantsDialog
          product={variantsProduct}
          readOnly={!editable}
          onPriceSave={props.onPriceSave}
          onChangeStock={(variant) => setStockFor(stockVariant(variantsProduct, variant))}
          onShowHistory={(variant) => showHistory(stockVariant(variantsProduct, variant))}
          onClose={() => setVariantsOf(null)}
        />
      ) : null}
      {stockFor ? (
        <StockChangeDialog
          variant={stockFor}
          onSubmit={props.onStockChange}
          onClose={() => setStockFor(null)}
          onShowHistory={() => showHistory(stockFor)}
        />
      ) : null}
      {historyFor ? (
        <StockHistoryDialog
          variant={historyFor}
          {...props.stockHistory}
          onClose={() => setHistoryFor(null)}
        />
      ) : null}
    </>
  );
  return { actions, dialogs };
}
