// The audit log: filters (person, brand, object, action, period, search) in the URL, the newest
// entries first with who, what, from where and the summary; an entry opens into a field diff of
// its before and after. Loading, empty, no-match, error and no-permission states. Pure.
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { formatDateTime } from '../../../format';
import {
  FilterBar,
  FilterSelect,
  PeriodFilter,
  filterOptions,
  type FilterOption,
} from '../../../components/dashboard/FilterBar';
import { DashboardPage } from '../shared';
import {
  ListEmptyState,
  ListErrorAlert,
  ListPagination,
  type ListError,
} from '../../../components/dashboard/ListStates';
import type { AuditEntryNode } from './AuditScreen.graphql';
import {
  AUDIT_ACTION_GROUPS,
  AUDIT_ENTITY_LABELS,
  auditActionLabel,
  auditEntityHref,
  auditFieldChanges,
  summarizeUserAgent,
  type AuditEntity,
} from './auditLabels';
import {
  AUDIT_PAGE_SIZES,
  EMPTY_AUDIT_STATE,
  hasAuditFilters,
  type AuditListState,
} from './auditUrlState';

export interface AuditViewProps {
  state: AuditListState;
  onStateChange(next: AuditListState): void;
  entries: AuditEntryNode[];
  totalCount: number;
  loading: boolean;
  error?: ListError | null;
  onRetry?(): void;
  staffOptions: { id: string; name: string; email: string }[];
  brandOptions: { id: string; name: string }[];
  onExport(): void;
  exporting?: boolean;
  exportError?: string | null;
}

