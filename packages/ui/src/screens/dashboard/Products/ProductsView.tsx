// The products list: search and filters, views, new/import/export and the catalog's history above
// a server-paginated grid (cards on a phone) where prices and stock are edited in place, bulk
// changes on the selection or the whole filter, and the loading, empty, no-match, error and
// no-permission states. Pure: data in, callbacks out (dialogs keep their own form state).
import AddIcon from '@mui/icons-material/Add';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import HistoryIcon from '@mui/icons-material/History';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  DataGrid,
  type GridColDef,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { ptBR as gridPtBR } from '@mui/x-data-grid/locales';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { formatDateTime } from '../../../format';
import { DashboardPage } from '../shared';
import { priceRange } from './bulkPrice';
import {
  BULK_ACTION_LABELS,
  BulkActionDialog,
  type BulkRequest,
  type ProductBulkAction,
} from './BulkActionDialog';
import { CatalogHistoryDialog } from './CatalogHistoryDialog';
import type { CategoryOption } from './categoryOptions';
import { InlinePriceField } from './InlinePriceField';
import { PublishedChip, StockLevelChip } from './ProductChips';
import type {
  CatalogHistoryNode,
  ProductRowNode,
  StockMovementNode,
  VariantRowNode,
} from './ProductsScreen.graphql';
import {
  SavedViewsMenu,
  type SavedViewOption as ProductsViewOption,
} from '../../../components/dashboard/SavedViewsMenu';
import { ProductsToolbar } from './ProductsToolbar';
import {
  BUILT_IN_VIEWS,
  clearedFilters,
  hasFilters,
  PAGE_SIZES,
  type ProductsListState,
  type StaffProductSort,
} from './productsUrlState';
import {
  StockChangeDialog,
  StockHistoryDialog,
  type FieldRefusal,
  type StockChangeInput,
  type StockVariant,
} from './StockDialogs';
import { variantLabel, VariantsDialog } from './VariantsDialog';

const gridLocaleText = gridPtBR.components.MuiDataGrid.defaultProps.localeText;

export type StaffRole = 'ADMIN' | 'BRAND_MANAGER' | 'SUPPORT';

export type ProductsError =
  { kind: 'forbidden'; message: string } | { kind: 'failed'; message: string };

/** Which products a bulk change touches: these, or every product of the current filter. */
export type BulkScope = { kind: 'ids'; ids: string[] } | { kind: 'filter' };

export interface ProductsViewProps {
  state: ProductsListState;
  onStateChange(next: ProductsListState): void;
  rows: ProductRowNode[];
  totalCount: number;
  loading: boolean;
  error?: ProductsError | null;
  onRetry?(): void;
  staffRole: StaffRole | null;
  brands: { id: string; name: string; active: boolean }[];
  categories: CategoryOption[];
  savedViews: ProductsViewOption[];
  activeViewId: string | null;
  onApplyView(view: ProductsViewOption): void;
  onSaveView(name: string): Promise<string | null>;
  onDeleteView(view: ProductsViewOption): void;
  selectedIds: string[];
  onSelectionChange(ids: string[]): void;
  /** The selected products' rows (also those of other pages), for the price preview. */
  selectedRows: ProductRowNode[];
  productHref(id: string): string;
  newProductHref: string;
  importHref: string;
  onExport(): void;
  exporting?: boolean;
  exportError?: string | null;
  /** Resolves to the refusal's message, or null when saved. */
  onPriceSave(variantId: string, cents: number): Promise<string | null>;
  /**
   * One price for every variant of a product whose variants share it (typed in its cell);
   * resolves to the refusal's message, or null when saved. Without it the cell opens the variants.
   */
  onProductPriceSave?(product: ProductRowNode, cents: number): Promise<string | null>;
  onStockChange(input: StockChangeInput): Promise<FieldRefusal | null>;
  /** A variant's ledger was asked for: the Screen loads it into `stockHistory`. */
  onLoadStockHistory(variantId: string): void;
  stockHistory: { movements: StockMovementNode[] | null; loading: boolean; error: string | null };
  /** Resolves to the refusal's message, or null when done (the Screen shows `bulkNotice`). */
  onBulk(request: BulkRequest, scope: BulkScope, count: number): Promise<string | null>;
  /** What the last bulk change did (the server's summary). */
  bulkNotice?: string | null;
  onDismissBulkNotice?(): void;
  onLoadCatalogHistory(): void;
  catalogHistory: { entries: CatalogHistoryNode[] | null; loading: boolean; error: string | null };
}

