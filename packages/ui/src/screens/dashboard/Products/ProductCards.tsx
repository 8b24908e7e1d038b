// The products list on a phone: a card per product (photo, price range, stock, status and a
// button to the variants) with a checkbox for the staff who may edit, and the pages below.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

import { ListPagination, PhoneCardList } from '../../../components/dashboard/ListStates';
import { priceRange } from './bulkPrice';
import { FeaturedMark, Thumbnail, type CellActions } from './ProductCells';
import { PublishedChip, StockLevelChip } from './ProductChips';
import type { ProductRowNode } from './ProductsScreen.graphql';
import { PAGE_SIZES, type ProductsListState } from './productsUrlState';

function ProductCard({ row, actions }: { row: ProductRowNode; actions: CellActions }) {
  return (
    <>
      <Thumbnail product={row} size={64} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Link
          component={RouterLink}
          to={actions.productHref(row.id)}
          sx={{ fontWeight: 700, minHeight: 44, display: 'inline-flex', alignItems: 'center' }}
        >
          {row.name}
        </Link>
        <Typography variant="body2" color="text.secondary" noWrap>
          {row.brand.name} · {row.category.name}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {priceRange(row.minPriceCents, row.maxPriceCents)}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mt: 1 }}>
          <Typography variant="body2">{row.totalStock} em estoque</Typography>
          <StockLevelChip level={row.stockLevel} />
          <PublishedChip published={row.published} />
          <FeaturedMark featured={row.featured} />
        </Box>
        <Button
          size="small"
          variant="outlined"
          onClick={() => actions.openVariants(row)}
          sx={{ mt: 1 }}
        >
          {actions.editable ? 'Preço e estoque' : 'Variantes'}
        </Button>
      </Box>
    </>
  );
}

export interface ProductsPhoneListProps {
  state: ProductsListState;
  onStateChange(next: ProductsListState): void;
  rows: ProductRowNode[];
  totalCount: number;
  loading: boolean;
  selectable: boolean;
  selectedIds: string[];
  onSelect(ids: string[]): void;
  actions: CellActions;
}

export function ProductsPhoneList({
  state,
  onStateChange,
  rows,
  totalCount,
  loading,
  selectable,
  selectedIds,
  onSelect,
  actions,
}: ProductsPhoneListProps) {
  return (
    <>
      <PhoneCardList
        rows={rows}
        loading={loading}
        label="Produtos"
        loadingLabel="Carregando produtos"
        skeletonHeight={112}
        selection={
          selectable
            ? { selectedIds, onChange: onSelect, label: (row) => `Selecionar ${row.name}` }
            : null
        }
        cardSx={{ display: 'flex', gap: 1.5 }}
      >
        {(row) => <ProductCard row={row} actions={actions} />}
      </PhoneCardList>
      <ListPagination
        count={totalCount}
        page={state.page}
        pageSize={state.pageSize}
        pageSizes={PAGE_SIZES}
        onChange={(page, pageSize) => onStateChange({ ...state, page, pageSize })}
      />
    </>
  );
}
