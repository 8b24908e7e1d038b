// The credits of an imported statement as a table (a block per credit on phones): each with its
// order, or for a Pix without txid the suggested order (both names, whether they agree) or every
// order waiting for its amount, each with its own "Confirmar". Pure: props only.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { Link as RouterLink } from 'react-router-dom';

import { formatBRL, formatDateTime } from '../../../format';
import { dashboardPaths } from '../../../routes/dashboardPaths';
import { withBrandScope } from '../shared/brandScope';
import type {
  StatementEntry,
  StatementEntryMatch,
  StatementOrder,
} from './StatementScreen.graphql';

/** One entry's situation (the filters above say it in the plural). */
const ENTRY_LABELS: Record<StatementEntryMatch, string> = {
  MATCHED: 'Conferido',
  SUGGESTED: 'Sugerido',
  AMBIGUOUS: 'Mais de um pedido',
  AMOUNT_MISMATCH: 'Valor diferente',
  UNMATCHED: 'Sem pedido',
  ALREADY_PAID: 'Já pago',
  CONFIRMED: 'Confirmado',
};

/** A suggestion is outlined: a guess by amount, not the txid's match (filled green). */
const MATCH_CHIPS: Record<
  StatementEntryMatch,
  {
    color: 'success' | 'warning' | 'default' | 'primary' | 'secondary';
    variant: 'filled' | 'outlined';
  }
> = {
  MATCHED: { color: 'success', variant: 'filled' },
  SUGGESTED: { color: 'secondary', variant: 'outlined' },
  AMBIGUOUS: { color: 'warning', variant: 'outlined' },
  AMOUNT_MISMATCH: { color: 'warning', variant: 'filled' },
  UNMATCHED: { color: 'default', variant: 'filled' },
  ALREADY_PAID: { color: 'default', variant: 'filled' },
  CONFIRMED: { color: 'primary', variant: 'filled' },
};

/** On phones each entry is a block (date and amount, description, situation, order): no side scroll. */
const phoneRow = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    gridTemplateAreas: '"date amount" "description description" "match match" "order order"',
    columnGap: 2,
    rowGap: 0.5,
    py: 1.5,
    px: 2,
    borderBottom: 1,
    borderColor: 'divider',
    '& > td': { border: 0, p: 0 },
  },
});

const phoneBlock = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: { display: 'block' },
});

const phoneHidden = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: visuallyHidden,
});

/** A confirmation in flight: which entry, as which order. */
export interface EntryBusy {
  entryId: string;
  orderId: string;
}

interface EntryTableProps {
  entries: StatementEntry[];
  brandId: string | null;
  /** Anything being confirmed: every button waits. */
  busy: boolean;
  sending: EntryBusy | null;
  failure: { entryId: string; message: string } | null;
  onConfirm: (entry: StatementEntry, order: StatementOrder) => void;
}

function OrderLink({ order, brandId }: { order: StatementOrder; brandId: string | null }) {
  return (
    <Link
      component={RouterLink}
      to={withBrandScope(dashboardPaths.order(order.id), brandId)}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {order.number}
    </Link>
  );
}

function PayerName({ entry }: { entry: StatementEntry }) {
  return (
    <Typography variant="body2">
      Quem pagou: {entry.payerName ?? <em>sem nome no Pix</em>}
    </Typography>
  );
}

function NamesAgreement({ entry }: { entry: StatementEntry }) {
  if (entry.payerName === null) return null;
  return entry.payerNameAgrees ? (
    <Chip size="small" variant="outlined" color="success" label="Nomes conferem" />
  ) : (
    <Chip size="small" variant="outlined" color="warning" label="Nome diferente" />
  );
}

function ConfirmEntryButton({
  entry,
  order,
  label,
  props,
}: {
  entry: StatementEntry;
  order: StatementOrder;
  label: string;
  props: EntryTableProps;
}) {
  const sending = props.sending?.entryId === entry.id && props.sending.orderId === order.id;
  return (
    <Button
      size="small"
      variant="outlined"
      onClick={() => props.onConfirm(entry, order)}
      loading={sending}
      disabled={props.busy && !sending}
      aria-label={`Confirmar como ${order.number}`}
      // Tapped on phones: 44 px there.
      sx={{ alignSelf: 'flex-start', whiteSpace: 'nowrap', minHeight: { xs: 44, sm: 0 } }}
    >
      {label}
    </Button>
  );
}

