// The orders list on a phone: a card per order (number, total, customer, date, payment and its
// chips) with a checkbox, and the pages below.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

import { formatBRL, formatDateTime } from '../../../format';
import { FulfilmentStatusChip, PaymentStatusChip } from './OrderChips';
import { PAYMENT_METHOD_LABELS } from './orderLabels';
import type { OrdersListProps } from './OrdersGrid';
import type { OrderRowNode } from './OrdersScreen.graphql';
import { PAGE_SIZES } from './ordersUrlState';

function OrderCards({
  rows,
  loading,
  selectedIds,
  onToggle,
  orderHref,
}: {
  rows: OrderRowNode[];
  loading: boolean;
  selectedIds: string[];
  onToggle(id: string): void;
  orderHref(id: string): string;
}) {
  if (loading && rows.length === 0) {
    return (
      <Box
        sx={{ display: 'grid', gap: 1.5 }}
        role="status"
        aria-busy="true"
        aria-label="Carregando pedidos"
      >
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} variant="rounded" height={112} />
        ))}
      </Box>
    );
  }
  return (
    <Box
      component="ul"
      aria-label="Pedidos"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
    >
      {rows.map((row) => (
        <Card
          component="li"
          key={row.id}
          variant="outlined"
          sx={{ p: 1.5, display: 'flex', gap: 1 }}
        >
          <Checkbox
            checked={selectedIds.includes(row.id)}
            onChange={() => onToggle(row.id)}
            slotProps={{ input: { 'aria-label': `Selecionar o pedido ${row.number}` } }}
            sx={{ alignSelf: 'flex-start', m: -0.5 }}
          />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Box
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                gap: 1,
                alignItems: 'center',
              }}
            >
              <Link
                component={RouterLink}
                to={orderHref(row.id)}

                sx={{
                  fontWeight: 700,
                  minHeight: 44,
                  display: 'inline-flex',
                  alignItems: 'center',
                }}
              >
                {row.number}
              </Link>
              <Typography sx={{ fontWeight: 700 }}>{formatBRL(row.totalCents)}</Typography>
            </Box>
            <Typography variant="body2" noWrap>
              {row.customer.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(row.createdAt).replace(',', '')} ·{' '}
              {PAYMENT_METHOD_LABELS[row.paymentMethod]} ·{' '}
              {row.itemCount === 1 ? '1 item' : `${row.itemCount} itens`}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1 }}>
              <PaymentStatusChip status={row.paymentStatus} />
              <FulfilmentStatusChip
                status={row.fulfilmentStatus}
                paymentStatus={row.paymentStatus}
              />
            </Box>
          </Box>
        </Card>
      ))}
    </Box>
  );
}

export function OrdersPhoneList({
  state,
  onStateChange,
  rows,
  totalCount,
  loading,
  selectedIds,
  onSelectionChange,
  orderHref,
}: OrdersListProps) {
  return (
    <>
      <OrderCards
        rows={rows}
        loading={loading}
        selectedIds={selectedIds}
        orderHref={orderHref}
        onToggle={(id) =>
          onSelectionChange(
            selectedIds.includes(id)
              ? selectedIds.filter((item) => item !== id)
              : [...selectedIds, id],
          )
        }
      />
      <TablePagination
        component="div"
        count={totalCount}
        page={Math.min(state.page, Math.max(0, Math.ceil(totalCount / state.pageSize) - 1))}
        rowsPerPage={state.pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_event, page) => onStateChange({ ...state, page })}
        onRowsPerPageChange={(event) =>
          onStateChange({ ...state, page: 0, pageSize: Number(event.target.value) })
        }
        labelRowsPerPage="Por página"
        labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
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
    </>
  );
}
