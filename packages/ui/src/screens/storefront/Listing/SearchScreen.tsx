// /busca?q= — search results (accents and typos are the server's job) with the same filters.
import Search from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Link as RouterLink } from 'react-router-dom';

import { EmptyState } from '../../../components/storefront';
import { useSeo } from '../../../seo';
import { useStoreName } from '../../shared/useStoreName';
import { storefrontPaths } from '../../../routes/paths';
import { toProductCardData } from '../shared/productCard.graphql';
import { useCardPixDiscount } from '../shared/useCardPixDiscount';
import { productFilter } from './listingParams';
import { ListingView } from './ListingView';
import { useListingState } from './useListingState';
import { useProductPages } from './useProductPages';

export function SearchScreen() {
  const pixDiscountPercent = useCardPixDiscount();
  const storeName = useStoreName();
  const listing = useListingState();
  const { query } = listing.state;
  const pages = useProductPages(
    productFilter(listing.state),
    listing.state.sort,
    listing.state.page,
    query === '',
  );
  useSeo({
    title: query ? `Busca: ${query}` : 'Buscar produtos',
    siteName: storeName,
    // Result pages are endless variations of the catalog: kept out of search engines.
    noIndex: true,
  });

  if (query === '') {
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <EmptyState
          headingLevel="h1"
          icon={<Search />}
          title="O que você procura?"
          description={
            <p>Digite o nome de um produto, de uma marca ou de uma categoria na busca.</p>
          }
          actions={
            <Button component={RouterLink} to={storefrontPaths.home} variant="outlined">
              Ver novidades
            </Button>
          }
        />
      </Container>
    );
  }
  return (
    <ListingView
      title={`Resultados para “${query}”`}
      breadcrumbs={[{ label: 'Início', href: storefrontPaths.home }, { label: 'Busca' }]}
      status={pages.status}
      products={pages.products.map((node) => toProductCardData(node, { pixDiscountPercent }))}
      totalCount={pages.totalCount}
      facets={pages.facets}
      filters={listing.state.filters}
      onFiltersChange={listing.setFilters}
      sort={listing.state.sort}
      onSortChange={listing.setSort}
      searchQuery={query}
      nextPageHref={listing.nextPageHref(pages.hasNextPage)}
      refreshing={pages.refreshing}
      onRetry={pages.retry}
    />
  );
}
