// The products grid's search and filters: brand, category (its whole subtree; the tree indented),
// status, stock, featured, price range, and "Limpar filtros". On a phone the filters fold into a
// dialog behind "Filtros". Pure: every change goes to onChange; the search waits for a pause.
import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';

import type { CategoryOption } from './categoryOptions';
import {
  centsToInput,
  FEATURED_LABELS,
  hasFilters,
  parseBRL,
  STATUS_LABELS,
  STOCK_LABELS,
  type ProductsListState,
} from './productsUrlState';

export const SEARCH_DEBOUNCE_MS = 400;

export interface ProductsToolbarProps {
  state: ProductsListState;
  /** A filter changed: the new state (back to the first page). */
  onChange(next: ProductsListState): void;
  onClear(): void;
  brands: { id: string; name: string; active: boolean }[];
  categories: CategoryOption[];
  /** A phone: the filters fold into a dialog, the search stays. */
  compact?: boolean;
}

function SearchField({ value, onSearch }: { value: string; onSearch(value: string): void }) {
  const [text, setText] = useState(value);
  const last = useRef(value);
  useEffect(() => {
    if (value !== last.current) {
      last.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text.trim() === last.current.trim()) return undefined;
    const timer = setTimeout(() => {
      last.current = text;
      onSearch(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <TextField
      label="Buscar por nome, SKU ou GTIN"
      type="search"
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          last.current = text;
          onSearch(text);
        }
      }}
      sx={{ gridColumn: { xs: '1 / -1', md: 'span 2' } }}
      slotProps={{
        htmlInput: { maxLength: 100 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

function FilterSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  allLabel = 'Todos',
}: {
  label: string;
  value: T | null;
  options: { value: T; label: string; depth?: number }[];
  onChange(value: T | null): void;
  allLabel?: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? null : (event.target.value as T))}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} sx={{ pl: 2 + (option.depth ?? 0) * 2 }}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function PriceField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | null;
  onChange(cents: number | null): void;
}) {
  const [text, setText] = useState(centsToInput(value));
  const [invalid, setInvalid] = useState(false);
  // The URL changed elsewhere ("Limpar filtros", a saved view): show its price.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(centsToInput(value));
    setInvalid(false);
  }
  const commit = () => {
    if (text.trim() === '') {
      setInvalid(false);
      if (value !== null) onChange(null);
      return;
    }
    const cents = parseBRL(text);
    setInvalid(cents === null);
    if (cents !== null && cents !== value) onChange(cents);
  };
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      error={invalid}
      helperText={invalid ? 'Use um valor como 49,90.' : undefined}
      slotProps={{
        htmlInput: { inputMode: 'decimal', maxLength: 12 },
        input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
      }}
    />
  );
}

function entries<T extends string>(labels: Record<T, string>) {
  return (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }));
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
  const [open, setOpen] = useState(false);
  const active = [
    brands.length > 1 ? state.brandId : null,
    state.categoryId,
    state.status,
    state.stock,
    state.featured,
    state.minPriceCents,
    state.maxPriceCents,
  ].filter((value) => value !== null).length;

  const filters = (
    <>
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
        options={entries(STATUS_LABELS)}
        onChange={(status) => change({ status })}
      />
      <FilterSelect
        label="Estoque"
        value={state.stock}
        options={entries(STOCK_LABELS)}
        onChange={(stock) => change({ stock })}
      />
      <FilterSelect
        label="Destaque"
        value={state.featured}
        options={entries(FEATURED_LABELS)}
        onChange={(featured) => change({ featured })}
      />
      <PriceField
        label="Preço mínimo"
        value={state.minPriceCents}
        onChange={(minPriceCents) => change({ minPriceCents })}
      />
      <PriceField
        label="Preço máximo"
        value={state.maxPriceCents}
        onChange={(maxPriceCents) => change({ maxPriceCents })}
      />
    </>
  );

  return (
    <Box
      role="search"
      aria-label="Filtrar produtos"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(4, minmax(0, 1fr))',
          lg: 'repeat(5, minmax(0, 1fr))',
        },
        mb: 2,
      }}
    >
      <SearchField value={state.search} onSearch={(search) => change({ search })} />
      {compact ? (
        <>
          <Button
            variant="outlined"
            startIcon={<FilterListIcon />}
            aria-haspopup="dialog"
            onClick={() => setOpen(true)}
          >
            {active > 0 ? `Filtros (${active})` : 'Filtros'}
          </Button>
          <Dialog
            open={open}
            onClose={() => setOpen(false)}
            fullScreen
            aria-labelledby="products-filters-title"
          >
            <DialogTitle id="products-filters-title">Filtros</DialogTitle>
            <DialogContent>
              <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>{filters}</Box>
            </DialogContent>
            <DialogActions>
              {hasFilters(state) ? <Button onClick={onClear}>Limpar filtros</Button> : null}
              <Button variant="contained" onClick={() => setOpen(false)}>
                Ver produtos
              </Button>
            </DialogActions>
          </Dialog>
        </>
      ) : (
        filters
      )}
      {hasFilters(state) && !compact ? (
        <Button onClick={onClear} sx={{ justifySelf: 'start', alignSelf: 'center' }}>
          Limpar filtros
        </Button>
      ) : null}
    </Box>
  );
}
