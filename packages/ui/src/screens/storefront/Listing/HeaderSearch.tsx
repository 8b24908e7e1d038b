// The header's search box, connected: suggestions from the server (products by relevance,
// tolerant of accents and typos; brands by name), Enter opens /busca?q=.
import { useLazyQuery } from '@apollo/client';
import { useLocation, useNavigate } from 'react-router-dom';

import { SearchBox, type SearchSuggestion } from '../../../components/storefront';
import { formatBRL } from '../../../format';
import { trackCommerceEvent } from '../shared/analytics';
import { storefrontPaths } from '../shared/paths';
import { SEARCH_SUGGESTIONS_QUERY, type SearchSuggestionsQuery } from './HeaderSearch.graphql';

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

export function toSuggestions(data: SearchSuggestionsQuery, query: string): SearchSuggestion[] {
  const folded = fold(query);
  const brands = data.brands
    .filter((brand) => fold(brand.name).includes(folded))
    .slice(0, 2)
    .map((brand): SearchSuggestion => ({
      id: `brand-${brand.id}`,
      kind: 'brand',
      label: brand.name,
      detail: 'Marca',
      href: storefrontPaths.brand(brand.slug),
    }));
  const products = data.products.nodes.map((product): SearchSuggestion => ({
    id: product.id,
    kind: 'product',
    label: product.name,
    detail: `${product.brand.name} · ${formatBRL(product.minPriceCents)}`,
    href: storefrontPaths.product(product.slug),
    imageUrl: product.images[0]?.url ?? null,
  }));
  return [...brands, ...products];
}

export function HeaderSearch() {
  const navigate = useNavigate();
  const location = useLocation();
  const [fetchSuggestions, { data, loading, variables }] = useLazyQuery(SEARCH_SUGGESTIONS_QUERY);
  const currentQuery =
    location.pathname === '/busca' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  return (
    <SearchBox
      defaultQuery={currentQuery}
      suggestions={data && variables ? toSuggestions(data, variables.search) : []}
      loading={loading}
      onQueryChange={(search) => void fetchSuggestions({ variables: { search } })}
      onSubmit={(query) => {
        trackCommerceEvent('search', { search_term: query });
        void navigate(storefrontPaths.search(query));
      }}
      onSelect={(suggestion) => void navigate(suggestion.href)}
    />
  );
}