const SORT_FIELDS: Record<string, [StaffProductSort, StaffProductSort]> = {
  name: ['NAME_ASC', 'NAME_DESC'],
  price: ['PRICE_ASC', 'PRICE_DESC'],
  stock: ['STOCK_ASC', 'STOCK_DESC'],
  updatedAt: ['UPDATED_ASC', 'UPDATED_DESC'],
};

function sortModelOf(sort: StaffProductSort): GridSortModel {
  for (const [field, [asc, desc]] of Object.entries(SORT_FIELDS)) {
    if (sort === asc) return [{ field, sort: 'asc' }];
    if (sort === desc) return [{ field, sort: 'desc' }];
  }
  return [];
}

function sortOf(model: GridSortModel): StaffProductSort {
  const first = model[0];
  const pair = first ? SORT_FIELDS[first.field] : undefined;
  if (!first || !pair) return 'UPDATED_DESC';
  return first.sort === 'asc' ? pair[0] : pair[1];
}

function stockVariant(product: ProductRowNode, variant: VariantRowNode): StockVariant {
  return {
    id: variant.id,
    productName: product.name,
    label: variantLabel(variant),
    stock: variant.stock,
  };
}

function Thumbnail({ product, size = 40 }: { product: ProductRowNode; size?: number }) {
  const image = product.images[0];
  return image ? (
    <Box
      component="img"
      src={image.url}
      alt=""
      loading="lazy"
      sx={{ width: size, height: size, objectFit: 'cover', borderRadius: 1, display: 'block' }}
    />
  ) : (
    <Box aria-hidden sx={{ width: size, height: size, borderRadius: 1, bgcolor: 'action.hover' }} />
  );
}

interface CellActions {
  editable: boolean;
  productHref(id: string): string;
  onPriceSave(variantId: string, cents: number): Promise<string | null>;
  onProductPriceSave?(product: ProductRowNode, cents: number): Promise<string | null>;
  openVariants(product: ProductRowNode): void;
  openStock(product: ProductRowNode, variant: VariantRowNode): void;
}

function PriceCell({ row, actions }: { row: ProductRowNode; actions: CellActions }) {
  const only = row.variants.length === 1 ? row.variants[0] : undefined;
  if (only) {
    return (
      <InlinePriceField
        valueCents={only.priceCents}
        label={`Preço de ${row.name}`}
        readOnly={!actions.editable}
        onSave={(cents) => actions.onPriceSave(only.id, cents)}
      />
    );
  }
  // Every variant at one price (sizes of a piece): that price is typed in the cell too, for all
  // of them at once.
  const onProductPriceSave = actions.onProductPriceSave;
  if (row.variants.length > 1 && row.minPriceCents === row.maxPriceCents && onProductPriceSave) {
    return (
      <InlinePriceField
        valueCents={row.minPriceCents}
        label={`Preço de ${row.name} (as ${row.variants.length} variantes)`}
        readOnly={!actions.editable}
        onSave={(cents) => onProductPriceSave(row, cents)}
      />
    );
  }
  const text = priceRange(row.minPriceCents, row.maxPriceCents);
  return (
    <Button
      size="small"
      color="inherit"
      onClick={() => actions.openVariants(row)}
      aria-label={`Preços de ${row.name}: ${text}. ${row.variants.length} variantes`}
      sx={{ fontWeight: 400, textTransform: 'none', px: 1, minWidth: 0 }}
    >
      {text}
    </Button>
  );
}

function StockCell({ row, actions }: { row: ProductRowNode; actions: CellActions }) {
  const only = row.variants.length === 1 ? row.variants[0] : undefined;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Button
        size="small"
        color="inherit"
        onClick={() =>
          only && actions.editable ? actions.openStock(row, only) : actions.openVariants(row)
        }
        aria-label={`Estoque de ${row.name}: ${row.totalStock}. ${
          actions.editable ? 'Alterar' : 'Ver variantes'
        }`}
        sx={{ minWidth: 40, px: 1, fontWeight: 400 }}
      >
        {row.totalStock}
      </Button>
      <StockLevelChip level={row.stockLevel} />
    </Box>
  );
}

