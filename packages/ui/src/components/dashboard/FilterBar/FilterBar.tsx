// The filter bar over a dashboard list: the search (ListSearchField), the list's filters and
// "Limpar filtros" in one grid on a computer; on a phone the search stays and the filters open in a
// full-screen sheet from "Filtros (n)". Also the filters the lists share: a select with "Todos", a
// money field in reais and a pt-BR period (De/Até). Pure: every change goes to a callback.
import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { ptBR as pickersPtBR } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/pt-br';
import { useId, useState, type ReactNode } from 'react';

import { moneyInputText, parseBRL } from '../../../format';
import { TOUCH_TARGET } from '../../../theme/createBrandTheme';
import { ListSearchField } from '../ListStates';

export interface FilterBarProps {
  /** The search landmark's name, e.g. "Filtrar pedidos". */
  label: string;
  /** The search field: its label names what it finds ("Buscar por número ou nome"). */
  search: { value: string; label: string; onSearch(value: string): void };
  /** The filters (FilterSelect, MoneyFilterField, PeriodFilter or any field of the same size). */
  children: ReactNode;
  /** How many filters are set, shown on the phone's "Filtros (n)" button. */
  activeCount: number;
  /** Any search or filter is set: "Limpar filtros" shows. */
  canClear: boolean;
  onClear(): void;
  /** A phone: the filters fold into a full-screen sheet, the search stays. */
  compact?: boolean;
  /** The sheet's closing button, naming the list: "Ver pedidos". */
  showResultsLabel?: string;
  /** Columns on a large screen (the search takes two). */
  columns?: 4 | 5 | 6;
}

export function FilterBar({
  label,
  search,
  children,
  activeCount,
  canClear,
  onClear,
  compact = false,
  showResultsLabel = 'Ver resultados',
  columns = 6,
}: FilterBarProps) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <Box
      role="search"
      aria-label={label}
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(4, minmax(0, 1fr))',
          lg: `repeat(${columns}, minmax(0, 1fr))`,
        },
        mb: 2,
      }}
    >
      <ListSearchField
        value={search.value}
        label={search.label}
        onSearch={search.onSearch}
        sx={{ gridColumn: { xs: '1 / -1', md: 'span 2' } }}
      />
      {compact ? (
        <>
          <Button
            variant="outlined"
            startIcon={<FilterListIcon />}
            aria-haspopup="dialog"
            onClick={() => setOpen(true)}
          >
            {activeCount > 0 ? `Filtros (${activeCount})` : 'Filtros'}
          </Button>
          <Dialog open={open} onClose={() => setOpen(false)} fullScreen aria-labelledby={titleId}>
            <DialogTitle id={titleId}>Filtros</DialogTitle>
            <DialogContent>
              <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>{children}</Box>
            </DialogContent>
            <DialogActions>
              {canClear ? <Button onClick={onClear}>Limpar filtros</Button> : null}
              <Button variant="contained" onClick={() => setOpen(false)}>
                {showResultsLabel}
              </Button>
            </DialogActions>
          </Dialog>
        </>
      ) : (
        children
      )}
      {canClear && !compact ? (
        <Button onClick={onClear} sx={{ justifySelf: 'start', alignSelf: 'center' }}>
          Limpar filtros
        </Button>
      ) : null}
    </Box>
  );
}

export interface FilterOption<T extends string> {
  value: T;
  label: string;
  /** Indents the option (a category under its parent). */
  depth?: number;
}

export interface FilterSelectProps<T extends string> {
  label: string;
  /** null: every value ("Todos"). */
  value: T | null;
  options: FilterOption<T>[];
  onChange(value: T | null): void;
  /** The option that lifts the filter: "Todos", or "Todas" for a feminine noun. */
  allLabel?: string;
}

/** One filter of fixed values, with the option that lifts it first. */
export function FilterSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  allLabel = 'Todos',
}: FilterSelectProps<T>) {
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

/** A label map (value → text) as FilterSelect's options, in the map's order. */
export function filterOptions<T extends string>(labels: Record<T, string>): FilterOption<T>[] {
  return (Object.entries(labels) as [T, string][]).map(([value, text]) => ({ value, label: text }));
}

export interface MoneyFilterFieldProps {
  label: string;
  /** In cents; null when empty. */
  value: number | null;
  onChange(cents: number | null): void;
}

/**
 * An amount in reais ("49,90"), applied on Enter or when the field is left; what is not an
 * amount is said at the field and changes nothing.
 */
export function MoneyFilterField({ label, value, onChange }: MoneyFilterFieldProps) {
  const [text, setText] = useState(moneyInputText(value));
  const [invalid, setInvalid] = useState(false);
  // The URL changed elsewhere ("Limpar filtros", a saved view): show its amount.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(moneyInputText(value));
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

const pickerLocaleText = pickersPtBR.components.MuiLocalizationProvider.defaultProps.localeText;

// The pickers' field (PickersOutlinedInput) is not the OutlinedInput the theme gives 44 px and a
// white ground, so it gets the selects' height and ground here.
const DATE_SLOT_PROPS = {
  textField: {
    size: 'small',
    sx: { '& .MuiPickersInputBase-root': { minHeight: TOUCH_TARGET, bgcolor: 'background.paper' } },
  },
  field: { clearable: true },
} as const;

function toDay(value: Dayjs | null): string | null {
  return value && value.isValid() ? value.format('YYYY-MM-DD') : null;
}

export interface PeriodFilterProps {
  /** São Paulo days, YYYY-MM-DD; null when open. */
  from: string | null;
  to: string | null;
  onChange(period: { from: string | null; to: string | null }): void;
}

/**
 * "De" and "Até" pt-BR date pickers (dd/mm/aaaa), each clearable; "Até" cannot come before "De".
 * A date still being typed changes nothing until it is whole.
 */
export function PeriodFilter({ from, to, onChange }: PeriodFilterProps) {
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale="pt-br"
      localeText={pickerLocaleText}
    >
      <DatePicker
        label="De"
        value={from ? dayjs(from) : null}
        onChange={(value) => {
          const day = toDay(value);
          if (day !== null || value === null) onChange({ from: day, to });
        }}
        maxDate={to ? dayjs(to) : undefined}
        slotProps={DATE_SLOT_PROPS}
      />
      <DatePicker
        label="Até"
        value={to ? dayjs(to) : null}
        onChange={(value) => {
          const day = toDay(value);
          if (day !== null || value === null) onChange({ from, to: day });
        }}
        minDate={from ? dayjs(from) : undefined}
        slotProps={DATE_SLOT_PROPS}
      />
    </LocalizationProvider>
  );
}
