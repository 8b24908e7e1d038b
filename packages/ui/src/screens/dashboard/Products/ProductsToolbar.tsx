// The products grid's search and filters: brand, category (its whole subtree; the tree indented),
// status, stock, featured, price range, and "Limpar filtros", on the dashboard's FilterBar (on a
// phone the filters fold into a sheet behind "Filtros"). Pure: every change goes to onChange; the
// search waits for a pause.
import {
  FilterBar,
  FilterSelect,
  MoneyFilterField,
  filterOptions,
} from '../../../components/dashboard/FilterBar';
import type { CategoryOption } from './categoryOptions';
import {
  FEATURED_LABELS,
  hasFilters,
  STATUS_LABELS,
  STOCK_LABELS,
  type ProductsListState,
} from './productsUrlState';

export interface ProductsToolbarProps {
  state: ProductsListState;
  /** A filter changed: the new state (back to the first page). */
  onChange(next: ProductsListState): void;
  onClear(): void;
  brands: { id: string; name: string; active: boolean }[];
  categories: CategoryOption[];
  /** A phone: the filters fold into a sheet, the search stays. */
  compact?: boolean;
}

export function ProductsToolbar({
  state,
  onChange,
  onClear,
  brands,
  categories,
  compact = false,
}: ProductsToolbarProps) {
  const change = (patch: Partial<ProductsListState>) => onChange({ ...state, ...patch, page: 0 });
  const active = [
    brands.length > 1 ? state.brandId : null,
    state.categoryId,
    state.status,
    state.stock,
    state.featured,
    state.minPriceCents,
    state.maxPriceCents,
  ].filter((value) => value !== null).length;

  return (
    <FilterBar
      label="Filtrar produtos"
      search={{
        value: state.search,
        label: 'Buscar por nome, SKU ou GTIN',
        onSearch: (search) => change({ search }),
      }}
      activeCount={active}
      canClear={hasFilters(state)}
      onClear={onClear}
      compact={compact}
      showResultsLabel="Ver produtos"
      columns={5}
    >
      {brands.length > 1 ? (
        <FilterSelect
          label="Marca"
          value={state.brandId}
          allLabel="Todas"
          options={brands.map((brand) => ({
            value: brand.id,
            label: brand.active ? brand.name : `${brand.name} (inativa)`,
          }))}
          onChange={(brandId) => change({ brandId })}
        />
      ) : null}
      <FilterSelect
        label="Categoria"
        value={state.categoryId}
        allLabel="Todas"
        options={categories.map((option) => ({
          value: option.id,
          label: option.name,
          depth: option.depth,
        }))}
        onChange={(categoryId) => change({ categoryId })}
      />
      <FilterSelect
        label="Status"
        value={state.status}
        options={filterOptions(STATUS_LABELS)}
        onChange={(status) => change({ status })}
      />
      <FilterSelect
        label="Estoque"
        value={state.stock}
        options={filterOptions(STOCK_LABELS)}
        onChange={(stock) => change({ stock })}
      />
      <FilterSelect
        label="Destaque"
        value={state.featured}
        options={filterOptions(FEATURED_LABELS)}
        onChange={(featured) => change({ featured })}
      />
      <MoneyFilterField
        label="Preço mínimo"
        value={state.minPriceCents}
        onChange={(minPriceCents) => change({ minPriceCents })}
      />
      <MoneyFilterField
        label="Preço máximo"
        value={state.maxPriceCents}
        onChange={(maxPriceCents) => change({ maxPriceCents })}
      />
    </FilterBar>
  );
}
