// The rows of an import's file, by outcome (a tab each) and page: each row's SKU, outcome and the
// reason it was refused or the fields it changes (ProductsImportView's detail).
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { visuallyHidden } from '@mui/utils';
import { useId } from 'react';

import { LoadError } from '../Categories/PageStates';
import { OUTCOME_LABELS } from './productImportFile';
import type {
  ProductImportDetail,
  ProductImportRow,
  ProductImportRowOutcome,
} from './ProductsImportScreen.graphql';

export const IMPORT_ROWS_PAGE_SIZE = 20;

export interface RowsProps {
  detail: ProductImportDetail;
  outcome: ProductImportRowOutcome | null;
  onOutcomeChange: (outcome: ProductImportRowOutcome | null) => void;
  /** 0-based page of the rows. */
  page: number;
  onPageChange: (page: number) => void;
  onRetryDetail?: () => void;
  /** The rows shown are the previous tab's or page's while the asked ones load. */
  rowsRefreshing?: boolean;
  /** The asked tab or page failed to load: the rows on screen are another's (retry: onRetryDetail). */
  rowsError?: string | null;
}

/** Each field a row changes: the column, the value now (struck through) and the new one. */
function RowChanges({ row }: { row: ProductImportRow }) {
  return (
    <Box
      component="ul"
      aria-label={`Alterações da linha ${row.line}`}
      sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}
    >
      {row.outcome === 'CREATE' ? <li>Nova variante; no produto:</li> : null}
      {row.changes.map((change) => (
        <Box component="li" key={change.field} sx={{ overflowWrap: 'anywhere' }}>
          <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
            {change.field}:
          </Typography>{' '}
          <Typography component="del" variant="body2" sx={{ color: 'text.secondary' }}>
            {change.before}
          </Typography>{' '}
          <span aria-hidden>→</span>{' '}
          <Typography component="ins" variant="body2" sx={{ textDecoration: 'none' }}>
            {change.after}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * On a phone each row is a block: "Linha 5", the SKU and the outcome on top, the reason it was
 * refused or the fields it changes under them, the table's width (a wider table hid the reason
 * past the screen's edge). The header stays for screen readers, and the explicit roles keep the
 * table's semantics whatever its CSS display.
 */
const stackedOnPhone = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& thead': visuallyHidden,
    '& tbody tr': {
      display: 'grid',
      gridTemplateColumns: 'auto minmax(0, 1fr) auto',
      columnGap: theme.spacing(1.5),
      rowGap: theme.spacing(0.5),
      alignItems: 'baseline',
      padding: theme.spacing(1.5, 2),
      borderBottom: `1px solid ${theme.palette.divider}`,
    },
    '& tbody td': { display: 'block', border: 0, padding: 0, minWidth: 0 },
    '& tbody td:nth-of-type(1)::before': {
      content: '"Linha "',
      color: theme.palette.text.secondary,
    },
    '& tbody td:nth-of-type(2)': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
    '& tbody td:nth-of-type(4)': { gridColumn: '1 / -1' },
  },
});

const OUTCOME_TABS: (ProductImportRowOutcome | null)[] = [
  null,
  'CREATE',
  'UPDATE',
  'UNCHANGED',
  'REFUSED',
];

export function Rows(props: RowsProps) {
  const { detail, outcome, onOutcomeChange, page, onPageChange, onRetryDetail } = props;
  const { rowsRefreshing = false, rowsError = null } = props;
  const countOf = (tab: ProductImportRowOutcome | null) =>
    tab === null
      ? detail.totalRows
      : {
          CREATE: detail.createCount,
          UPDATE: detail.updateCount,
          UNCHANGED: detail.unchangedCount,
          REFUSED: detail.refusedCount,
        }[tab];
  const baseId = useId();
  return (
    <Card component="section" aria-label="Linhas do arquivo">
      <Tabs
        value={outcome ?? 'ALL'}
        onChange={(_event, value: ProductImportRowOutcome | 'ALL') =>
          onOutcomeChange(value === 'ALL' ? null : value)
        }
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Linhas por resultado"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {OUTCOME_TABS.map((tab) => (
          <Tab
            key={tab ?? 'ALL'}
            value={tab ?? 'ALL'}
            label={`${tab === null ? 'Todas' : OUTCOME_LABELS[tab]} (${countOf(tab).toLocaleString('pt-BR')})`}
            id={`${baseId}-${tab ?? 'ALL'}`}
            aria-controls={`${baseId}-panel`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-${outcome ?? 'ALL'}`}
        aria-busy={rowsRefreshing || undefined}
        sx={{ opacity: rowsRefreshing ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        {rowsError !== null ? (
          <Box sx={{ p: 2 }}>
            <LoadError message={rowsError} {...(onRetryDetail ? { onRetry: onRetryDetail } : {})} />
          </Box>
        ) : detail.rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            Nenhuma linha aqui.
          </Typography>
        ) : (
          // A table wider than its card (a long SKU) scrolls inside it rather than the page.
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Linhas" role="table" sx={stackedOnPhone}>
              <TableHead>
                <TableRow role="row">
                  <TableCell role="columnheader">Linha</TableCell>
                  <TableCell role="columnheader">SKU</TableCell>
                  <TableCell role="columnheader">Resultado</TableCell>
                  <TableCell role="columnheader">Detalhe</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {detail.rows.map((row) => (
                  <TableRow key={row.line} role="row">
                    <TableCell role="cell">{row.line}</TableCell>
                    <TableCell role="cell" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                      {row.sku ?? '—'}
                    </TableCell>
                    <TableCell role="cell">
                      <Typography
                        variant="body2"
                        sx={{
                          color: row.outcome === 'REFUSED' ? 'error.main' : 'text.primary',
                          fontWeight: row.outcome === 'REFUSED' ? 600 : 400,
                        }}
                      >
                        {OUTCOME_LABELS[row.outcome].replace(/s$/, '')}
                      </Typography>
                    </TableCell>
                    <TableCell role="cell" sx={{ minWidth: { sm: 160 } }}>
                      {row.changes.length > 0 ? (
                        <RowChanges row={row} />
                      ) : (
                        (row.message ?? (row.productSlug ? `/${row.productSlug}` : '—'))
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        {/* A tab that failed to load has no pages to move between (Tentar de novo above). */}
        {rowsError !== null ? null : (
          <TablePagination
            component="div"
            count={countOf(outcome)}
            page={page}
            onPageChange={(_event, next) => onPageChange(next)}
            rowsPerPage={IMPORT_ROWS_PAGE_SIZE}
            rowsPerPageOptions={[IMPORT_ROWS_PAGE_SIZE]}
            labelDisplayedRows={({ from, to, count }) =>
              `${from.toLocaleString('pt-BR')}–${to.toLocaleString('pt-BR')} de ${count.toLocaleString('pt-BR')}`
            }
          />
        )}
      </Box>
    </Card>
  );
}
