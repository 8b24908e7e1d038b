// The orders list on a phone: a card per order (number, total, customer, date, payment and its
// chips) with a checkbox, and the pages below.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

import { ListPagination, PhoneCardList } from '../../../components/dashboard/ListStates';
import { formatBRL, formatDateTime } from '../../../format';
import { FulfilmentStatusChip, PaymentStatusChip } from './OrderChips';
import { PAYMENT_METHOD_LABELS } from './orderLabels';
import type { OrdersListProps } from './OrdersGrid';
import type { OrderRowNode } from './OrdersScreen.graphql';
import { PAGE_SIZES } from './ordersUrlState';

function OrderCard({ row, orderHref }: { row: OrderRowNode; orderHref(id: string): string }) {
  return (
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
        <FulfilmentStatusChip status={row.fulfilmentStatus} paymentStatus={row.paymentStatus} />
      </Box>
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
      <PhoneCardList
        rows={rows}
        loading={loading}
        label="Pedidos"
        loadingLabel="Carregando pedidos"
        skeletonHeight={112}
        selection={{
          selectedIds,
          onChange: onSelectionChange,
          label: (row) => `Selecionar o pedido ${row.number}`,
        }}
        cardSx={{ display: 'flex', gap: 1 }}
      >
        {(row) => <OrderCard row={row} orderHref={orderHref} />}
      </PhoneCardList>
      <ListPagination
        count={totalCount}
        page={state.page}
        pageSize={state.pageSize}
        pageSizes={PAGE_SIZES}
        onChange={(page, pageSize) => onStateChange({ ...state, page, pageSize })}
      />
    </>
  );
}
