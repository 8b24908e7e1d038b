// A product listing (category, search results, a brand's catalog): filters with counts, sort,
// the grid, 'Mostrar mais' and an empty result that says what to do next.
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';

import {
  Breadcrumbs,
  countActiveFilters,
  FacetFilters,
  Pagination,
  type BreadcrumbItem,
  type CategoryLink,
  type ListingFacets,
  type ListingFilterSelection,
  type ListingSort,
  type ProductCardData,
} from '../../../components/storefront';
import { formatBRL } from '../../../format';
import { ProductGrid, ProductGridSkeleton } from '../shared/ProductGrid';
import { StorefrontErrorView } from '../shared/StorefrontErrorView';
import {
  ActiveFilterChips,
  FiltersDrawer,
  ListingEmpty,
  ListingToolbar,
  type FilterChip,
} from './ListingParts';

export interface ListingViewProps {
  title: string;
  description?: string | null;
  breadcrumbs: BreadcrumbItem[];
  /** Replaces the plain title (the brand page's hero). */
  header?: ReactNode;
  status: 'loading' | 'error' | 'ready';
  products: ProductCardData[];
  totalCount: number;
  facets: ListingFacets | null;
  filters: ListingFilterSelection;
  onFiltersChange: (next: ListingFilterSelection) => void;
  sort: ListingSort;
  onSortChange: (sort: ListingSort) => void;
  /** The search being shown, if any (relevance sort, empty-result tips). */
  searchQuery?: string;
  hideBrandFilter?: boolean;
  /** The category page: no category facet (it links its sub-categories instead). */
  hideCategoryFilter?: boolean;
  categoryLinks?: CategoryLink[];
  /** URL of one more page, null at the end. */
  nextPageHref: string | null;
  /** New filters or another page on the way (results stay on screen, dimmed). */
  refreshing?: boolean;
  onRetry?: () => void;
}

const EMPTY_FACETS: ListingFacets = {
  categories: [],
  brands: [],
  sizes: [],
  colors: [],
  priceRange: null,
  inStockCount: 0,
};

function activeChips(filters: ListingFilterSelection, facets: ListingFacets): FilterChip[] {
  const brandLabel = (slug: string) =>
    facets.brands.find((item) => item.value === slug)?.label ?? slug;
  const category = filters.category;
  const chips = [
    ...(category !== null
      ? [
          {
            key: `categoria-${category}`,
            label: facets.categories.find((item) => item.value === category)?.label ?? category,
            remove: (f: ListingFilterSelection) => ({ ...f, category: null }),
          },
        ]
      : []),
    ...filters.brands.map((brand) => ({
      key: `marca-${brand}`,
      label: brandLabel(brand),
      remove: (f: ListingFilterSelection) => ({
        ...f,
        brands: f.brands.filter((b) => b !== brand),
      }),
    })),
    ...filters.sizes.map((size) => ({
      key: `tamanho-${size}`,
      label: `Tamanho ${size}`,
      remove: (f: ListingFilterSelection) => ({ ...f, sizes: f.sizes.filter((s) => s !== size) }),
    })),
    ...filters.colors.map((color) => ({
      key: `cor-${color}`,
      label: color,
      remove: (f: ListingFilterSelection) => ({
        ...f,
        colors: f.colors.filter((c) => c !== color),
      }),
    })),
  ];
  if (filters.minPriceCents !== null || filters.maxPriceCents !== null) {
    const from = filters.minPriceCents !== null ? `de ${formatBRL(filters.minPriceCents)}` : '';
    const to = filters.maxPriceCents !== null ? `até ${formatBRL(filters.maxPriceCents)}` : '';
    chips.push({
      key: 'preco',
      label: [from, to].filter(Boolean).join(' '),
      remove: (f) => ({ ...f, minPriceCents: null, maxPriceCents: null }),
    });
  }
  if (filters.inStock) {
    chips.push({ key: 'estoque', label: 'Em estoque', remove: (f) => ({ ...f, inStock: false }) });
  }
  return chips;
}

export function ListingView({
  title,
  description,
  breadcrumbs,
  header,
  status,
  products,
  totalCount,
  facets,
  filters,
  onFiltersChange,
  sort,
  onSortChange,
  searchQuery,
  hideBrandFilter = false,
  hideCategoryFilter = false,
  categoryLinks,
  nextPageHref,
  refreshing = false,
  onRetry,
}: ListingViewProps) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const active = countActiveFilters(filters);
  const shownFacets = facets ?? EMPTY_FACETS;
  const filterPanel = (
    <FacetFilters
      facets={shownFacets}
      value={filters}
      onChange={onFiltersChange}
      hideBrands={hideBrandFilter}
      hideCategories={hideCategoryFilter}
      {...(categoryLinks ? { categoryLinks } : {})}
    />
  );
  const chips = activeChips(filters, shownFacets);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
      <Breadcrumbs items={breadcrumbs} sx={{ mb: 1.5 }} />
      {header ?? (
        <Box sx={{ mb: { xs: 2, md: 3 } }}>
          <Typography component="h1" variant="h2" sx={{ fontSize: { xs: '1.5rem', md: '2rem' } }}>
            {title}
          </Typography>
          {description ? (
            <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 720 }}>
              {description}
            </Typography>
          ) : null}
        </Box>
      )}

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '250px minmax(0, 1fr)' },
          gap: { xs: 2, md: 4 },
          alignItems: 'start',
        }}
      >
        <Box
          component="aside"
          aria-label="Filtros"
          sx={{ display: { xs: 'none', md: 'block' }, position: 'sticky', top: 96 }}
        >
          {filterPanel}
        </Box>

        <Box sx={{ minWidth: 0 }}>
          <ListingToolbar
            status={status}
            totalCount={totalCount}
            active={active}
            onOpenFilters={() => setFiltersOpen(true)}
            sort={sort}
            onSortChange={onSortChange}
            searchQuery={searchQuery}
          />

          <ActiveFilterChips chips={chips} filters={filters} onFiltersChange={onFiltersChange} />

          {status === 'loading' ? (
            <ProductGridSkeleton count={6} columns={{ xs: 2, sm: 3, md: 3 }} />
          ) : status === 'error' ? (
            <StorefrontErrorView
              headingLevel="h2"
              title="Não foi possível carregar os produtos"
              {...(onRetry ? { onRetry } : {})}
            />
          ) : products.length === 0 ? (
            <ListingEmpty
              searchQuery={searchQuery}
              active={active}
              onFiltersChange={onFiltersChange}
            />
          ) : (
            <Box aria-busy={refreshing} sx={{ position: 'relative' }}>
              {refreshing ? (
                <LinearProgress
                  aria-label="Atualizando produtos"
                  sx={{
                    position: 'absolute',
                    top: -10,
                    left: 0,
                    right: 0,
                    height: 3,
                    borderRadius: 2,
                  }}
                />
              ) : null}
              <ProductGrid
                headingLevel="h2"
                products={products}
                eagerCount={2}
                priorityCount={2}
                columns={{ xs: 2, sm: 3, md: 3 }}
                label={title}
              />
              <Pagination
                shown={products.length}
                total={totalCount}
                nextHref={nextPageHref}
                loading={refreshing}
              />
            </Box>
          )}
        </Box>
      </Box>

      <FiltersDrawer
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        filterPanel={filterPanel}
        active={active}
        onFiltersChange={onFiltersChange}
        status={status}
        totalCount={totalCount}
      />
    </Container>
  );
}
