// /busca?q= — search results (accents and typos are the server's job) with the same filters.
import Search from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { ActionButton } from '../../../components/ActionButton';
import { EmptyState, SearchField } from '../../../components/storefront';
import { useSeo } from '../../../seo';
import { useStoreName } from '../../shared/useStoreName';
import { storefrontPaths } from '../../../routes/paths';
import { toProductCardData } from '../shared/productCard.graphql';
import { useCardPixDiscount } from '../shared/useCardPixDiscount';
import { useSearchSubmit } from '../shared/searchNavigation';
import { productFilter } from './listingParams';
import { ListingView } from './ListingView';
import { useListingState } from './useListingState';
import { useProductPages } from './useProductPages';

/**
 * A field of its own on the page without words: the phone's header has only a button, whose sheet
 * may fail to load (offline), and then opens this page.
 */
function SearchForm() {
  const submit = useSearchSubmit();
  const [words, setWords] = useState('');
  return (
    // action and name: before hydration the browser itself opens /busca?q=.
    <form
      role="search"
      action={storefrontPaths.search()}
      method="get"
      style={{ flexBasis: '100%' }}
      onSubmit={(event) => {
        event.preventDefault();
        if (words.trim() !== '') submit(words.trim());
      }}
    >
      <SearchField
        type="search"
        name="q"
        value={words}
        onChange={(event) => setWords(event.target.value)}
        placeholder="Produto, marca ou categoria"
        aria-label="Buscar produtos"
        autoComplete="off"
        enterKeyHint="search"
        end={
          <ActionButton
            variant="icon"
            type="submit"
            aria-label="Buscar"
            sx={{ width: 44, height: 44, p: '10px', my: '-1px', mr: '-1px' }}
          >
            <Search />
          </ActionButton>
        }
      />
    </form>
  );
}

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
            <>
              <SearchForm />
              <Button component={RouterLink} to={storefrontPaths.home} variant="outlined">
                Ver novidades
              </Button>
            </>
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
