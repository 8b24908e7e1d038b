// The products list on a phone: a card per product (photo, price range, stock, status and a
// button to the variants) with a checkbox for the staff who may edit, and the pages below.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

import { priceRange } from './bulkPrice';
import { FeaturedMark, Thumbnail, type CellActions } from './ProductCells';
import { PublishedChip, StockLevelChip } from './ProductChips';
import type { ProductRowNode } from './ProductsScreen.graphql';
import { PAGE_SIZES, type ProductsListState } from './productsUrlState';

function ProductCards({
  rows,
  loading,
  selectable,
  selectedIds,
  onToggle,
  actions,
}: {
  rows: ProductRowNode[];
  loading: boolean;
  selectable: boolean;
  selectedIds: string[];
  onToggle(id: string): void;
  actions: CellActions;
}) {
  if (loading && rows.length === 0) {
    return (
      <Box
        sx={{ display: 'grid', gap: 1.5 }}
        role="status"
        aria-busy="true"
        aria-label="Carregando produtos"
      >
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} variant="rounded" height={112} />
        ))}
      </Box>
    );
  }
  return (
    <Box
      component="ul"
      aria-label="Produtos"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
    >
      {rows.map((row) => (
        <Card
          component="li"
          key={row.id}
          variant="outlined"
          sx={{ p: 1.5, display: 'flex', gap: 1.5 }}
        >
          {selectable ? (
            <Checkbox
              checked={selectedIds.includes(row.id)}
              onChange={() => onToggle(row.id)}
              slotProps={{ input: { 'aria-label': `Selecionar ${row.name}` } }}
              sx={{ alignSelf: 'flex-start', m: -0.5 }}
            />
          ) : null}
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
        </Card>
      ))}
    </Box>
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
      <ProductCards
        rows={rows}
        loading={loading}
        selectable={selectable}
        selectedIds={selectedIds}
        actions={actions}
        onToggle={(id) =>
          onSelect(
            selectedIds.includes(id)
              ? selectedIds.filter((item) => item !== id)
              : [...selectedIds, id],
          )
        }
      />
      <TablePagination
        component="div"
        count={totalCount}
        page={Math.min(state.page, Math.max(0, Math.ceil(totalCount / state.pageSize) - 1))}
        rowsPerPage={state.pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_event, page) => onStateChange({ ...state, page })}
        onRowsPerPageChange={(event) =>
          onStateChange({ ...state, page: 0, pageSize: Number(event.target.value) })
        }
        labelRowsPerPage="Por página"
        labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
        getItemAriaLabel={(type) =>
          type === 'next'
            ? 'Próxima página'
            : type === 'previous'
              ? 'Página anterior'
              : type === 'first'
                ? 'Primeira página'
                : 'Última página'
        }
      />
    </>
  );
}
