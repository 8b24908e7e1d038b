// The phone's search: a sheet over the page (a dialog, the whole screen below 600 px) with a
// full-width field, the suggestions as the shopper types (a listbox under the field, as wide as
// the screen) and, before anything is typed, the searches made on this device. The header's
// search button opens it where the header has no room for a field.
//
// Keyboard as the header's SearchBox: arrows move through the list, Enter opens the highlighted
// suggestion or searches the typed words; Escape closes the sheet.
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import History from '@mui/icons-material/History';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Dialog from '@mui/material/Dialog';
import { styled, useThemeProps } from '@mui/material/styles';
import { useForkRef } from '@mui/material/utils';
import useAutocomplete from '@mui/material/useAutocomplete';
import {
  useCallback,
  useId,
  useRef,
  useState,
  type FormEvent,
  type HTMLAttributes,
  type KeyboardEvent,
} from 'react';

import { ActionButton } from '../../ActionButton';
import { VisuallyHidden } from '../shared/VisuallyHidden';
import type { SearchSuggestion } from '../SearchBox/SearchBox';
import { SEARCH_MIN_LENGTH, useQueryPause } from '../SearchBox/useQueryPause';
import { SearchField } from '../SearchField';

export interface SearchSheetProps {
  open: boolean;
  /** Escape, the back button or a tap outside the sheet (from 600 px up). */
  onClose: () => void;
  /** The query already searched (on the results page): in the field, selected. */
  defaultQuery?: string;
  suggestions: SearchSuggestion[];
  loading?: boolean;
  /** Called when typing pauses, with the trimmed query (2 characters or more). */
  onQueryChange: (query: string) => void;
  /** The typed words (Enter, the search button) or a recent search chosen. */
  onSubmit: (query: string) => void;
  onSelect: (suggestion: SearchSuggestion) => void;
  /** The searches made on this device, latest first; shown until 2 characters are typed. */
  recentSearches?: readonly string[];
  /** "Limpar": forgets the recent searches. */
  onClearRecentSearches?: () => void;
  debounceMs?: number;
  placeholder?: string;
}

type SheetOption =
  | { kind: 'recent'; label: string }
  | { kind: 'suggestion'; label: string; suggestion: SearchSuggestion };

const ICON_IN_FIELD = { width: 44, height: 44, p: '10px', my: '-1px' } as const;

const Bar = styled('div', { name: 'VtSearchSheet', slot: 'Bar' })(({ theme }) => ({
  flexShrink: 0,
  padding: theme.spacing(1),
  borderBottom: `1px solid ${theme.palette.divider}`,
  backgroundColor: theme.palette.background.paper,
}));

const Body = styled('div', { name: 'VtSearchSheet', slot: 'Body' })({
  flex: '1 1 auto',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
});

const SectionHead = styled('div', { name: 'VtSearchSheet', slot: 'SectionHead' })(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.spacing(1),
  minHeight: 44,
  padding: theme.spacing(1, 1, 0, 2),
  '& h2': {
    ...theme.typography.subtitle2,
    margin: 0,
    color: theme.palette.text.secondary,
  },
}));

const List = styled('ul', { name: 'VtSearchSheet', slot: 'List' })({
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

const Option = styled('li', { name: 'VtSearchSheet', slot: 'Option' })(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  minHeight: 56,
  padding: theme.spacing(1, 2),
  boxSizing: 'border-box',
  cursor: 'pointer',
  borderBottom: `1px solid ${theme.palette.divider}`,
  ...theme.typography.body1,
  WebkitTapHighlightColor: 'transparent',
  '&.Mui-focused': { backgroundColor: theme.palette.action.hover },
  '&.Mui-focusVisible': {
    backgroundColor: theme.palette.action.selected,
    boxShadow: `inset 3px 0 0 ${theme.palette.primary.main}`,
  },
  '& img': { width: 40, height: 48, objectFit: 'cover', borderRadius: 6, flexShrink: 0 },
  '& > svg': { color: theme.palette.action.active, flexShrink: 0 },
  '& > span': { minWidth: 0, overflowWrap: 'anywhere' },
  '& small': { display: 'block', color: theme.palette.text.secondary, fontSize: '0.8125rem' },
}));

const Note = styled('p', { name: 'VtSearchSheet', slot: 'Note' })(({ theme }) => ({
  ...theme.typography.body2,
  margin: 0,
  padding: theme.spacing(2),
  color: theme.palette.text.secondary,
}));

