// The products list: search and filters, views, new/import/export and the catalog's history above
// a server-paginated grid (cards on a phone) where prices and stock are edited in place, bulk
// changes on the selection or the whole filter, and the loading, empty, no-match, error and
// no-permission states. Pure: data in, callbacks out (dialogs keep their own form state).
// Its parts: ProductsHeaderActions, ProductsSelectionBar, ProductsGrid, ProductCards,
// ProductsStates and useProductDialogs.
import Alert from '@mui/material/Alert';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';

import { DashboardPage } from '../shared';
import { BulkActionDialog, type BulkRequest, type ProductBulkAction } from './BulkActionDialog';
import { CatalogHistoryDialog } from './CatalogHistoryDialog';
import type { CategoryOption } from './categoryOptions';
import { ProductsPhoneList } from './ProductCards';
import { ProductsGrid } from './ProductsGrid';
import { ProductsHeaderActions } from './ProductsHeaderActions';
import type {
  CatalogHistoryNode,
  ProductRowNode,
  StockMovementNode,
} from './ProductsScreen.graphql';
import { ProductsSelectionBar } from './ProductsSelectionBar';
import { ProductsEmpty, ProductsLoadError } from './ProductsStates';
import type { SavedViewOption as ProductsViewOption } from '../../../components/dashboard/SavedViewsMenu';
import { ProductsToolbar } from './ProductsToolbar';
import { clearedFilters, hasFilters, type ProductsListState } from './productsUrlState';
import type { FieldRefusal, StockChangeInput } from './StockDialogs';
import { useProductDialogs } from './useProductDialogs';

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
  const clear = () => onStateChange(clearedFilters(state));

  const [bulkAction, setBulkAction] = useState<ProductBulkAction | null>(null);
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

  const { actions, dialogs } = useProductDialogs(props, editable);

  const selected = selectedIds.length;
  const scopeCount = allOfFilter ? totalCount : selected;
  const scope: BulkScope = allOfFilter ? { kind: 'filter' } : { kind: 'ids', ids: selectedIds };
  const list = {
    state,
    onStateChange: changeState,
    rows,
    totalCount,
    loading,
    selectable: editable,
    selectedIds,
    onSelect: select,
    actions,
  };

  return (
    <DashboardPage
      title="Produtos"
      actions={
        <ProductsHeaderActions
          savedViews={props.savedViews}
          activeViewId={props.activeViewId}
          onApplyView={props.onApplyView}
          onSaveView={props.onSaveView}
          onDeleteView={props.onDeleteView}
          onOpenCatalogHistory={() => {
            setCatalogHistoryOpen(true);
            props.onLoadCatalogHistory();
          }}
          onExport={props.onExport}
          exporting={props.exporting ?? false}
          disabled={error !== null}
          editable={editable}
          importHref={props.importHref}
          newProductHref={props.newProductHref}
        />
      }
      maxWidth={false}
    >
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
        <ProductsSelectionBar
          selected={selected}
          totalCount={totalCount}
          allOfFilter={allOfFilter}
          wholePageSelected={rows.length > 0 && rows.every((row) => selectedIds.includes(row.id))}
          onSelectAllOfFilter={() => setAllOfFilter(true)}
          onBulkAction={setBulkAction}
          onClear={() => select([])}
        />
      ) : null}
      {error ? (
        <ProductsLoadError error={error} onRetry={onRetry} />
      ) : !loading && totalCount === 0 ? (
        <ProductsEmpty
          filtered={hasFilters(state)}
          onClear={clear}
          editable={editable}
          newProductHref={props.newProductHref}
        />
      ) : phone ? (
        <ProductsPhoneList {...list} />
      ) : (
        <ProductsGrid {...list} />
      )}

      {dialogs}
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
