// The products grid with real data ('dashboard/products' at dashboardPaths.products, /dashboard/produtos): its state in the
// URL, the page of products from `staffProducts`, saved views (screen PRODUCTS), in-grid price
// and stock edits, bulk changes, the catalog's history, the CSV export (POST
// /admin/exports/products, then the download the server streams).
import { useLazyQuery, useMutation, useQuery } from '@apollo/client';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useAuth } from '../../../auth';
import { dashboardPaths } from '../../../routes/dashboardPaths';
import { readServerError } from '../../shared/graphqlErrors';
import { categoryTreeFromFlat, withBrandScope } from '../shared';
import type { BulkRequest } from './BulkActionDialog';
import { categoryOptions } from './categoryOptions';
import {
  CATALOG_HISTORY_QUERY,
  DASHBOARD_PRODUCTS_CONTEXT_QUERY,
  DASHBOARD_PRODUCTS_QUERY,
  DASHBOARD_PRODUCTS_SAVED_VIEWS_QUERY,
  PRODUCTS_BULK_MUTATION,
  PRODUCTS_SAVED_VIEW_CREATE_MUTATION,
  PRODUCTS_SAVED_VIEW_DELETE_MUTATION,
  STOCK_CHANGE_MUTATION,
  STOCK_MOVEMENTS_QUERY,
  VARIANT_PRICE_SET_MUTATION,
  type ProductRowNode,
} from './ProductsScreen.graphql';
import {
  applySavedView,
  BUILT_IN_VIEWS,
  isViewActive,
  productsFilter,
  productsParams,
  productsVariables,
  parseProductsParams,
  savedViewQuery,
  type ProductsListState,
} from './productsUrlState';
import type { SavedViewOption as ProductsViewOption } from '../../../components/dashboard/SavedViewsMenu';
import { ProductsView, type BulkScope, type ProductsError } from './ProductsView';
import type { StockChangeInput } from './StockDialogs';

export const PRODUCTS_EXPORT_PATH = '/admin/exports/products';

export interface ProductsScreenProps {
  /** Opens the export's download (a full navigation by default; tests pass a spy). */
  download?(url: string): void;
}

function defaultDownload(url: string) {
  window.location.assign(url);
}

