// One imported bank statement: its credits grouped by how they matched the orders, and
// "Confirmar N pagamentos" for the matched ones (asked first); the Pix without txid suggested by
// amount ("Sugerido", confirmed one by one or all at once, asked first) or with more than one
// order waiting for that amount (each candidate confirmed by choice, never guessed). ADMIN only,
// the others see the no-permission state. Pure: props only.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type ComponentProps } from 'react';

import { formatBRL, formatDateTime, pluralize } from '../../../format';
import { dashboardPaths } from '../../../routes/dashboardPaths';
import { NoPermission } from '../Categories/PageStates';
import { withBrandScope } from '../shared/brandScope';
import { DashboardPage } from '../shared/DashboardPage';
import { PIX_FORBIDDEN } from './pixFormat';
import { EntryTable, type EntryBusy } from './StatementEntryTable';
import type {
  BankStatement,
  StatementEntry,
  StatementEntryMatch,
  StatementOrder,
} from './StatementScreen.graphql';

export const MATCH_LABELS: Record<StatementEntryMatch, string> = {
  MATCHED: 'Conferidos',
  SUGGESTED: 'Sugeridos',
  AMBIGUOUS: 'Mais de um pedido',
  AMOUNT_MISMATCH: 'Valor diferente',
  UNMATCHED: 'Sem pedido',
  ALREADY_PAID: 'Já pagos',
  CONFIRMED: 'Confirmados',
};

const MATCH_ORDER: StatementEntryMatch[] = [
  'MATCHED',
  'SUGGESTED',
  'AMBIGUOUS',
  'AMOUNT_MISMATCH',
  'UNMATCHED',
  'ALREADY_PAID',
  'CONFIRMED',
];

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
  /**
   * Confirms every matched entry (and every suggested one with `includeSuggested`); rejects with
   * a message for people.
   */
  onConfirmMatched: (options: { includeSuggested: boolean }) => Promise<void>;
  /** Confirms one credit as the payment of `orderId`; rejects with a message for people. */
  onConfirmEntry: (entryId: string, orderId: string) => Promise<void>;
  /** What the last confirmation did ('3 pagamentos confirmados.'). */
  confirmedNotice?: string | null;
  defaultFilter?: MatchFilter;
  /** Opens a confirmation dialog at first render (stories): true is the matched ones'. */
  defaultConfirmOpen?: boolean | 'suggested';
}

function countOf(entries: StatementEntry[], match: StatementEntryMatch): number {
  return entries.filter((entry) => entry.match === match).length;
}

type ConfirmDialogKind = 'matched' | 'suggested';

type SuggestedEntry = StatementEntry & { order: StatementOrder };

function sumOf(entries: StatementEntry[]): number {
  return entries.reduce((sum, entry) => sum + entry.amountCents, 0);
}

/** No statement to show yet: its error (with 'Tentar de novo') or its skeleton. */
function StatementUnavailable({
  crumbs,
  error,
  onRetry,
}: {
  crumbs: ComponentProps<typeof DashboardPage>['breadcrumbs'];
  error: string | null;
  onRetry: (() => void) | undefined;
}) {
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

/** 'Confirmar N pagamentos' (by txid) and 'Confirmar sugeridos (N)', when there are any. */
function ConfirmActions({
  matchedCount,
  suggestedCount,
  disabled,
  onOpen,
}: {
  matchedCount: number;
  suggestedCount: number;
  disabled: boolean;
  onOpen: (kind: ConfirmDialogKind) => void;
}) {
  if (matchedCount === 0 && suggestedCount === 0) return null;
  return (
    <>
      {matchedCount > 0 ? (
        <Button variant="contained" onClick={() => onOpen('matched')} disabled={disabled}>
          {matchedCount === 1 ? 'Confirmar 1 pagamento' : `Confirmar ${matchedCount} pagamentos`}
        </Button>
      ) : null}
      {suggestedCount > 0 ? (
        <Button
          variant={matchedCount > 0 ? 'outlined' : 'contained'}
          onClick={() => onOpen('suggested')}
          disabled={disabled}
        >
          Confirmar sugeridos ({suggestedCount})
        </Button>
      ) : null}
    </>
  );
}

/** The entries by how they matched: all, or one kind (a kind with none is disabled). */
function MatchFilterChips({
  entries,
  filter,
  onChange,
}: {
  entries: StatementEntry[];
  filter: MatchFilter;
  onChange: (filter: MatchFilter) => void;
}) {
  return (
    <Stack
      direction="row"
      useFlexGap
      role="group"
      aria-label="Filtrar lançamentos"
      sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}
    >
      <Chip
        label={`Todos (${entries.length})`}
        color={filter === 'ALL' ? 'primary' : 'default'}
        variant={filter === 'ALL' ? 'filled' : 'outlined'}
        aria-pressed={filter === 'ALL'}
        onClick={() => onChange('ALL')}
        sx={{ height: 44, borderRadius: 22 }}
      />
      {MATCH_ORDER.map((match) => {
        const count = countOf(entries, match);
        return (
          <Chip
            key={match}
            label={`${MATCH_LABELS[match]} (${count})`}
            color={filter === match ? 'primary' : 'default'}
            variant={filter === match ? 'filled' : 'outlined'}
            aria-pressed={filter === match}
            onClick={() => onChange(match)}
            sx={{ height: 44, borderRadius: 22 }}
            disabled={count === 0}
          />
        );
      })}
    </Stack>
  );
}

