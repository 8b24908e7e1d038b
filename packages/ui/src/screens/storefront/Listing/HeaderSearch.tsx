// The header's search box, connected: suggestions from the server (products by relevance,
// tolerant of accents and typos; brands by name), Enter opens /busca?q=.
//
// A first visit shows a plain search field (SearchField, a native input): MUI's
// Autocomplete and Popper are a chunk of their own, fetched when the shopper points at, focuses
// or types in the field; on focus or typing they take over with the text typed so far and the
// focus.
import { useLazyQuery } from '@apollo/client';
import Search from '@mui/icons-material/Search';
import { useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import type {
  SearchBoxProps,
  SearchSuggestion,
} from '../../../components/storefront/SearchBox/SearchBox';
import { ActionButton } from '../../../components/ActionButton';
import { SearchField } from '../../../components/storefront/SearchField';
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

/** Edit distance with adjacent swaps (optimal string alignment), for short words. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const row = rows[i]!;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
      }
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * Whether a brand's name answers what was typed: contains it (accents and case aside), or one of
 * its words begins with one of the typed words give or take a typo (one from 4 letters, two from 7).
 */
export function brandMatches(name: string, query: string): boolean {
  const typed = fold(query).trim();
  if (typed === '') return false;
  const folded = fold(name);
  if (folded.includes(typed)) return true;
  const words = folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return typed
    .split(/\s+/)
    .filter((token) => token.length >= 4)
    .some((token) => {
      const allowed = token.length >= 7 ? 2 : 1;
      return words.some((word) => editDistance(word.slice(0, token.length), token) <= allowed);
    });
}

export function toSuggestions(data: SearchSuggestionsQuery, query: string): SearchSuggestion[] {
  const brands = data.brands
    .filter((brand) => brandMatches(brand.name, query))
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

type SearchBoxComponent = ComponentType<SearchBoxProps>;

let searchBoxChunk: Promise<SearchBoxComponent> | undefined;
let loadedSearchBox: SearchBoxComponent | null = null;

/** Fetches the Autocomplete search box once; a failed fetch is retried on the next call. */
function loadSearchBox(): Promise<SearchBoxComponent> {
  searchBoxChunk ??= import('../../../components/storefront/SearchBox/SearchBox').then(
    (module) => (loadedSearchBox = module.SearchBox),
    (error: unknown) => {
      searchBoxChunk = undefined;
      throw error;
    },
  );
  return searchBoxChunk;
}

interface PlainSearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  onPreload: () => void;
  onActivate: () => void;
  onSubmit: (query: string) => void;
}

/** The stand-in until the Autocomplete arrives: same look, same name, Enter searches. */
function PlainSearchField({
  value,
  onChange,
  onPreload,
  onActivate,
  onSubmit,
}: PlainSearchFieldProps) {
  return (
    <form
      role="search"
      style={{ width: '100%' }}
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = value.trim();
        if (trimmed !== '') onSubmit(trimmed);
      }}
      onPointerEnter={onPreload}
    >
      <SearchField
        value={value}
        placeholder="O que você procura?"
        onChange={(event) => {
          onChange(event.target.value);
          onActivate();
        }}
        onFocus={onActivate}
        role="combobox"
        aria-label="Buscar produtos"
        aria-autocomplete="list"
        aria-expanded={false}
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

export function HeaderSearch() {
  const navigate = useNavigate();
  const location = useLocation();
  const [fetchSuggestions, { data, loading, variables }] = useLazyQuery(SEARCH_SUGGESTIONS_QUERY);
  const currentQuery =
    location.pathname === '/busca' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [SearchBox, setSearchBox] = useState<SearchBoxComponent | null>(() => loadedSearchBox);
  // What the shopper typed in the plain field, handed to the Autocomplete when it arrives; a new
  // query in the URL (a search, the back button) replaces it, as it replaces the box's text.
  const [typed, setTyped] = useState<string | null>(null);
  const [shownQuery, setShownQuery] = useState(currentQuery);
  if (shownQuery !== currentQuery) {
    setShownQuery(currentQuery);
    setTyped(null);
  }
  const handOverFocus = useRef(false);
  const container = useRef<HTMLDivElement>(null);

  // Pointing at the field starts the download; focusing or typing swaps the box in.
  function preload() {
    loadSearchBox().catch(() => undefined);
  }

  function activate() {
    if (SearchBox !== null) return;
    loadSearchBox().then(
      (component) => {
        handOverFocus.current =
          container.current?.contains(container.current.ownerDocument.activeElement) ?? false;
        setSearchBox(() => component);
      },
      // Offline or a failed deploy: the plain field keeps searching on Enter.
      () => undefined,
    );
  }

  // The hand-over: focus and caret move to the Autocomplete's input, and what was typed opens
  // its suggestions, as if the shopper had typed it there.
  useLayoutEffect(() => {
    if (SearchBox === null || !handOverFocus.current) return;
    handOverFocus.current = false;
    const input = container.current?.querySelector('input');
    if (!input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
    if (input.value.trim() !== '') {
      input.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
    }
  }, [SearchBox]);

  function submit(query: string) {
    trackCommerceEvent('search', { search_term: query });
    void navigate(storefrontPaths.search(query));
  }

  return (
    <div ref={container}>
      {SearchBox === null ? (
        <PlainSearchField
          value={typed ?? currentQuery}
          onChange={setTyped}
          onPreload={preload}
          onActivate={activate}
          onSubmit={submit}
        />
      ) : (
        <SearchBox
          defaultQuery={typed ?? currentQuery}
          suggestions={data && variables ? toSuggestions(data, variables.search) : []}
          loading={loading}
          onQueryChange={(search) => void fetchSuggestions({ variables: { search } })}
          onSubmit={submit}
          onSelect={(suggestion) => void navigate(suggestion.href)}
        />
      )}
    </div>
  );
}
