// One imported bank statement: its credits grouped by how they matched the orders, and
// "Confirmar N pagamentos" for the matched ones (asked first); ADMIN only, the others see the
// no-permission state. Pure: props only.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { formatBRL, formatDateTime, pluralize } from '../../../format';
import { dashboardPaths } from '../../../routes/dashboardPaths';
import { NoPermission } from '../Categories/PageStates';
import { withBrandScope } from '../shared/brandScope';
import { DashboardPage } from '../shared/DashboardPage';
import { PIX_FORBIDDEN } from './pixFormat';
import type { BankStatement, StatementEntry, StatementEntryMatch } from './StatementScreen.graphql';

export const MATCH_LABELS: Record<StatementEntryMatch, string> = {
  MATCHED: 'Conferidos',
  AMOUNT_MISMATCH: 'Valor diferente',
  UNMATCHED: 'Sem pedido',
  ALREADY_PAID: 'Já pagos',
  CONFIRMED: 'Confirmados',
};

/** One entry's situation (the filters above say it in the plural). */
const ENTRY_LABELS: Record<StatementEntryMatch, string> = {
  MATCHED: 'Conferido',
  AMOUNT_MISMATCH: 'Valor diferente',
  UNMATCHED: 'Sem pedido',
  ALREADY_PAID: 'Já pago',
  CONFIRMED: 'Confirmado',
};

const MATCH_ORDER: StatementEntryMatch[] = [
  'MATCHED',
  'AMOUNT_MISMATCH',
  'UNMATCHED',
  'ALREADY_PAID',
  'CONFIRMED',
];

const MATCH_COLORS: Record<StatementEntryMatch, 'success' | 'warning' | 'default' | 'primary'> = {
  MATCHED: 'success',
  AMOUNT_MISMATCH: 'warning',
  UNMATCHED: 'default',
  ALREADY_PAID: 'default',
  CONFIRMED: 'primary',
};

export type MatchFilter = StatementEntryMatch | 'ALL';