/** The field's end: 'Apagar o texto' (once there is text) and 'Buscar'. */
function FieldEnd({ showClear, onClear }: { showClear: boolean; onClear: () => void }) {
  return (
    <>
      {showClear ? (
        <ActionButton
          variant="icon"
          aria-label="Apagar o texto"
          onClick={onClear}
          sx={ICON_IN_FIELD}
        >
          <CloseRounded />
        </ActionButton>
      ) : null}
      <ActionButton
        variant="icon"
        type="submit"
        aria-label="Buscar"
        sx={{ ...ICON_IN_FIELD, mr: '-1px' }}
      >
        <SearchRounded />
      </ActionButton>
    </>
  );
}

/** The list's heading ('Sugestões' or 'Buscas recentes'), with 'Limpar' for the recent ones. */
function SheetSectionHead({
  headingId,
  heading,
  onClear,
}: {
  headingId: string;
  heading: string;
  onClear: (() => void) | undefined;
}) {
  return (
    <SectionHead>
      <h2 id={headingId}>{heading}</h2>
      {onClear ? (
        <ActionButton variant="text" aria-label="Limpar buscas recentes" onClick={onClear}>
          Limpar
        </ActionButton>
      ) : null}
    </SectionHead>
  );
}

/** A recent search (with its clock) or a suggestion (picture, name and detail). */
function SheetOptionRow({
  option,
  optionProps,
}: {
  option: SheetOption;
  optionProps: HTMLAttributes<HTMLLIElement>;
}) {
  return option.kind === 'recent' ? (
    <Option {...optionProps}>
      <History aria-hidden />
      <span>{option.label}</span>
    </Option>
  ) : (
    <Option {...optionProps}>
      {option.suggestion.imageUrl ? (
        <img src={option.suggestion.imageUrl} alt="" loading="lazy" />
      ) : null}
      <span>
        {option.label}
        {option.suggestion.detail ? <small>{option.suggestion.detail}</small> : null}
      </span>
    </Option>
  );
}

/** What the sheet says below the list (searching, nothing found, what to type) and 'Ver todos'. */
function SheetNotes({
  query,
  typed,
  loading,
  hasList,
  onSubmit,
}: {
  /** The typed text, trimmed. */
  query: string;
  typed: boolean;
  loading: boolean;
  hasList: boolean;
  onSubmit: (query: string) => void;
}) {
  return (
    <>
      <div role="status">
        {typed && loading && !hasList ? <Note>Buscando…</Note> : null}
        {typed && !loading && !hasList ? (
          <Note>
            Nenhuma sugestão para “{query}”. Toque em buscar para ver todos os resultados.
          </Note>
        ) : null}
      </div>
      {!typed && !hasList ? (
        <Note>Digite o nome de um produto, de uma marca ou de uma categoria.</Note>
      ) : null}
      {typed && hasList ? (
        <ActionButton
          variant="text"
          type="button"
          startIcon={<SearchRounded />}
          onClick={() => onSubmit(query)}
          sx={{ m: 1, justifyContent: 'flex-start', textAlign: 'left', textTransform: 'none' }}
        >
          Ver todos os resultados para “{query}”
        </ActionButton>
      ) : null}
    </>
  );
}

