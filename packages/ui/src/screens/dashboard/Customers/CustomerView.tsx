// One customer: contact, totals, first and last order, their orders (links to each order), the
// LGPD data export and, for ADMIN, the anonymisation (confirmed twice); the anonymised state.
// Pure.
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

import { formatBRL, formatDate, formatDateTime } from '../../../format';
import { dashboardPaths } from '../../../routes/dashboardPaths';
import { OrderStatusChip } from '../Orders/OrderChips';
import { DashboardPage } from '../shared';
import { AnonymizeDialog, type AnonymizeDialogProps } from './AnonymizeDialog';
import type { CustomerDetailNode } from './CustomersScreen.graphql';

export type CustomerError =
  | { kind: 'notFound' }
  | { kind: 'forbidden'; message: string }
  | { kind: 'failed'; message: string };

export interface CustomerViewProps {
  customer: CustomerDetailNode | null;
  loading: boolean;
  error?: CustomerError | null;
  onRetry?(): void;
  /** ADMIN may anonymise; SUPPORT only exports. */
  canAnonymize: boolean;
  onExport(): void;
  exporting?: boolean;
  exportError?: string | null;
  onOpenAnonymize(): void;
  anonymize: Omit<AnonymizeDialogProps, 'customerName' | 'customerEmail' | 'ordersCount'>;
  /** What the anonymisation just did (shown once, above the page). */
  anonymizedSummary?: string | null;
  orderHref?(id: string): string;
}

/** '11987654321' -> '(11) 98765-4321'; anything else as it came. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '');
  if (digits.length === 11)
    return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  if (digits.length === 10)
    return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return phone;
}

const breadcrumbs = (name?: string) => [
  { label: 'Clientes', to: dashboardPaths.customers },
  { label: name ?? 'Cliente' },
];

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

type CustomerData = NonNullable<CustomerViewProps['customer']>;

/** The contact (e-mail, phone, CPF) and the summary (orders, total, first and last order). */
function CustomerFacts({ customer }: { customer: CustomerData }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        mb: 3,
      }}
    >
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="customer-contact"
        sx={{ p: 2 }}
      >
        <Typography id="customer-contact" component="h2" variant="h6" sx={{ mb: 1.5 }}>
          Contato
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gap: 1.5, m: 0 }}>
          <Fact label="E-mail" value={customer.email ?? '—'} />
          <Fact label="Telefone" value={customer.phone ? formatPhone(customer.phone) : '—'} />
          <Fact label="CPF" value={customer.cpf ?? '—'} />
        </Box>
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="customer-totals" sx={{ p: 2 }}>
        <Typography id="customer-totals" component="h2" variant="h6" sx={{ mb: 1.5 }}>
          Resumo
        </Typography>
        <Box
          component="dl"
          sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '1fr 1fr', m: 0 }}
        >
          <Fact label="Pedidos" value={String(customer.ordersCount)} />
          <Fact label="Total gasto" value={formatBRL(customer.totalSpentCents)} />
          <Fact label="Primeiro pedido" value={formatDate(customer.firstOrderAt)} />
          <Fact label="Último pedido" value={formatDate(customer.lastOrderAt)} />
        </Box>
      </Paper>
    </Box>
  );
}

/**
 * The customer's orders: number (a link), date, status and total (on phones the date and total
 * under the number).
 */
function CustomerOrders({
  orders,
  orderHref,
}: {
  orders: CustomerData['orders'];
  orderHref: (orderId: string) => string;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="customer-orders">
      <Typography id="customer-orders" component="h2" variant="h6" sx={{ p: 2, pb: 1 }}>
        Pedidos
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table
          size="small"
          aria-labelledby="customer-orders"
          sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>Pedido</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Data</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                Total
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {orders.map((order) => (
              <TableRow key={order.id}>
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={orderHref(order.id)}
                    sx={{
                      fontWeight: 600,
                      display: 'inline-flex',
                      minHeight: 44,
                      alignItems: 'center',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {order.number}
                  </Link>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ display: { xs: 'block', sm: 'none' } }}
                  >
                    {formatDate(order.createdAt)} · {formatBRL(order.totalCents)}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}>
                  {formatDate(order.createdAt)}
                </TableCell>
                <TableCell>
                  <OrderStatusChip status={order.status} />
                </TableCell>
                <TableCell
                  align="right"
                  sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}
                >
                  {formatBRL(order.totalCents)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}

export function CustomerView({
  customer,
  loading,
  error = null,
  onRetry,
  canAnonymize,
  onExport,
  exporting = false,
  exportError = null,
  onOpenAnonymize,
  anonymize,
  anonymizedSummary = null,
  orderHref = dashboardPaths.order,
}: CustomerViewProps) {
  if (error?.kind === 'notFound' || (!loading && !error && !customer)) {
    return (
      <DashboardPage title="Cliente não encontrado" breadcrumbs={breadcrumbs()}>
        <Alert severity="warning" role="alert">
          Este cliente não existe. Volte à lista de clientes e busque pelo nome ou e-mail.
        </Alert>
      </DashboardPage>
    );
  }
  if (error) {
    return (
      <DashboardPage title="Cliente" breadcrumbs={breadcrumbs()}>
        {error.kind === 'forbidden' ? (
          <Alert severity="warning" role="alert">
            {error.message}
          </Alert>
        ) : (
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
            Não foi possível carregar o cliente. {error.message}
          </Alert>
        )}
      </DashboardPage>
    );
  }
  if (!customer) {
    return (
      <DashboardPage title="Cliente" breadcrumbs={breadcrumbs()}>
        <Box role="status" aria-busy="true" aria-label="Carregando cliente">
          <Skeleton variant="rounded" height={120} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={240} />
        </Box>
      </DashboardPage>
    );
  }

  const actions = (
    <>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        onClick={onExport}
        loading={exporting}
      >
        Exportar dados (LGPD)
      </Button>
      {canAnonymize && !customer.anonymized ? (
        <Button
          variant="outlined"
          color="error"
          startIcon={<PersonOffOutlined />}
          onClick={onOpenAnonymize}
        >
          Anonimizar
        </Button>
      ) : null}
    </>
  );

  return (
    <DashboardPage title={customer.name} breadcrumbs={breadcrumbs(customer.name)} actions={actions}>
      {anonymizedSummary ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {anonymizedSummary}
        </Alert>
      ) : null}
      {exportError ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {exportError}
        </Alert>
      ) : null}
      {customer.anonymized ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Cliente anonimizado
          {customer.anonymizedAt ? ` em ${formatDateTime(customer.anonymizedAt)}` : ''}: os dados
          pessoais foram removidos; os pedidos e valores continuam para a contabilidade.
        </Alert>
      ) : null}
      <CustomerFacts customer={customer} />
      <CustomerOrders orders={customer.orders} orderHref={orderHref} />
      {canAnonymize && customer.email ? (
        <AnonymizeDialog
          {...anonymize}
          customerName={customer.name}
          customerEmail={customer.email}
          ordersCount={customer.ordersCount}
        />
      ) : null}
    </DashboardPage>
  );
}
