// The products grid with real data ('dashboard/products' at dashboardPaths.products, /dashboard/produtos): its state in the
// URL, the page of products from `staffProducts`, saved views (screen PRODUCTS), in-grid price
// and stock edits, bulk changes, the catalog's history, the CSV export (POST
// /admin/exports/products, then the download the server streams).
import { useLazyQuery, useMutation, useQuery } from '@apollo/client';
import { useMemo, useState } from 'react';

import { dashboardPaths } from '../../../routes/dashboardPaths';
import { readServerError } from '../../shared/graphqlErrors';
import { categoryTreeFromFlat, withBrandScope } from '../shared';
import {
  useListExport,
  useListUrlState,
  useRowsAcrossPages,
  useSavedViews,
  useServerList,
} from '../shared/list';
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
import type { DashboardProductsQuery } from '../../../graphql/generated';
import {
  BUILT_IN_VIEWS,
  productsCodec,
  productsFilter,
  productsVariables,
  productsViews,
  type ProductsListState,
} from './productsUrlState';
import { ProductsView, type BulkScope } from './ProductsView';
import type { StockChangeInput } from './StockDialogs';

export const PRODUCTS_EXPORT_PATH = '/admin/exports/products';

export interface ProductsScreenProps {
  /** Opens the export's download (a full navigation by default; tests pass a spy). */
  download?(url: string): void;
}

const productsPage = (data: DashboardProductsQuery) => data.staffProducts;
const SAVED_VIEWS = {
  list: DASHBOARD_PRODUCTS_SAVED_VIEWS_QUERY,
  create: PRODUCTS_SAVED_VIEW_CREATE_MUTATION,
  remove: PRODUCTS_SAVED_VIEW_DELETE_MUTATION,
};

/** The productsBulk input of a bulk change: the selected ids, or the list's filter. */
function bulkInput(
  request: BulkRequest,
  scope: BulkScope,
  count: number,
  state: ProductsListState,
) {
  return {
    action: request.action,
    ...(scope.kind === 'ids' ? { ids: scope.ids } : { filter: productsFilter(state) }),
    ...(request.categoryId ? { categoryId: request.categoryId } : {}),
    ...(request.priceChange ? { priceChange: request.priceChange } : {}),
    ...(request.package ? { package: request.package } : {}),
    ...(request.fiscal ? { fiscal: request.fiscal } : {}),
    expectedCount: count,
  };
}

export function ProductsScreen({ download }: ProductsScreenProps = {}) {
  const [state, setState] = useListUrlState(productsCodec);
  const list = useServerList(DASHBOARD_PRODUCTS_QUERY, productsVariables(state), {
    page: productsPage,
  });
  const { rows, refetch } = list;
  const { data: context } = useQuery(DASHBOARD_PRODUCTS_CONTEXT_QUERY, { errorPolicy: 'all' });
  const views = useSavedViews({
    documents: SAVED_VIEWS,
    queries: productsViews,
    builtIn: BUILT_IN_VIEWS,
    state,
    setState,
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

  const role = context?.me?.role ?? null;
  const brands = context?.staffBrands ?? [];
  const categories = useMemo(
    () => categoryOptions(categoryTreeFromFlat(context?.staffCategories ?? [])),
    [context],
  );

  // Selected products stay selected across pages: their rows are kept for the price preview.
  const { selectedRows, selectedIds, selectRows, setSelectedRows } = useRowsAcrossPages(rows);
  const [bulkNotice, setBulkNotice] = useState<string | null>(null);

  /** Runs an in-grid change, then reads the page again; the server's refusal as the message. */
  async function thenReload(change: () => Promise<unknown>) {
    try {
      await change();
      await refetch();
      return null;
    } catch (cause) {
      return readServerError(cause as Error).message;
    }
  }

  const handlePrice = (variantId: string, priceCents: number) =>
    thenReload(() => setPrice({ variables: { id: variantId, priceCents } }));

  /**
   * One price for all the variants of a product that share it: a bulk change of the difference on
   * that product alone (all or nothing, in the catalog's history).
   */
  const handleProductPrice = (product: ProductRowNode, priceCents: number) =>
    thenReload(() =>
      runBulk({
        variables: {
          input: {
            action: 'CHANGE_PRICES',
            ids: [product.id],
            priceChange: { amountCents: priceCents - product.minPriceCents },
            expectedCount: 1,
          },
        },
      }),
    );

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
    return thenReload(async () => {
      const result = await runBulk({
        variables: { input: bulkInput(request, scope, count, state) },
      });
      setBulkNotice(result.data?.productsBulk.historyEntry.summary ?? 'Alteração feita.');
      setSelectedRows([]);
    });
  }

  const exporting = useListExport({
    path: PRODUCTS_EXPORT_PATH,
    body: () => ({ filter: productsFilter(state), sort: state.sort }),
    failMessage: 'Não foi possível exportar os produtos. Tente novamente.',
    download,
  });

  return (
    <ProductsView
      state={state}
      onStateChange={setState}
      rows={rows}
      totalCount={list.totalCount}
      loading={list.loading}
      error={list.error}
      onRetry={list.retry}
      staffRole={role}
      brands={brands}
      categories={categories}
      {...views}
      selectedIds={selectedIds}
      onSelectionChange={selectRows}
      selectedRows={selectedRows}
      productHref={(id) => withBrandScope(dashboardPaths.product(id), state.brandId)}
      newProductHref={withBrandScope(dashboardPaths.productNew, state.brandId)}
      importHref={withBrandScope(dashboardPaths.productsImport, state.brandId)}
      {...exporting}
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
