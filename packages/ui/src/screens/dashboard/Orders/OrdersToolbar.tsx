// The orders grid's search and filters (status, payment, fulfilment, method, brand, period) and
// "Limpar filtros". Pure: every change goes to onChange; the search waits for a pause in typing.
import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { ptBR as pickersPtBR } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/pt-br';
import { useEffect, useRef, useState } from 'react';

import {
  FULFILMENT_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
} from './orderLabels';
import { TOUCH_TARGET } from '../../../theme/createBrandTheme';
import { hasFilters, type OrdersListState } from './ordersUrlState';

export const SEARCH_DEBOUNCE_MS = 400;

const pickerLocaleText = pickersPtBR.components.MuiLocalizationProvider.defaultProps.localeText;

export interface OrdersToolbarProps {
  state: OrdersListState;
  /** A filter changed: the new state (back to the first page). */
  onChange(next: OrdersListState): void;
  onClear(): void;
  brands: { id: string; name: string }[];
  /** A BRAND_MANAGER searches by number or name only. */
  contactSearch: boolean;
  /** A phone: the filters fold under a "Filtros" button, the search stays. */
  compact?: boolean;
}

function SearchField({
  value,
  onSearch,
  label,
}: {
  value: string;
  onSearch(value: string): void;
  label: string;
}) {
  const [text, setText] = useState(value);
  const last = useRef(value);
  // The URL changed elsewhere (back, "Limpar filtros", a saved view): show its search.
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
      label={label}
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

// The pickers' field (PickersOutlinedInput) is not the OutlinedInput the theme gives 44 px and a
// white ground, so it gets the selects' height and ground here.
const DATE_SLOT_PROPS = {
  textField: {
    size: 'small',
    sx: { '& .MuiPickersInputBase-root': { minHeight: TOUCH_TARGET, bgcolor: 'background.paper' } },
  },
  field: { clearable: true },
} as const;

function FilterSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  allLabel = 'Todos',
}: {
  label: string;
  value: T | null;
  options: [T, string][];
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
      {options.map(([option, text]) => (
        <MenuItem key={option} value={option}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}

function entries<T extends string>(labels: Record<T, string>): [T, string][] {
  return Object.entries(labels) as [T, string][];
}

function toDay(value: Dayjs | null): string | null {
  return value && value.isValid() ? value.format('YYYY-MM-DD') : null;
}

export function OrdersToolbar({
  state,
  onChange,
  onClear,
  brands,
  contactSearch,
  compact = false,
}: OrdersToolbarProps) {
  const change = (patch: Partial<OrdersListState>) => onChange({ ...state, ...patch, page: 0 });
  const [open, setOpen] = useState(false);
  const active = [
    state.status,
    state.paymentStatus,
    state.fulfilmentStatus,
    state.paymentMethod,
    brands.length > 1 ? state.brandId : null,
    state.dateFrom,
    state.dateTo,
  ].filter(Boolean).length;
  const folded = compact && !open;
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale="pt-br"
      localeText={pickerLocaleText}
    >
      <Box
        role="search"
        aria-label="Filtrar pedidos"
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
            lg: 'repeat(6, minmax(0, 1fr))',
          },
          mb: 2,
        }}
      >
        <SearchField
          value={state.search}
          label={
            contactSearch ? 'Buscar por número, nome, e-mail ou CPF' : 'Buscar por número ou nome'
          }
          onSearch={(search) => change({ search })}
        />
        {compact ? (
          <Button
            variant="outlined"
            startIcon={<FilterListIcon />}
            aria-expanded={open}
            aria-controls="orders-filters"
            onClick={() => setOpen((value) => !value)}
          >
            {active > 0 ? `Filtros (${active})` : 'Filtros'}
          </Button>
        ) : null}
        <Box id="orders-filters" sx={{ display: folded ? 'none' : 'contents' }}>
          <FilterSelect
            label="Status"
            value={state.status}
            options={entries(ORDER_STATUS_LABELS)}
            onChange={(status) => change({ status })}
          />
          <FilterSelect
            label="Pagamento"
            value={state.paymentStatus}
            options={entries(PAYMENT_STATUS_LABELS)}
            onChange={(paymentStatus) => change({ paymentStatus })}
          />
          <FilterSelect
            label="Envio"
            value={state.fulfilmentStatus}
            options={entries(FULFILMENT_STATUS_LABELS)}
            onChange={(fulfilmentStatus) => change({ fulfilmentStatus })}
          />
          <FilterSelect
            label="Método"
            value={state.paymentMethod}
            options={entries(PAYMENT_METHOD_LABELS)}
            onChange={(paymentMethod) => change({ paymentMethod })}
          />
          {brands.length > 1 ? (
            <FilterSelect
              label="Marca"
              value={state.brandId}
              allLabel="Todas"
              options={brands.map((brand): [string, string] => [brand.id, brand.name])}
              onChange={(brandId) => change({ brandId })}
            />
          ) : null}
          <DatePicker
            label="De"
            value={state.dateFrom ? dayjs(state.dateFrom) : null}
            onChange={(value) => {
              const day = toDay(value);
              if (day !== null || value === null) change({ dateFrom: day });
            }}
            maxDate={state.dateTo ? dayjs(state.dateTo) : undefined}
            slotProps={DATE_SLOT_PROPS}
          />
          <DatePicker
            label="Até"
            value={state.dateTo ? dayjs(state.dateTo) : null}
            onChange={(value) => {
              const day = toDay(value);
              if (day !== null || value === null) change({ dateTo: day });
            }}
            minDate={state.dateFrom ? dayjs(state.dateFrom) : undefined}
            slotProps={DATE_SLOT_PROPS}
          />
        </Box>
        {hasFilters(state) ? (
          <Button onClick={onClear} sx={{ justifySelf: 'start', alignSelf: 'center' }}>
            Limpar filtros
          </Button>
        ) : null}
      </Box>
    </LocalizationProvider>
  );
}