export function ProductsScreen({ download = defaultDownload }: ProductsScreenProps = {}) {
  const auth = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseProductsParams(searchParams), [searchParams]);
  const setState = useCallback(
    (next: ProductsListState) => setSearchParams(productsParams(next)),
    [setSearchParams],
  );

  const { data, previousData, loading, error, refetch } = useQuery(DASHBOARD_PRODUCTS_QUERY, {
    variables: productsVariables(state),
    notifyOnNetworkStatusChange: true,
  });
  const { data: context } = useQuery(DASHBOARD_PRODUCTS_CONTEXT_QUERY, { errorPolicy: 'all' });
  const { data: viewsData } = useQuery(DASHBOARD_PRODUCTS_SAVED_VIEWS_QUERY, {
    errorPolicy: 'all',
  });
  const [createView] = useMutation(PRODUCTS_SAVED_VIEW_CREATE_MUTATION, {
    refetchQueries: [DASHBOARD_PRODUCTS_SAVED_VIEWS_QUERY],
    awaitRefetchQueries: true,
  });
  const [deleteView] = useMutation(PRODUCTS_SAVED_VIEW_DELETE_MUTATION, {
    refetchQueries: [DASHBOARD_PRODUCTS_SAVED_VIEWS_QUERY],
  });
  const [setPrice] = useMutation(VARIANT_PRICE_SET_MUTATION);
  const [changeStock] = useMutation(STOCK_CHANGE_MUTATION);
  const [runBulk] = useMutation(PRODUCTS_BULK_MUTATION);
  const [loadMovements, movements] = useLazyQuery(STOCK_MOVEMENTS_QUERY, {
    fetchPolicy: 'network-only',
  });
  const [loadHistory, history] = useLazyQuery(CATALOG_HISTORY_QUERY, {
    fetchPolicy: 'network-only',
  });

  const current = data ?? previousData;
  const rows = useMemo(() => current?.staffProducts.nodes ?? [], [current]);
  const totalCount = current?.staffProducts.totalCount ?? 0;
  const role = context?.me?.role ?? null;
  const brands = context?.staffBrands ?? [];
  const categories = useMemo(
    () => categoryOptions(categoryTreeFromFlat(context?.staffCategories ?? [])),
    [context],
  );

  // Selected products stay selected across pages: their rows are kept for the price preview.
  const [selectedRows, setSelectedRows] = useState<ProductRowNode[]>([]);
  const selectRows = useCallback(
    (ids: string[]) =>
      setSelectedRows((previous) =>
        ids.flatMap(
          (id) => rows.find((row) => row.id === id) ?? previous.find((row) => row.id === id) ?? [],
        ),
      ),
    [rows],
  );
  const [bulkNotice, setBulkNotice] = useState<string | null>(null);

  async function handlePrice(variantId: string, priceCents: number) {
    try {
      await setPrice({ variables: { id: variantId, priceCents } });
      await refetch();
      return null;
    } catch (cause) {
      return readServerError(cause as Error).message;
    }
  }

  /**
   * One price for all the variants of a product that share it: a bulk change of the difference on
   * that product alone (all or nothing, in the catalog's history).
   */
  async function handleProductPrice(product: ProductRowNode, priceCents: number) {
    try {
      await runBulk({
        variables: {
          input: {
            action: 'CHANGE_PRICES',
            ids: [product.id],
            priceChange: { amountCents: priceCents - product.minPriceCents },
            expectedCount: 1,
          },
        },
      });
      await refetch();
      return null;
    } catch (cause) {
      return readServerError(cause as Error).message;
    }
  }

  async function handleStock(input: StockChangeInput) {
    try {
      const result = await changeStock({ variables: input });
      const stock = result.data?.stockChange.stock;
      if (stock !== undefined) {
        setBulkNotice(
          `Estoque salvo: agora ${stock === 1 ? 'há 1 unidade' : `há ${stock} unidades`}.`,
        );
      }
      await refetch();
      return null;
    } catch (cause) {
      const read = readServerError(cause as Error);
      return { message: read.message, field: read.field };
    }
  }

  async function handleBulk(request: BulkRequest, scope: BulkScope, count: number) {
    try {
      const result = await runBulk({
        variables: {
          input: {
            action: request.action,
            ...(scope.kind === 'ids' ? { ids: scope.ids } : { filter: productsFilter(state) }),
            ...(request.categoryId ? { categoryId: request.categoryId } : {}),
            ...(request.priceChange ? { priceChange: request.priceChange } : {}),
            ...(request.package ? { package: request.package } : {}),
            ...(request.fiscal ? { fiscal: request.fiscal } : {}),
            expectedCount: count,
          },
        },
      });
      setBulkNotice(result.data?.productsBulk.historyEntry.summary ?? 'Alteração feita.');
      setSelectedRows([]);
      await refetch();
      return null;
    } catch (cause) {
      return readServerError(cause as Error).message;
    }
  }

  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  async function handleExport() {
    setExporting(true);
    setExportError(null);
    try {
      const response = await auth.fetch(auth.apiUrl(PRODUCTS_EXPORT_PATH), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ filter: productsFilter(state), sort: state.sort }),
      });
      const body = (await response.json().catch(() => null)) as {
        url?: string;
        detail?: string;
        message?: string;
      } | null;
      if (!response.ok || !body?.url) {
        setExportError(
          body?.detail ??
            body?.message ??
            'Não foi possível exportar os produtos. Tente novamente.',
        );
        return;
      }
      // The ticket URL is the API's: on its host, carrying no session token.
      download(/^https?:/.test(body.url) ? body.url : auth.apiUrl(body.url));
    } catch {
      setExportError('Não foi possível conectar ao servidor para exportar. Tente novamente.');
    } finally {
      setExporting(false);
    }
  }

  const savedViews: ProductsViewOption[] = viewsData?.savedViews ?? [];
  const activeViewId =
    [...BUILT_IN_VIEWS, ...savedViews].find((view) => isViewActive(view.query, state))?.id ?? null;

  let viewError: ProductsError | null = null;
  if (error && !current) {
    const read = readServerError(error);
    viewError =
      read.code === 'FORBIDDEN'
        ? { kind: 'forbidden', message: read.message }
        : { kind: 'failed', message: read.message };
  }

  return (
    <ProductsView
      state={state}
      onStateChange={setState}
      rows={rows}
      totalCount={totalCount}
      loading={loading}
      error={viewError}
      onRetry={() => void refetch()}
      staffRole={role}
      brands={brands}
      categories={categories}
      savedViews={savedViews}
      activeViewId={activeViewId}
      onApplyView={(view) => setState(applySavedView(view.query, state))}
      onSaveView={async (name) => {
        try {
          await createView({ variables: { name, query: savedViewQuery(state) } });
          return null;
        } catch (cause) {
          return readServerError(cause as Error).message;
        }
      }}
      onDeleteView={(view) =>
        void deleteView({ variables: { id: view.id } }).catch(() => undefined)
      }
      selectedIds={selectedRows.map((row) => row.id)}
      onSelectionChange={selectRows}
      selectedRows={selectedRows}
      productHref={(id) => withBrandScope(dashboardPaths.product(id), state.brandId)}
      newProductHref={withBrandScope(dashboardPaths.productNew, state.brandId)}
      importHref={withBrandScope(dashboardPaths.productsImport, state.brandId)}
      onExport={() => void handleExport()}
      exporting={exporting}
      exportError={exportError}
      onPriceSave={handlePrice}
      onProductPriceSave={handleProductPrice}
      onStockChange={handleStock}
      onLoadStockHistory={(variantId) => void loadMovements({ variables: { variantId } })}
      stockHistory={{
        movements: movements.data?.stockMovements ?? null,
        loading: movements.loading,
        error: movements.error ? readServerError(movements.error).message : null,
      }}
      onBulk={handleBulk}
      bulkNotice={bulkNotice}
      onDismissBulkNotice={() => setBulkNotice(null)}
      onLoadCatalogHistory={() => void loadHistory()}
      catalogHistory={{
        entries: history.data?.catalogHistory ?? null,
        loading: history.loading,
        error: history.error ? readServerError(history.error).message : null,
      }}
    />
  );
}