/**
 * The confirmation of the matched payments (by txid) or of the suggested ones (with each payer's
 * name, those that differ pointed out), with the server's refusal.
 */
function StatementConfirmDialog({
  open,
  onClose,
  kind,
  matched,
  suggested,
  pending,
  failure,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  kind: ConfirmDialogKind;
  matched: StatementEntry[];
  suggested: SuggestedEntry[];
  pending: boolean;
  failure: string | null;
  onConfirm: (kind: ConfirmDialogKind) => void;
}) {
  const titleId = useId();
  const matchedTotal = sumOf(matched);
  const suggestedTotal = sumOf(suggested);
  const differing = suggested.filter((entry) => !entry.payerNameAgrees);
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby={titleId}>
      {kind === 'suggested' ? (
        <>
          <DialogTitle id={titleId}>
            {suggested.length === 1
              ? 'Confirmar 1 pagamento sugerido?'
              : `Confirmar ${suggested.length} pagamentos sugeridos?`}
          </DialogTitle>
          <DialogContent>
            <DialogContentText>
              {pluralize(suggested.length, 'pedido será marcado', 'pedidos serão marcados')} como{' '}
              {suggested.length === 1 ? 'pago' : 'pagos'}, somando {formatBRL(suggestedTotal)}:{' '}
              {suggested.length === 1 ? 'o Pix veio' : 'os Pix vieram'} sem txid, com o valor exato
              de um único pedido aguardando.
              {differing.length > 0
                ? ` Em ${differing.length === 1 ? '1 deles' : `${differing.length} deles`} o nome de quem pagou não é o do cliente: confira no banco.`
                : ''}
              {matched.length > 0
                ? ` ${matched.length === 1 ? 'O pagamento conferido pelo txid' : `Os ${matched.length} pagamentos conferidos pelo txid`} (${formatBRL(matchedTotal)}) também ${matched.length === 1 ? 'é confirmado' : 'são confirmados'}.`
                : ''}{' '}
              Cada cliente recebe o e-mail de pagamento confirmado.
            </DialogContentText>
            <List dense aria-label="Pagamentos sugeridos">
              {suggested.map((entry) => (
                <ListItem key={entry.id} disableGutters>
                  <ListItemText
                    primary={`${entry.order.number} · ${entry.order.customer.name} · ${formatBRL(entry.amountCents)}`}
                    secondary={
                      entry.payerName === null
                        ? 'Sem o nome de quem pagou'
                        : `Quem pagou: ${entry.payerName} (${entry.payerNameAgrees ? 'nomes conferem' : 'nome diferente'})`
                    }
                  />
                </ListItem>
              ))}
            </List>
            {failure ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                {failure}
              </Alert>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button color="inherit" onClick={onClose} disabled={pending}>
              Cancelar
            </Button>
            <Button variant="contained" onClick={() => onConfirm('suggested')} loading={pending}>
              Confirmar
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogTitle id={titleId}>
            {matched.length === 1
              ? 'Confirmar 1 pagamento?'
              : `Confirmar ${matched.length} pagamentos?`}
          </DialogTitle>
          <DialogContent>
            <DialogContentText>
              {pluralize(matched.length, 'pedido será marcado', 'pedidos serão marcados')} como
              {matched.length === 1 ? ' pago' : ' pagos'}, somando {formatBRL(matchedTotal)}: o txid
              e o valor de cada um batem com um Pix deste extrato. Cada cliente recebe o e-mail de
              pagamento confirmado.
            </DialogContentText>
            {failure ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                {failure}
              </Alert>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button color="inherit" onClick={onClose} disabled={pending}>
              Cancelar
            </Button>
            <Button variant="contained" onClick={() => onConfirm('matched')} loading={pending}>
              Confirmar
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

/** The file's format, when and by whom it was imported, and its counts. */
function StatementSummary({ statement }: { statement: BankStatement }) {
  return (
    <Typography color="text.secondary" sx={{ mt: -2, mb: 2 }}>
      {statement.format} importado em {formatDateTime(statement.createdAt)}
      {statement.staffName ? ` por ${statement.staffName}` : ''} ·{' '}
      {pluralize(statement.entries.length, 'crédito', 'créditos')}
      {statement.suggestedCount > 0
        ? ` · ${pluralize(statement.suggestedCount, 'sugerido', 'sugeridos')}`
        : ''}
      {statement.ambiguousCount > 0 ? ` · ${statement.ambiguousCount} com mais de um pedido` : ''}
    </Typography>
  );
}

/** What was just confirmed, that nothing is left to confirm, or what the suggestions need. */
function StatementNotices({
  confirmedNotice,
  matchedCount,
  suggestedCount,
  ambiguousCount,
}: {
  confirmedNotice: string | null;
  matchedCount: number;
  suggestedCount: number;
  ambiguousCount: number;
}) {
  return (
    <>
      {confirmedNotice ? (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {confirmedNotice}
        </Alert>
      ) : null}
      {matchedCount === 0 && suggestedCount === 0 && ambiguousCount === 0 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Nada a confirmar neste extrato: os pagamentos conferidos já foram confirmados. Os
          lançamentos com valor diferente ou sem pedido pedem uma olhada no pedido ou no banco.
        </Alert>
      ) : null}
      {suggestedCount > 0 || ambiguousCount > 0 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {suggestedCount > 0
            ? `${suggestedCount === 1 ? 'Um Pix veio' : `${suggestedCount} Pix vieram`} sem txid, com o valor exato de um único pedido aguardando: confira no banco quem pagou antes de confirmar. `
            : ''}
          {ambiguousCount > 0
            ? `${ambiguousCount === 1 ? 'Um Pix tem' : `${ambiguousCount} Pix têm`} mais de um pedido com o mesmo valor: escolha qual pedido ${ambiguousCount === 1 ? 'ele paga' : 'cada um paga'}.`
            : ''}
        </Alert>
      ) : null}
    </>
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
  onConfirmEntry,
  confirmedNotice = null,
  defaultFilter = 'ALL',
  defaultConfirmOpen = false,
}: StatementViewProps) {
  const [filter, setFilter] = useState<MatchFilter>(defaultFilter);
  // The dialog keeps its kind while it fades out, and says what was asked (the counts it opened on).
  const [dialogOpen, setDialogOpen] = useState(defaultConfirmOpen !== false);
  const [dialogKind, setDialogKind] = useState<ConfirmDialogKind>(
    defaultConfirmOpen === 'suggested' ? 'suggested' : 'matched',
  );
  const [asked, setAsked] = useState<{
    matched: StatementEntry[];
    suggested: SuggestedEntry[];
  } | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState<EntryBusy | null>(null);
  const [entryFailure, setEntryFailure] = useState<{ entryId: string; message: string } | null>(
    null,
  );
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
    return <StatementUnavailable crumbs={crumbs} error={error} onRetry={onRetry} />;
  }

  const matched = statement.entries.filter((entry) => entry.match === 'MATCHED');
  const suggested = statement.entries.filter(
    (entry): entry is SuggestedEntry => entry.match === 'SUGGESTED' && entry.order !== null,
  );
  const ambiguousCount = countOf(statement.entries, 'AMBIGUOUS');
  const busy = pending || sending !== null;
  const shown =
    filter === 'ALL'
      ? statement.entries
      : statement.entries.filter((entry) => entry.match === filter);

  async function confirm(kind: ConfirmDialogKind) {
    setPending(true);
    setFailure(null);
    try {
      await onConfirmMatched({ includeSuggested: kind === 'suggested' });
      setDialogOpen(false);
    } catch (reason) {
      setFailure(reason instanceof Error ? reason.message : 'Não foi possível confirmar.');
    } finally {
      setPending(false);
    }
  }

  async function confirmEntry(entry: StatementEntry, order: StatementOrder) {
    setSending({ entryId: entry.id, orderId: order.id });
    setEntryFailure(null);
    try {
      await onConfirmEntry(entry.id, order.id);
    } catch (reason) {
      setEntryFailure({
        entryId: entry.id,
        message: reason instanceof Error ? reason.message : 'Não foi possível confirmar.',
      });
    } finally {
      setSending(null);
    }
  }

  function openDialog(kind: ConfirmDialogKind) {
    setDialogKind(kind);
    setAsked({ matched, suggested });
    setFailure(null);
    setDialogOpen(true);
  }

  return (
    <DashboardPage
      title={statement.fileName}
      breadcrumbs={crumbs}
      actions={
        <ConfirmActions
          matchedCount={matched.length}
          suggestedCount={suggested.length}
          disabled={loading || busy}
          onOpen={openDialog}
        />
      }
    >
      <StatementSummary statement={statement} />
      <StatementNotices
        confirmedNotice={confirmedNotice}
        matchedCount={matched.length}
        suggestedCount={suggested.length}
        ambiguousCount={ambiguousCount}
      />
      <MatchFilterChips entries={statement.entries} filter={filter} onChange={setFilter} />
      {shown.length === 0 ? (
        <Typography color="text.secondary">Nenhum lançamento nesta situação.</Typography>
      ) : (
        <EntryTable
          entries={shown}
          brandId={brandId}
          busy={busy || loading}
          sending={sending}
          failure={entryFailure}
          onConfirm={(entry, order) => void confirmEntry(entry, order)}
        />
      )}

      <StatementConfirmDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        kind={dialogKind}
        // What the open dialog speaks of: the entries it opened on.
        matched={asked?.matched ?? matched}
        suggested={asked?.suggested ?? suggested}
        pending={pending}
        failure={failure}
        onConfirm={(kind) => void confirm(kind)}
      />
    </DashboardPage>
  );
}