function FeaturedMark({ featured }: { featured: boolean }) {
  return featured ? (
    <Star color="warning" fontSize="small" titleAccess="Em destaque" />
  ) : (
    <StarBorder color="disabled" fontSize="small" titleAccess="Sem destaque" />
  );
}

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

function selectionIds(model: GridRowSelectionModel, rows: ProductRowNode[]): string[] {
  if (model.type === 'include') return [...model.ids].map(String);
  return rows.map((row) => row.id).filter((id) => !model.ids.has(id));
}

function countText(count: number) {
  return count === 1 ? '1 produto' : `${count.toLocaleString('pt-BR')} produtos`;
}

export function ProductsView(props: ProductsViewProps) {
  const {
    state,
    onStateChange,
    rows,
    totalCount,
    loading,
    error = null,
    onRetry,
    staffRole,
    selectedIds,
    onSelectionChange,
  } = props;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const editable = staffRole === 'ADMIN' || staffRole === 'BRAND_MANAGER';
  const filtered = hasFilters(state);
  const clear = () => onStateChange(clearedFilters(state));

  const [variantsOf, setVariantsOf] = useState<string | null>(null);
  const [stockFor, setStockFor] = useState<StockVariant | null>(null);
  const [historyFor, setHistoryFor] = useState<StockVariant | null>(null);
  const [bulkAction, setBulkAction] = useState<ProductBulkAction | null>(null);
  const [bulkMenu, setBulkMenu] = useState<HTMLElement | null>(null);
  const [allOfFilter, setAllOfFilter] = useState(false);
  const [catalogHistoryOpen, setCatalogHistoryOpen] = useState(false);

  const select = (ids: string[]) => {
    setAllOfFilter(false);
    onSelectionChange(ids);
  };
  const changeState = (next: ProductsListState) => {
    setAllOfFilter(false);
    onStateChange(next);
  };

  const variantsProduct = rows.find((row) => row.id === variantsOf) ?? null;
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

  const selected = selectedIds.length;
  const scopeCount = allOfFilter ? totalCount : selected;
  const scope: BulkScope = allOfFilter ? { kind: 'filter' } : { kind: 'ids', ids: selectedIds };
  const wholePageSelected = rows.length > 0 && rows.every((row) => selectedIds.includes(row.id));

  const headerActions: ReactNode = (
    <>
      <SavedViewsMenu
        builtIn={BUILT_IN_VIEWS}
        saved={props.savedViews}
        activeId={props.activeViewId}
        onApply={props.onApplyView}
        onSave={props.onSaveView}
        onDelete={props.onDeleteView}
      />
      <Button
        variant="outlined"
        startIcon={<HistoryIcon />}
        onClick={() => {
          setCatalogHistoryOpen(true);
          props.onLoadCatalogHistory();
        }}
        disabled={error !== null}
      >
        Histórico
      </Button>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        onClick={props.onExport}
        loading={props.exporting ?? false}
        disabled={error !== null}
      >
        Exportar CSV
      </Button>
      {editable ? (
        <>
          <Button
            variant="outlined"
            startIcon={<FileUploadOutlined />}
            component={RouterLink}
            to={props.importHref}
          >
            Importar CSV
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={props.newProductHref}
          >
            Novo produto
          </Button>
        </>
      ) : null}
    </>
  );

  let body: ReactNode;
  if (error?.kind === 'forbidden') {
    body = (
      <Alert severity="warning" role="alert">
        {error.message || 'Você não tem permissão para ver os produtos.'}
      </Alert>
    );
  } else if (error) {
    body = (
      <Alert
        severity="error"
        role="alert"
        action={
          onRetry ? (
            <Button color="inherit" onClick={onRetry}>
              Tentar novamente
            </Button>
          ) : null
        }
      >
        Não foi possível carregar os produtos. {error.message}
      </Alert>
    );
  } else if (!loading && totalCount === 0) {
    body = filtered ? (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          Nenhum produto com estes filtros
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Mude a busca ou os filtros para ver outros produtos.
        </Typography>
        <Button variant="contained" onClick={clear}>
          Limpar filtros
        </Button>
      </Paper>
    ) : (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          Nenhum produto
        </Typography>
        <Typography color="text.secondary" sx={{ mb: editable ? 2 : 0 }}>
          Os produtos do catálogo aparecem aqui.
        </Typography>
        {editable ? (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={props.newProductHref}
          >
            Criar o primeiro produto
          </Button>
        ) : null}
      </Paper>
    );
  } else if (phone) {
    body = (
      <>
        <ProductCards
          rows={rows}
          loading={loading}
          selectable={editable}
          selectedIds={selectedIds}
          actions={actions}
          onToggle={(id) =>
            select(
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
          onPageChange={(_event, page) => changeState({ ...state, page })}
          onRowsPerPageChange={(event) =>
            changeState({ ...state, page: 0, pageSize: Number(event.target.value) })
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
  } else {
    body = (
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
          changeState({
            ...state,
            page: model.pageSize !== state.pageSize ? 0 : model.page,
            pageSize: model.pageSize,
          })
        }
        pageSizeOptions={[...PAGE_SIZES]}
        sortModel={sortModelOf(state.sort)}
        sortingOrder={['asc', 'desc']}
        onSortModelChange={(model) => changeState({ ...state, page: 0, sort: sortOf(model) })}
        checkboxSelection={editable}
        hideFooterSelectedRowCount
        disableRowSelectionOnClick
        keepNonExistentRowsSelected
        rowSelectionModel={{ type: 'include', ids: new Set(selectedIds) }}
        onRowSelectionModelChange={(model) => select(selectionIds(model, rows))}
        localeText={gridLocaleText}
        slotProps={{
          loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' },
        }}
        sx={{ bgcolor: 'background.paper' }}
      />
    );
  }

  return (
    <DashboardPage title="Produtos" actions={headerActions} maxWidth={false}>
      {props.exportError ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {props.exportError}
        </Alert>
      ) : null}
      {props.bulkNotice ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={props.onDismissBulkNotice}>
          {props.bulkNotice}
        </Alert>
      ) : null}
      {error?.kind !== 'forbidden' ? (
        <ProductsToolbar
          state={state}
          onChange={changeState}
          onClear={clear}
          brands={props.brands}
          categories={props.categories}
          compact={phone}
        />
      ) : null}
      {editable && selected > 0 ? (
        <Paper
          variant="outlined"
          role="region"
          aria-label="Ações dos selecionados"
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 1,
            px: 2,
            py: 1,
            mb: 1.5,
          }}
        >
          <Typography sx={{ mr: 'auto' }}>
            {allOfFilter
              ? `Todos os ${countText(totalCount)} do filtro selecionados`
              : selected === 1
                ? '1 produto selecionado'
                : `${selected} produtos selecionados`}
          </Typography>
          {!allOfFilter && wholePageSelected && totalCount > selected ? (
            <Button onClick={() => setAllOfFilter(true)}>
              Selecionar todos os {countText(totalCount)} do filtro
            </Button>
          ) : null}
          <Button
            variant="contained"
            endIcon={<ExpandMore />}
            aria-haspopup="menu"
            aria-expanded={bulkMenu ? 'true' : undefined}
            onClick={(event) => setBulkMenu(event.currentTarget)}
          >
            Ações em massa
          </Button>
          <Menu anchorEl={bulkMenu} open={bulkMenu !== null} onClose={() => setBulkMenu(null)}>
            {(Object.keys(BULK_ACTION_LABELS) as ProductBulkAction[]).map((action) => (
              <MenuItem
                key={action}
                onClick={() => {
                  setBulkMenu(null);
                  setBulkAction(action);
                }}
                sx={action === 'DELETE' ? { color: 'error.main' } : undefined}
              >
                {BULK_ACTION_LABELS[action]}
              </MenuItem>
            ))}
          </Menu>
          <Button onClick={() => select([])}>Limpar seleção</Button>
        </Paper>
      ) : null}
      {body}

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
      {bulkAction ? (
        <BulkActionDialog
          action={bulkAction}
          count={scopeCount}
          categories={props.categories}
          previewProducts={allOfFilter ? rows : props.selectedRows}
          onSubmit={async (request) => {
            const refusal = await props.onBulk(request, scope, scopeCount);
            if (refusal === null) {
              setBulkAction(null);
              setAllOfFilter(false);
            }
            return refusal;
          }}
          onClose={() => setBulkAction(null)}
        />
      ) : null}
      {catalogHistoryOpen ? (
        <CatalogHistoryDialog
          {...props.catalogHistory}
          onClose={() => setCatalogHistoryOpen(false)}
        />
      ) : null}
    </DashboardPage>
  );
}
