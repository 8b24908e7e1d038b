// Pieces the dashboard's lists share: the search field that waits for a pause in typing, the
// empty and error states, and the pt-BR page controls of the phone lists. Pure.
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useRef, useState, type ReactNode } from 'react';

export const LIST_SEARCH_DEBOUNCE_MS = 400;

export interface ListSearchFieldProps {
  value: string;
  onSearch(value: string): void;
  label: string;
  sx?: SxProps<Theme>;
}

/** A search box that reports after a pause in typing (or at once on Enter). */
export function ListSearchField({ value, onSearch, label, sx }: ListSearchFieldProps) {
  const [text, setText] = useState(value);
  const last = useRef(value);
  // The URL changed elsewhere (back, "Limpar filtros"): show its search.
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
    }, LIST_SEARCH_DEBOUNCE_MS);
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
      sx={sx}
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

export type ListError =
  { kind: 'forbidden'; message: string } | { kind: 'failed'; message: string };

/** The no-permission warning or the failure with "Tentar novamente". */
export function ListErrorAlert({
  error,
  what,
  onRetry,
}: {
  error: ListError;
  /** 'os clientes': "Não foi possível carregar os clientes." */
  what: string;
  onRetry?(): void;
}) {
  if (error.kind === 'forbidden') {
    return (
      <Alert severity="warning" role="alert">
        {error.message || `Você não tem permissão para ver ${what}.`}
      </Alert>
    );
  }
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        onRetry ? (
          <Button color="inherit" onClick={onRetry}>
            Tentar novamente
          </Button>
        ) : null
      }
    >
      Não foi possível carregar {what}. {error.message}
    </Alert>
  );
}

/** A list with nothing to show: a heading, a line and an optional action. */
export function ListEmptyState({
  title,
  text,
  action,
}: {
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: action ? 2 : 0 }}>
        {text}
      </Typography>
      {action}
    </Paper>
  );
}

/** The page controls under a phone's card list, in Portuguese. */
export function ListPagination({
  count,
  page,
  pageSize,
  pageSizes,
  onChange,
}: {
  count: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onChange(page: number, pageSize: number): void;
}) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={Math.min(page, Math.max(0, Math.ceil(count / pageSize) - 1))}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...pageSizes]}
      onPageChange={(_event, next) => onChange(next, pageSize)}
      onRowsPerPageChange={(event) => onChange(0, Number(event.target.value))}
      labelRowsPerPage="Por página"
      // At 320 px the page size and the arrows do not fit in one row: the size waits for sm.
      sx={{
        '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': {
          display: { xs: 'none', sm: 'inline-flex' },
        },
        '& .MuiTablePagination-input .MuiTablePagination-select': {
          minHeight: 44,
          boxSizing: 'border-box',
          display: 'flex',
          alignItems: 'center',
        },
      }}
      labelDisplayedRows={({ from, to, count: total }) => `${from}–${to} de ${total}`}
      getItemAriaLabel={(type) =>
        type === 'next'
          ? 'Próxima página'
          : type === 'previous'
            ? 'Página anterior'
            : type === 'first'
              ? 'Primeira página'
              : 'Última página'
      }
    />
  );
}
