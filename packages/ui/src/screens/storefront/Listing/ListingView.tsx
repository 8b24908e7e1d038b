// A product listing (category, search results, a brand's catalog): filters with counts, sort,
// the grid, 'Mostrar mais' and an empty result that says what to do next.
import CloseRounded from '@mui/icons-material/CloseRounded';
import SearchOff from '@mui/icons-material/SearchOff';
import Tune from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import {
  Breadcrumbs,
  countActiveFilters,
  EMPTY_FILTER_SELECTION,
  EmptyState,
  FacetFilters,
  Pagination,
  SortSelect,
  type BreadcrumbItem,
  type CategoryLink,
  type ListingFacets,
  type ListingFilterSelection,
  type ListingSort,
  type ProductCardData,
} from '../../../components/storefront';
import { formatBRL, pluralize } from '../../../format';
import { storefrontPaths } from '../../../routes/paths';
import { ProductGrid, ProductGridSkeleton } from '../shared/ProductGrid';
import { StorefrontErrorView } from '../shared/StorefrontErrorView';

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

function activeChips(
  filters: ListingFilterSelection,
  facets: ListingFacets,
): { key: string; label: string; remove: (f: ListingFilterSelection) => ListingFilterSelection }[] {
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
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              flexWrap: 'wrap',
              gap: 1.5,
              mb: 2,
            }}
          >
            <Typography role="status" color="text.secondary" sx={{ fontSize: '0.9375rem' }}>
              {status === 'ready'
                ? `${pluralize(totalCount, 'produto encontrado', 'produtos encontrados')}`
                : status === 'loading'
                  ? 'Carregando produtos…'
                  : ''}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
              <Button
                variant="outlined"
                color="inherit"
                startIcon={<Tune />}
                onClick={() => setFiltersOpen(true)}
                // On a 320 px phone the button keeps its own width and the sort field the rest.
                sx={{ display: { md: 'none' }, minHeight: 44, flex: { xs: '0 1 auto', sm: 1 } }}
              >
                Filtrar{active > 0 ? ` (${active})` : ''}
              </Button>
              <SortSelect
                value={sort}
                onChange={onSortChange}
                allowRelevance={Boolean(searchQuery)}
                sx={{ flex: { xs: 1, sm: '0 0 auto' } }}
              />
            </Box>
          </Box>

          {chips.length > 0 ? (
            <Box
              component="ul"
              aria-label="Filtros aplicados"
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                mb: 2,
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
              }}
            >
              {chips.map((chip) => (
                <li key={chip.key}>
                  <Chip
                    label={chip.label}
                    aria-label={`Remover filtro ${chip.label}`}
                    onClick={() => onFiltersChange(chip.remove(filters))}
                    onDelete={() => onFiltersChange(chip.remove(filters))}
                    sx={{ minHeight: 36 }}
                  />
                </li>
              ))}
            </Box>
          ) : null}

          {status === 'loading' ? (
            <ProductGridSkeleton count={6} columns={{ xs: 2, sm: 3, md: 3 }} />
          ) : status === 'error' ? (
            <StorefrontErrorView
              headingLevel="h2"
              title="Não foi possível carregar os produtos"
              {...(onRetry ? { onRetry } : {})}
            />
          ) : products.length === 0 ? (
            <EmptyState
              icon={<SearchOff />}
              title={
                searchQuery
                  ? `Nenhum resultado para “${searchQuery}”`
                  : active > 0
                    ? 'Nenhum produto com esses filtros'
                    : 'Nenhum produto por aqui ainda'
              }
              description={
                searchQuery ? (
                  <>
                    <p>Que tal tentar de outro jeito?</p>
                    <ul>
                      <li>Confira se a palavra está escrita corretamente.</li>
                      <li>Use termos mais gerais, como “camiseta” ou “tênis”.</li>
                      {active > 0 ? <li>Tire alguns filtros.</li> : null}
                    </ul>
                  </>
                ) : active > 0 ? (
                  <p>Tire alguns filtros ou veja as novidades da loja.</p>
                ) : (
                  <p>Novos produtos chegam sempre: enquanto isso, veja as novidades da loja.</p>
                )
              }
              actions={
                <>
                  {active > 0 ? (
                    <Button
                      variant="contained"
                      onClick={() => onFiltersChange(EMPTY_FILTER_SELECTION)}
                    >
                      Limpar filtros
                    </Button>
                  ) : null}
                  <Button component={RouterLink} to={storefrontPaths.home} variant="outlined">
                    Ver novidades
                  </Button>
                </>
              }
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

      <Drawer
        anchor="bottom"
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        slotProps={{
          paper: {
            sx: { maxHeight: '88vh', borderTopLeftRadius: 16, borderTopRightRadius: 16 },
            'aria-label': 'Filtros',
          } as object,
        }}
      >
        <Box sx={{ p: 2, pb: 0, overflowY: 'auto' }}>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              mb: 2,
            }}
          >
            <Typography component="h2" variant="h5">
              Filtrar produtos
            </Typography>
            <IconButton
              aria-label="Fechar filtros"
              edge="end"
              onClick={() => setFiltersOpen(false)}
            >
              <CloseRounded />
            </IconButton>
          </Box>
          {filterPanel}
        </Box>
        <Box
          sx={{
            position: 'sticky',
            bottom: 0,
            p: 2,
            bgcolor: 'background.paper',
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          {/* "Limpar" beside the results button: start over without closing the panel. */}
          <Box sx={{ display: 'flex', gap: 1.5 }}>
            <Button
              variant="outlined"
              size="large"
              disabled={active === 0}
              onClick={() => onFiltersChange(EMPTY_FILTER_SELECTION)}
              sx={{ flexShrink: 0, minHeight: 48 }}
            >
              Limpar
            </Button>
            <Button
              variant="contained"
              size="large"
              fullWidth
              onClick={() => setFiltersOpen(false)}
              sx={{ minHeight: 48 }}
            >
              {status === 'ready'
                ? `Ver ${pluralize(totalCount, 'produto', 'produtos')}`
                : 'Ver produtos'}
            </Button>
          </Box>
        </Box>
      </Drawer>
    </Container>
  );
}