function FieldDiff({ entry, id }: { entry: AuditEntryNode; id: string }) {
  const changes = auditFieldChanges(entry.before, entry.after);
  if (changes.length === 0) {
    return (
      <Typography id={id} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Nenhum campo mudou.
      </Typography>
    );
  }
  return (
    <Box id={id} sx={{ overflowX: 'auto', mt: 1 }}>
      <Table size="small" aria-label={`Alterações: ${auditActionLabel(entry.action)}`}>
        <TableHead>
          <TableRow>
            <TableCell>Campo</TableCell>
            <TableCell>Antes</TableCell>
            <TableCell>Depois</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changes.map((change) => (
            <TableRow key={change.field}>
              <TableCell
                component="th"
                scope="row"
                title={change.label === change.field ? undefined : change.field}
                sx={change.label === change.field ? { fontFamily: 'monospace' } : undefined}
              >
                {change.label}
              </TableCell>
              <TableCell sx={{ color: 'error.dark', overflowWrap: 'anywhere' }}>
                {change.before}
              </TableCell>
              <TableCell sx={{ color: 'success.dark', overflowWrap: 'anywhere' }}>
                {change.after}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function AuditEntryItem({ entry }: { entry: AuditEntryNode }) {
  const [open, setOpen] = useState(false);
  const diffId = useId();
  const href = auditEntityHref(entry.entity, entry.entityId);
  const label = entry.entityLabel ?? AUDIT_ENTITY_LABELS[entry.entity];
  const browser = summarizeUserAgent(entry.userAgent);
  const where = [entry.ip, browser].filter(Boolean).join(' · ');
  const hasValues = entry.before !== null || entry.after !== null;
  const actionLabel = auditActionLabel(entry.action);
  return (
    <Box
      component="li"
      aria-label={`${actionLabel}: ${label}`}
      sx={{
        px: 2,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          columnGap: 1,
          rowGap: 0.5,
        }}
      >
        <Typography component="span" sx={{ fontWeight: 700 }}>
          {actionLabel}
        </Typography>
        <Chip size="small" variant="outlined" label={AUDIT_ENTITY_LABELS[entry.entity]} />
        {href ? (
          <Link
            component={RouterLink}
            to={href}
            sx={{
              fontWeight: 600,
              overflowWrap: 'anywhere',
              minHeight: 44,
              minWidth: 44,
              display: 'inline-flex',
              alignItems: 'center',
            }}
          >
            {label}
          </Link>
        ) : (
          <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {label}
          </Typography>
        )}
        <Typography
          component="time"
          dateTime={entry.at}
          variant="body2"
          color="text.secondary"
          sx={{ ml: { sm: 'auto' }, whiteSpace: 'nowrap' }}
        >
          {formatDateTime(entry.at)}
        </Typography>
      </Box>
      <Typography sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>{entry.summary}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {entry.actorName ? (
          <>
            {entry.actorName}
            {entry.actorEmail ? ` (${entry.actorEmail})` : ''}
          </>
        ) : (
          'Sistema'
        )}
        {where ? ` · ${where}` : ''}
      </Typography>
      {hasValues ? (
        <>
          <Button
            size="small"
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={open ? diffId : undefined}
            endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            sx={{ mt: 0.5, ml: -1 }}
          >
            {open ? 'Ocultar alterações' : 'Ver alterações'}
          </Button>
          {open ? <FieldDiff entry={entry} id={diffId} /> : null}
        </>
      ) : null}
    </Box>
  );
}

/** The list: its error, its skeleton, why it is empty, or the entries and the pagination. */
function AuditBody({
  state,
  onStateChange,
  entries,
  totalCount,
  loading,
  error,
  onRetry,
  filtered,
  onClear,
}: Pick<
  AuditViewProps,
  'state' | 'onStateChange' | 'entries' | 'totalCount' | 'loading' | 'onRetry'
> & {
  error: AuditViewProps['error'] | null;
  filtered: boolean;
  onClear: () => void;
}) {
  if (error) {
    return <ListErrorAlert error={error} what="a auditoria" onRetry={onRetry} />;
  }
  if (loading && entries.length === 0) {
    return (
      <Box
        role="status"
        aria-busy="true"
        aria-label="Carregando auditoria"
        sx={{ display: 'grid', gap: 1 }}
      >
        {[0, 1, 2, 3, 4].map((key) => (
          <Skeleton key={key} variant="rounded" height={88} />
        ))}
      </Box>
    );
  }
  if (totalCount === 0) {
    return filtered ? (
      <ListEmptyState
        title="Nenhum registro encontrado"
        text="Nenhum registro corresponde aos filtros escolhidos."
        action={
          <Button variant="contained" onClick={onClear}>
            Limpar filtros
          </Button>
        }
      />
    ) : (
      <ListEmptyState
        title="Nenhum registro ainda"
        text="As ações da equipe e os eventos de segurança aparecem aqui assim que acontecerem."
      />
    );
  }
  return (
    <>
      <Paper variant="outlined" aria-busy={loading}>
        <Box
          component="ul"
          aria-label="Registros da auditoria"
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {entries.map((entry) => (
            <AuditEntryItem key={entry.id} entry={entry} />
          ))}
        </Box>
      </Paper>
      <ListPagination
        count={totalCount}
        page={state.page}
        pageSize={state.pageSize}
        pageSizes={AUDIT_PAGE_SIZES}
        onChange={(page, pageSize) => onStateChange({ ...state, page, pageSize })}
      />
    </>
  );
}

export function AuditView({
  state,
  onStateChange,
  entries,
  totalCount,
  loading,
  error = null,
  onRetry,
  staffOptions,
  brandOptions,
  onExport,
  exporting = false,
  exportError = null,
}: AuditViewProps) {
  const theme = useTheme();
  // A phone: the filters fold into a sheet behind "Filtros", the search stays.
  const compact = useMediaQuery(theme.breakpoints.down('md'));
  const activeFilters = [
    state.actorId,
    state.action,
    state.entity,
    state.brandId,
    state.dateFrom,
    state.dateTo,
  ].filter(Boolean).length;
  const filtered = hasAuditFilters(state);
  const change = (patch: Partial<AuditListState>) => onStateChange({ ...state, ...patch, page: 0 });
  const clear = () => onStateChange({ ...EMPTY_AUDIT_STATE, pageSize: state.pageSize });

  const actionOptions: FilterOption<string>[] = AUDIT_ACTION_GROUPS.map((group) => ({
    value: group.prefix,
    label: group.label,
  }));
  if (state.action && !actionOptions.some((option) => option.value === state.action)) {
    actionOptions.unshift({ value: state.action, label: auditActionLabel(state.action) });
  }
  const personOptions: FilterOption<string>[] = staffOptions.map((member) => ({
    value: member.id,
    label: member.name,
  }));
  if (state.actorId && !personOptions.some((option) => option.value === state.actorId)) {
    personOptions.unshift({ value: state.actorId, label: 'Pessoa escolhida' });
  }

  return (
    <DashboardPage
      title="Auditoria"
      actions={
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={onExport}
          loading={exporting}
          disabled={error !== null}
        >
          Exportar CSV
        </Button>
      }
    >
      {exportError ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {exportError}
        </Alert>
      ) : null}
      {error?.kind !== 'forbidden' ? (
        <FilterBar
          label="Filtrar auditoria"
          search={{
            value: state.search,
            label: 'Buscar no resumo ou no objeto',
            onSearch: (search) => change({ search }),
          }}
          activeCount={activeFilters}
          canClear={filtered}
          onClear={clear}
          compact={compact}
          showResultsLabel="Ver registros"
          columns={4}
        >
          <FilterSelect
            label="Pessoa"
            value={state.actorId}
            allLabel="Todas"
            options={personOptions}
            onChange={(actorId) => change({ actorId })}
          />
          <FilterSelect
            label="Ação"
            value={state.action}
            allLabel="Todas"
            options={actionOptions}
            onChange={(action) => change({ action })}
          />
          <FilterSelect<AuditEntity>
            label="Objeto"
            value={state.entity}
            options={filterOptions(AUDIT_ENTITY_LABELS)}
            onChange={(entity) => change({ entity })}
          />
          <FilterSelect
            label="Marca"
            value={state.brandId}
            allLabel="Todas"
            options={brandOptions.map((brand) => ({ value: brand.id, label: brand.name }))}
            onChange={(brandId) => change({ brandId })}
          />
          <PeriodFilter
            from={state.dateFrom}
            to={state.dateTo}
            onChange={({ from, to }) => change({ dateFrom: from, dateTo: to })}
          />
        </FilterBar>
      ) : null}
      <AuditBody
        state={state}
        onStateChange={onStateChange}
        entries={entries}
        totalCount={totalCount}
        loading={loading}
        error={error}
        onRetry={onRetry}
        filtered={filtered}
        onClear={clear}
      />
    </DashboardPage>
  );
}