export interface StatementViewProps {
  statement: BankStatement | null;
  /** The caller may not see it (not an ADMIN, or the API said FORBIDDEN). */
  forbidden?: boolean;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** The import does not exist (or is not the caller's to see). */
  notFound?: boolean;
  brandId?: string | null;
  /** Confirms every matched entry; rejects with a message for people. */
  onConfirmMatched: () => Promise<void>;
  /** What the last confirmation did ('3 pagamentos confirmados.'). */
  confirmedNotice?: string | null;
  defaultFilter?: MatchFilter;
  defaultConfirmOpen?: boolean;
}

function countOf(entries: StatementEntry[], match: StatementEntryMatch): number {
  return entries.filter((entry) => entry.match === match).length;
}

function EntryTable({ entries, brandId }: { entries: StatementEntry[]; brandId: string | null }) {
  return (
    <TableContainer component={Card}>
      <Table size="small" aria-label="Lançamentos do extrato">
        <TableHead>
          <TableRow>
            <TableCell>Data</TableCell>
            <TableCell>Descrição</TableCell>
            <TableCell align="right">Valor</TableCell>
            <TableCell>Pedido</TableCell>
            <TableCell>Situação</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.postedAt)}</TableCell>
              <TableCell sx={{ minWidth: 180 }}>
                {entry.description}
                {entry.txid ? (
                  <Typography variant="caption" color="text.secondary" component="p">
                    txid {entry.txid}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatBRL(entry.amountCents)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {entry.order ? (
                  <>
                    <Link
                      component={RouterLink}
                      to={withBrandScope(dashboardPaths.order(entry.order.id), brandId)}
                    >
                      {entry.order.number}
                    </Link>
                    {entry.match === 'AMOUNT_MISMATCH' ? (
                      <Typography variant="caption" color="warning.dark" component="p">
                        pedido: {formatBRL(entry.order.totalCents)}
                      </Typography>
                    ) : null}
                  </>
                ) : (
                  '—'
                )}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={MATCH_COLORS[entry.match]}
                  label={ENTRY_LABELS[entry.match]}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function StatementView({
  statement,
  forbidden = false,
  loading = false,
  error = null,
  onRetry,
  notFound = false,
  brandId = null,
  onConfirmMatched,
  confirmedNotice = null,
  defaultFilter = 'ALL',
  defaultConfirmOpen = false,
}: StatementViewProps) {
  const [filter, setFilter] = useState<MatchFilter>(defaultFilter);
  const [confirmOpen, setConfirmOpen] = useState(defaultConfirmOpen);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const crumbs = [
    { label: 'Pix a conferir', to: withBrandScope(`${dashboardPaths.pix}?aba=extratos`, brandId) },
    { label: statement?.fileName ?? 'Extrato' },
  ];

  if (forbidden) {
    return (
      <DashboardPage title="Extrato" breadcrumbs={crumbs}>
        <NoPermission message={PIX_FORBIDDEN} />
      </DashboardPage>
    );
  }
  if (notFound) {
    return (
      <DashboardPage title="Extrato não encontrado" breadcrumbs={crumbs}>
        <Typography color="text.secondary">
          Este extrato não existe ou foi importado em outra loja.
        </Typography>
      </DashboardPage>
    );
  }
  if (statement === null) {
    return (
      <DashboardPage title="Extrato" breadcrumbs={crumbs}>
        {error !== null ? (
          <Alert
            severity="error"
            action={
              onRetry ? (
                <Button color="inherit" size="small" onClick={onRetry}>
                  Tentar de novo
                </Button>
              ) : undefined
            }
          >
            {error}
          </Alert>
        ) : (
          <Box role="status" aria-label="Carregando o extrato">
            <Skeleton width={320} />
            <Skeleton variant="rounded" height={240} sx={{ mt: 2 }} />
          </Box>
        )}
      </DashboardPage>
    );
  }

  const matched = statement.entries.filter((entry) => entry.match === 'MATCHED');
  const matchedTotal = matched.reduce((sum, entry) => sum + entry.amountCents, 0);
  const shown =
    filter === 'ALL'
      ? statement.entries
      : statement.entries.filter((entry) => entry.match === filter);

  async function confirm() {
    setPending(true);
    setFailure(null);
    try {
      await onConfirmMatched();
      setConfirmOpen(false);
    } catch (reason) {
      setFailure(reason instanceof Error ? reason.message : 'Não foi possível confirmar.');
    } finally {
      setPending(false);
    }
  }

  return (
    <DashboardPage
      title={statement.fileName}
      breadcrumbs={crumbs}
      actions={
        matched.length > 0 ? (
          <Button variant="contained" onClick={() => setConfirmOpen(true)} disabled={loading}>
            {matched.length === 1
              ? 'Confirmar 1 pagamento'
              : `Confirmar ${matched.length} pagamentos`}
          </Button>
        ) : undefined
      }
    >
      <Typography color="text.secondary" sx={{ mt: -2, mb: 2 }}>
        {statement.format} importado em {formatDateTime(statement.createdAt)}
        {statement.staffName ? ` por ${statement.staffName}` : ''} ·{' '}
        {pluralize(statement.entries.length, 'crédito', 'créditos')}
      </Typography>
      {confirmedNotice ? (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {confirmedNotice}
        </Alert>
      ) : null}
      {matched.length === 0 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Nada a confirmar neste extrato: os pagamentos conferidos já foram confirmados. Os
          lançamentos com valor diferente ou sem pedido pedem uma olhada no pedido ou no banco.
        </Alert>
      ) : null}
      <Stack
        direction="row"
        useFlexGap
        role="group"
        aria-label="Filtrar lançamentos"
        sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}
      >
        <Chip
          label={`Todos (${statement.entries.length})`}
          color={filter === 'ALL' ? 'primary' : 'default'}
          variant={filter === 'ALL' ? 'filled' : 'outlined'}
          aria-pressed={filter === 'ALL'}
          onClick={() => setFilter('ALL')}
          sx={{ height: 44, borderRadius: 22 }}
        />
        {MATCH_ORDER.map((match) => {
          const count = countOf(statement.entries, match);
          return (
            <Chip
              key={match}
              label={`${MATCH_LABELS[match]} (${count})`}
              color={filter === match ? 'primary' : 'default'}
              variant={filter === match ? 'filled' : 'outlined'}
              aria-pressed={filter === match}
              onClick={() => setFilter(match)}
              sx={{ height: 44, borderRadius: 22 }}
              disabled={count === 0}
            />
          );
        })}
      </Stack>
      {shown.length === 0 ? (
        <Typography color="text.secondary">Nenhum lançamento nesta situação.</Typography>
      ) : (
        <EntryTable entries={shown} brandId={brandId} />
      )}

      <Dialog
        open={confirmOpen}
        onClose={pending ? undefined : () => setConfirmOpen(false)}
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId}>
          {matched.length === 1
            ? 'Confirmar 1 pagamento?'
            : `Confirmar ${matched.length} pagamentos?`}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {pluralize(matched.length, 'pedido será marcado', 'pedidos serão marcados')} como
            {matched.length === 1 ? ' pago' : ' pagos'}, somando {formatBRL(matchedTotal)}: o txid e
            o valor de cada um batem com um Pix deste extrato. Cada cliente recebe o e-mail de
            pagamento confirmado.
          </DialogContentText>
          {failure ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setConfirmOpen(false)} disabled={pending}>
            Cancelar
          </Button>
          <Button variant="contained" onClick={() => void confirm()} loading={pending}>
            Confirmar
          </Button>
        </DialogActions>
      </Dialog>
    </DashboardPage>
  );
}
