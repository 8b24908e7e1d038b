// The products list's grid (from the tablet up): server-side pages and sort, a checkbox per row
// for the staff who may edit, the price and stock edited in their cells.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { ptBR as gridPtBR } from '@mui/x-data-grid/locales';
import { Link as RouterLink } from 'react-router-dom';

import { formatDateTime } from '../../../format';
import { FeaturedMark, PriceCell, StockCell, Thumbnail, type CellActions } from './ProductCells';
import { PublishedChip } from './ProductChips';
import { selectionIds, sortModelOf, sortOf } from './productsList';
import type { ProductRowNode } from './ProductsScreen.graphql';
import { PAGE_SIZES, type ProductsListState } from './productsUrlState';

const gridLocaleText = gridPtBR.components.MuiDataGrid.defaultProps.localeText;

// The columns fit beside the side bar from 1280 px (about 920 px for the grid).
function columns(actions: CellActions): GridColDef<ProductRowNode>[] {
  return [
    {
      field: 'photo',
      headerName: 'Foto',
      width: 60,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
          <Thumbnail product={row} />
        </Box>
      ),
    },
    {
      field: 'name',
      headerName: 'Produto',
      flex: 2,
      minWidth: 170,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={actions.productHref(row.id)} sx={{ fontWeight: 600 }}>
          {row.name}
        </Link>
      ),
    },
    {
      field: 'brand',
      headerName: 'Marca',
      width: 100,
      sortable: false,
      valueGetter: (_value, row) => row.brand.name,
    },
    {
      field: 'category',
      headerName: 'Categoria',
      width: 110,
      sortable: false,
      valueGetter: (_value, row) => row.category.name,
    },
    {
      field: 'price',
      headerName: 'Preço',
      width: 190,
      renderCell: ({ row }) => <PriceCell row={row} actions={actions} />,
    },
    {
      field: 'stock',
      headerName: 'Estoque',
      width: 130,
      renderCell: ({ row }) => <StockCell row={row} actions={actions} />,
    },
    {
      field: 'published',
      headerName: 'Status',
      width: 110,
      sortable: false,
      renderCell: ({ row }) => <PublishedChip published={row.published} />,
    },
    {
      field: 'featured',
      headerName: 'Destaque',
      width: 84,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
          <FeaturedMark featured={row.featured} />
        </Box>
      ),
    },
    {
      field: 'updatedAt',
      headerName: 'Alterado em',
      width: 150,
      valueFormatter: (value: string) => formatDateTime(value).replace(',', ''),
    },
  ];
}

export interface ProductsGridProps {
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

export function ProductsGrid({
  state,
  onStateChange,
  rows,
  totalCount,
  loading,
  selectable,
  selectedIds,
  onSelect,
  actions,
}: ProductsGridProps) {
  return (
    <DataGrid
      aria-label="Produtos"
      rows={rows}
      columns={columns(actions)}
      rowCount={totalCount}
      loading={loading}
      autoHeight
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      disableColumnFilter
      disableColumnMenu
      paginationModel={{ page: state.page, pageSize: state.pageSize }}
      onPaginationModelChange={(model) =>
        onStateChange({
          ...state,
          page: model.pageSize !== state.pageSize ? 0 : model.page,
          pageSize: model.pageSize,
        })
      }
      pageSizeOptions={[...PAGE_SIZES]}
      sortModel={sortModelOf(state.sort)}
      sortingOrder={['asc', 'desc']}
      onSortModelChange={(model) => onStateChange({ ...state, page: 0, sort: sortOf(model) })}
      checkboxSelection={selectable}
      hideFooterSelectedRowCount
      disableRowSelectionOnClick
      keepNonExistentRowsSelected
      rowSelectionModel={{ type: 'include', ids: new Set(selectedIds) }}
      onRowSelectionModelChange={(model) => onSelect(selectionIds(model, rows))}
      localeText={gridLocaleText}
      slotProps={{
        loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' },
      }}
      sx={{ bgcolor: 'background.paper' }}
    />
  );
}
