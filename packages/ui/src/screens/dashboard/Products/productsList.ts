// Pure helpers of the products list: the grid's sort model and the URL's sort, the selection the
// grid reports, a variant as the stock dialogs take it, and a count in words.
import type { GridRowSelectionModel, GridSortModel } from '@mui/x-data-grid';

import type { ProductRowNode, VariantRowNode } from './ProductsScreen.graphql';
import type { StaffProductSort } from './productsUrlState';
import type { StockVariant } from './StockDialogs';
import { variantLabel } from './VariantsDialog';

const SORT_FIELDS: Record<string, [StaffProductSort, StaffProductSort]> = {
  name: ['NAME_ASC', 'NAME_DESC'],
  price: ['PRICE_ASC', 'PRICE_DESC'],
  stock: ['STOCK_ASC', 'STOCK_DESC'],
  updatedAt: ['UPDATED_ASC', 'UPDATED_DESC'],
};

export function sortModelOf(sort: StaffProductSort): GridSortModel {
  for (const [field, [asc, desc]] of Object.entries(SORT_FIELDS)) {
    if (sort === asc) return [{ field, sort: 'asc' }];
    if (sort === desc) return [{ field, sort: 'desc' }];
  }
  return [];
}

export function sortOf(model: GridSortModel): StaffProductSort {
  const first = model[0];
  const pair = first ? SORT_FIELDS[first.field] : undefined;
  if (!first || !pair) return 'UPDATED_DESC';
  return first.sort === 'asc' ? pair[0] : pair[1];
}

export function selectionIds(model: GridRowSelectionModel, rows: ProductRowNode[]): string[] {
  if (model.type === 'include') return [...model.ids].map(String);
  return rows.map((row) => row.id).filter((id) => !model.ids.has(id));
}

export function stockVariant(product: ProductRowNode, variant: VariantRowNode): StockVariant {
  return {
    id: variant.id,
    productName: product.name,
    label: variantLabel(variant),
    stock: variant.stock,
  };
}

export function countText(count: number) {
  return count === 1 ? '1 produto' : `${count.toLocaleString('pt-BR')} produtos`;
}