/** The sheet's content, mounted while it is open: each opening starts from `defaultQuery`. */
function SheetContent({
  onClose,
  defaultQuery,
  suggestions,
  loading,
  onQueryChange,
  onSubmit,
  onSelect,
  recentSearches,
  onClearRecentSearches,
  debounceMs,
  placeholder,
  titleId,
}: Required<Omit<SearchSheetProps, 'open' | 'onClearRecentSearches'>> &
  Pick<SearchSheetProps, 'onClearRecentSearches'> & { titleId: string }) {
  const id = useId();
  const headingId = `${id}-heading`;
  const [query, setQuery] = useState(defaultQuery);
  useQueryPause(query, debounceMs, onQueryChange);
  const typed = query.trim().length >= SEARCH_MIN_LENGTH;
  const options: SheetOption[] = typed
    ? suggestions.map((suggestion) => ({ kind: 'suggestion', label: suggestion.label, suggestion }))
    : recentSearches.map((label) => ({ kind: 'recent', label }));

  const { getRootProps, getInputProps, getListboxProps, getOptionProps, groupedOptions } =
    useAutocomplete<SheetOption, false, false, true>({
      id,
      freeSolo: true,
      // The list is part of the sheet: it never pops up or closes on its own.
      open: true,
      options,
      // The server already matched (accents and typos included): show what it found.
      filterOptions: (all) => all,
      getOptionLabel: (option) => (typeof option === 'string' ? option : option.label),
      isOptionEqualToValue: (option, value) =>
        typeof value !== 'string' && option.kind === value.kind && option.label === value.label,
      inputValue: query,
      // Only typing (or clearing) changes the text: a choice leaves the typed words as they were.
      onInputChange: (_event, value, reason) => {
        if (reason === 'input' || reason === 'clear') setQuery(value);
      },
      // Nothing stays chosen: a choice leaves the sheet.
      value: null,
      onChange: (_event, value) => {
        if (value === null || typeof value === 'string') return;
        if (value.kind === 'recent') onSubmit(value.label);
        else onSelect(value.suggestion);
      },
    });
  const shown = groupedOptions as SheetOption[];

  // Focus goes to the field as the sheet opens (the text, if any, selected: typing replaces it).
  const inputProps = getInputProps();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const focusOnMount = useCallback((node: HTMLInputElement | null) => {
    node?.focus();
    node?.select();
  }, []);
  const fieldRef = useForkRef(inputProps.ref, inputRef, focusOnMount);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = query.trim();
    if (trimmed !== '') onSubmit(trimmed);
  }

  function clearText() {
    setQuery('');
    inputRef.current?.focus();
  }

  function clearRecent() {
    onClearRecentSearches?.();
    inputRef.current?.focus();
  }

  // The list's keys (arrows, Enter) are the input's: they are all it receives.
  const { onKeyDown: listKeys } = getRootProps();
  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Escape closes the sheet (the Dialog's), rather than only the list as in the header's box.
    if (event.key === 'Escape') return;
    listKeys?.(event as unknown as KeyboardEvent<HTMLDivElement>);
  }

  const listbox = getListboxProps();
  const hasList = shown.length > 0;
  const heading = typed ? 'Sugestões' : 'Buscas recentes';
  return (
    <>
      <VisuallyHidden as="h2" id={titleId}>
        Buscar na loja
      </VisuallyHidden>
      <Bar>
        <form role="search" onSubmit={submit}>
          <SearchField
            {...inputProps}
            ref={fieldRef}
            onKeyDown={keyDown}
            type="search"
            placeholder={placeholder}
            aria-label="Buscar produtos"
            // Nothing to point at while the list is empty.
            aria-controls={hasList ? inputProps['aria-controls'] : undefined}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            enterKeyHint="search"
            start={
              <ActionButton
                variant="icon"
                aria-label="Fechar busca"
                onClick={onClose}
                sx={{ ...ICON_IN_FIELD, ml: '-1px' }}
              >
                <ArrowBackRounded />
              </ActionButton>
            }
            end={<FieldEnd showClear={query !== ''} onClear={clearText} />}
          />
        </form>
      </Bar>
      <Body>
        {hasList ? (
          <SheetSectionHead
            headingId={headingId}
            heading={heading}
            onClear={!typed && onClearRecentSearches ? clearRecent : undefined}
          />
        ) : null}
        {hasList ? (
          <List {...listbox} aria-labelledby={headingId}>
            {shown.map((option, index) => {
              const { key, ...optionProps } = getOptionProps({ option, index });
              return <SheetOptionRow key={key} option={option} optionProps={optionProps} />;
            })}
          </List>
        ) : null}
        <SheetNotes
          query={query.trim()}
          typed={typed}
          loading={loading}
          hasList={hasList}
          onSubmit={onSubmit}
        />
      </Body>
    </>
  );
}

export function SearchSheet(inProps: SearchSheetProps) {
  const {
    open,
    onClose,
    defaultQuery = '',
    suggestions,
    loading = false,
    onQueryChange,
    onSubmit,
    onSelect,
    recentSearches = [],
    onClearRecentSearches,
    debounceMs = 250,
    placeholder = 'O que você procura?',
  } = useThemeProps({ props: inProps, name: 'VtSearchSheet' });
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      // The header gives focus back to its search button (or to the new page after a choice).
      disableRestoreFocus
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      sx={(theme) => ({
        '& .MuiDialog-container': { alignItems: 'flex-start' },
        '& .MuiDialog-paper': {
          display: 'flex',
          flexDirection: 'column',
          overflow: 'hidden',
          [theme.breakpoints.down('sm')]: {
            margin: 0,
            width: '100%',
            maxWidth: '100%',
            height: '100%',
            maxHeight: 'none',
            borderRadius: 0,
          },
        },
      })}
    >
      {/* Mounted while open (and while it fades out): each opening starts afresh. */}
      <SheetContent
        onClose={onClose}
        defaultQuery={defaultQuery}
        suggestions={suggestions}
        loading={loading}
        onQueryChange={onQueryChange}
        onSubmit={onSubmit}
        onSelect={onSelect}
        recentSearches={recentSearches}
        {...(onClearRecentSearches ? { onClearRecentSearches } : {})}
        debounceMs={debounceMs}
        placeholder={placeholder}
        titleId={titleId}
      />
    </Dialog>
  );
}
