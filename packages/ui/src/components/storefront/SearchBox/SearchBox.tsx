// The header's search: suggestions as the shopper types (debounced, so a request goes out only
// when typing pauses), Enter searches, choosing a suggestion opens it.
import Search from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { styled, useThemeProps, type SxProps, type Theme } from '@mui/material/styles';
import { useState, type FormEvent } from 'react';

import { SEARCH_MIN_LENGTH, useQueryPause } from './useQueryPause';

export interface SearchSuggestion {
  id: string;
  kind: 'product' | 'brand' | 'category';
  label: string;
  href: string;
  /** Second line: the brand of a product, 'Marca', 'Categoria'. */
  detail?: string;
  imageUrl?: string | null;
}

export interface SearchBoxProps {
  /** The query already searched (on the results page). */
  defaultQuery?: string;
  suggestions: SearchSuggestion[];
  loading?: boolean;
  /** Called when typing pauses, with the trimmed query (2 characters or more). */
  onQueryChange: (query: string) => void;
  onSubmit: (query: string) => void;
  onSelect: (suggestion: SearchSuggestion) => void;
  debounceMs?: number;
  placeholder?: string;
  className?: string;
  sx?: SxProps<Theme>;
}

export { SEARCH_MIN_LENGTH };

const Root = styled('form', { name: 'VtSearchBox', slot: 'Root' })({
  width: '100%',
  '& .MuiInputBase-root': { minHeight: 44, borderRadius: 999, paddingRight: '6px !important' },
});

const Option = styled('li', { name: 'VtSearchBox', slot: 'Option' })(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  minHeight: 48,
  '& img': { width: 36, height: 44, objectFit: 'cover', borderRadius: 6, flexShrink: 0 },
  '& small': { display: 'block', color: theme.palette.text.secondary, fontSize: '0.75rem' },
}));

export function SearchBox(inProps: SearchBoxProps) {
  const {
    defaultQuery = '',
    suggestions,
    loading = false,
    onQueryChange,
    onSubmit,
    onSelect,
    debounceMs = 250,
    placeholder = 'O que você procura?',
    ...other
  } = useThemeProps({ props: inProps, name: 'VtSearchBox' });
  const [query, setQuery] = useState(defaultQuery);
  const [shownDefault, setShownDefault] = useState(defaultQuery);
  if (shownDefault !== defaultQuery) {
    setShownDefault(defaultQuery);
    setQuery(defaultQuery);
  }
  useQueryPause(query, debounceMs, onQueryChange);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = query.trim();
    if (trimmed !== '') onSubmit(trimmed);
  }

  const showSuggestions = query.trim().length >= SEARCH_MIN_LENGTH;
  return (
    <Root role="search" onSubmit={submit} {...other}>
      <Autocomplete<SearchSuggestion, false, false, true>
        freeSolo
        options={showSuggestions ? suggestions : []}
        // The server already matched (accents and typos included): show what it found.
        filterOptions={(options) => options}
        getOptionLabel={(option) => (typeof option === 'string' ? option : option.label)}
        inputValue={query}
        onInputChange={(_event, value, reason) => {
          if (reason !== 'reset') setQuery(value);
        }}
        onChange={(_event, value) => {
          if (value !== null && typeof value !== 'string') onSelect(value);
        }}
        loading={loading && showSuggestions}
        loadingText="Buscando…"
        noOptionsText="Nenhuma sugestão"
        renderOption={({ key, ...props }, option) => (
          <Option key={key} {...props}>
            {option.imageUrl ? <img src={option.imageUrl} alt="" loading="lazy" /> : null}
            <span>
              {option.label}
              {option.detail ? <small>{option.detail}</small> : null}
            </span>
          </Option>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            placeholder={placeholder}
            size="small"
            slotProps={{
              ...params.slotProps,
              htmlInput: {
                ...params.slotProps.htmlInput,
                'aria-label': 'Buscar produtos',
                enterKeyHint: 'search',
              },
              input: {
                ...params.slotProps.input,
                endAdornment: (
                  <InputAdornment position="end">
                    {loading && showSuggestions ? (
                      <CircularProgress size={18} aria-hidden sx={{ mr: 1 }} />
                    ) : null}
                    <IconButton
                      type="submit"
                      aria-label="Buscar"
                      edge="end"
                      sx={{ width: 40, height: 40 }}
                    >
                      <Search />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
      />
    </Root>
  );
}