function EntryOrder({ entry, props }: { entry: StatementEntry; props: EntryTableProps }) {
  const { brandId } = props;
  const failure =
    props.failure?.entryId === entry.id ? (
      <Alert severity="error" role="alert" sx={{ py: 0 }}>
        {props.failure.message}
      </Alert>
    ) : null;
  if (entry.match === 'SUGGESTED' && entry.order) {
    return (
      <Stack spacing={0.75} sx={{ alignItems: 'flex-start' }}>
        <OrderLink order={entry.order} brandId={brandId} />
        <Typography variant="body2">Cliente: {entry.order.customer.name}</Typography>
        <PayerName entry={entry} />
        <NamesAgreement entry={entry} />
        <ConfirmEntryButton entry={entry} order={entry.order} label="Confirmar" props={props} />
        {failure}
      </Stack>
    );
  }
  if (entry.match === 'AMBIGUOUS') {
    return (
      <Stack spacing={0.75}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          Mais de um pedido com este valor
        </Typography>
        <PayerName entry={entry} />
        <Box
          component="ul"
          aria-label="Pedidos com este valor"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
        >
          {entry.candidates.map((candidate) => (
            <Box
              component="li"
              key={candidate.id}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                columnGap: 1.5,
                rowGap: 0.5,
                pl: 1.5,
                borderLeft: 2,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2">
                  <OrderLink order={candidate} brandId={brandId} /> · {candidate.customer.name}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  Feito em {formatDateTime(candidate.createdAt)} · {formatBRL(candidate.totalCents)}
                </Typography>
              </Box>
              <ConfirmEntryButton
                entry={entry}
                order={candidate}
                label={`Confirmar como ${candidate.number}`}
                props={props}
              />
            </Box>
          ))}
        </Box>
        {failure}
      </Stack>
    );
  }
  if (entry.order) {
    return (
      <>
        <OrderLink order={entry.order} brandId={brandId} />
        {entry.match === 'AMOUNT_MISMATCH' ? (
          <Typography variant="caption" color="warning.dark" component="p">
            pedido: {formatBRL(entry.order.totalCents)}
          </Typography>
        ) : null}
        {failure}
      </>
    );
  }
  return '—';
}

export function EntryTable(props: EntryTableProps) {
  return (
    <TableContainer component={Card}>
      <Table size="small" aria-label="Lançamentos do extrato" sx={phoneBlock}>
        <TableHead sx={phoneHidden}>
          <TableRow>
            <TableCell>Data</TableCell>
            <TableCell>Descrição</TableCell>
            <TableCell align="right">Valor</TableCell>
            <TableCell>Pedido</TableCell>
            <TableCell>Situação</TableCell>
          </TableRow>
        </TableHead>
        <TableBody sx={phoneBlock}>
          {props.entries.map((entry) => (
            <TableRow key={entry.id} sx={phoneRow}>
              <TableCell sx={{ whiteSpace: 'nowrap', gridArea: 'date' }}>
                {formatDateTime(entry.postedAt)}
              </TableCell>
              <TableCell sx={{ minWidth: { sm: 180 }, gridArea: 'description' }}>
                {entry.description}
                {entry.txid ? (
                  <Typography variant="caption" color="text.secondary" component="p">
                    txid {entry.txid}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', gridArea: 'amount' }}>
                {formatBRL(entry.amountCents)}
              </TableCell>
              <TableCell sx={{ gridArea: 'order', minWidth: { sm: 200 } }}>
                <EntryOrder entry={entry} props={props} />
              </TableCell>
              <TableCell sx={{ gridArea: 'match' }}>
                <Chip
                  size="small"
                  color={MATCH_CHIPS[entry.match].color}
                  variant={MATCH_CHIPS[entry.match].variant}
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
