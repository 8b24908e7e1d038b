// The header's search box, connected: suggestions from the server (products by relevance,
// tolerant of accents and typos; brands by name, ConnectedSearchBox), Enter opens /busca?q=.
//
// A first visit shows a plain search field (SearchField, a native input): MUI's
// Autocomplete and Popper are a chunk of their own, fetched when the shopper points at, focuses
// or types in the field; on focus or typing they take over with the text typed so far and the
// focus.
import Search from '@mui/icons-material/Search';
import { useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';

import type { SearchSuggestion } from '../../../components/storefront/SearchBox/SearchBox';
import { ActionButton } from '../../../components/ActionButton';
import { SearchField } from '../../../components/storefront/SearchField';
import type { ConnectedSearchBoxProps } from './ConnectedSearchBox';
import { useSearchedQuery, useSearchSubmit } from '../shared/searchNavigation';

type SearchBoxComponent = ComponentType<ConnectedSearchBoxProps>;

let searchBoxChunk: Promise<SearchBoxComponent> | undefined;
let loadedSearchBox: SearchBoxComponent | null = null;

/**
 * Fetches the Autocomplete search box with its suggestions (query, typo-tolerant brand matching)
 * once; a failed fetch is retried on the next call.
 */
function loadSearchBox(): Promise<SearchBoxComponent> {
  searchBoxChunk ??= import('./ConnectedSearchBox').then(
    (module) => (loadedSearchBox = module.ConnectedSearchBox),
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
  const currentQuery = useSearchedQuery();
  const submit = useSearchSubmit();
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
          onSubmit={submit}
          onSelect={(suggestion: SearchSuggestion) => void navigate(suggestion.href)}
        />
      )}
    </div>
  );
}
