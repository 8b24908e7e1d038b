// One order for staff: status, customer, address (with a copy button), lines, totals, payments
// (with the Pix charge at the bank, when there is one), refunds, the carrier's tracking (a failed
// delivery warned at the top) and the timeline newest first; the actions the API allows now,
// each through its dialog; links to the printable packing slip and content declaration. Pure.
// Its cards are in OrderHeader, OrderItemsSection, OrderPaymentsSection and OrderCustomerSections.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { Timeline } from '../../../components/dashboard/Timeline';
import { DashboardPage } from '../shared';
import {
  ACTION_LABELS,
  OrderActionDialog,
  type OrderActionError,
  type OrderActionInput,
  type OrderActionName,
} from './OrderActionDialog';
import { OrderCustomerSection, OrderDeliverySection } from './OrderCustomerSections';
import {
  allowedOrderActions,
  eventActor,
  eventNote,
  eventTitle,
  isWholeOrder,
} from './orderDetail';
import { OrderAlerts, OrderSummaryBar } from './OrderHeader';
import { OrderItemsSection } from './OrderItemsSection';
import { addressLines, type StaffRole } from './orderLabels';
import { OrderPaymentsSection } from './OrderPaymentsSection';
import { Section } from './OrderSection';
import type { OrderShippingLabelProps } from './OrderShippingLabel';
import type { OrderDetail } from './OrderScreen.graphql';

export interface OrderViewProps {
  order: OrderDetail | null;
  loading?: boolean;
  notFound?: boolean;
  /** The order could not be loaded. */
  error?: string | null;
  onRetry?(): void;
  role: StaffRole | null;
  /** The action whose request is running. */
  pendingAction?: OrderActionName | null;
  /** The last action's error for its dialog (a field's message). */
  actionError?: OrderActionError | null;
  /** An action failed outside its form (another staff member acted first...): shown on the page. */
  pageError?: string | null;
  onDismissPageError?(): void;
  /** The last action's result ("Pagamento confirmado."), in a snackbar. */
  notice?: string | null;
  onDismissNotice?(): void;
  /** Runs an action; resolves true when done (the dialog closes). */
  onAction(input: OrderActionInput): Promise<boolean>;
  /** Writes text to the clipboard (the address); resolves false when it could not. */
  onCopy(text: string): Promise<boolean>;
  listHref: string;
  packingSlipHref: string;
  declarationHref: string;
  /** The dialog open at first (stories). */
  initialDialog?: OrderActionName | null;
  /** Opening the label's PDF (ADMIN and SUPPORT). */
  labelPdf?: Omit<OrderShippingLabelProps, 'label'>;
  /** Under the items: the order's returns ('Devoluções'), given by the screen. */
  returns?: ReactNode;
}

function Loading() {
  return (
    <Box role="status" aria-busy="true" aria-label="Carregando pedido">
      <Skeleton variant="text" width={280} sx={{ fontSize: '2rem' }} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '2fr 1fr' }, mt: 2 }}>
        <Skeleton variant="rounded" height={320} />
        <Skeleton variant="rounded" height={320} />
      </Box>
    </Box>
  );
}

/** The page without an order: loading, not found (or not the staff member's), or failed. */
function OrderUnavailable({
  loading,
  notFound,
  error,
  onRetry,
  listHref,
}: Pick<OrderViewProps, 'error' | 'onRetry' | 'listHref'> & {
  loading: boolean;
  notFound: boolean;
}) {
  const crumbs = (label: string) => [{ label: 'Pedidos', to: listHref }, { label }];
  if (loading) {
    return (
      <DashboardPage title="Pedido" breadcrumbs={crumbs('Pedido')}>
        <Loading />
      </DashboardPage>
    );
  }
  if (notFound) {
    return (
      <DashboardPage title="Pedido não encontrado" breadcrumbs={crumbs('Não encontrado')}>
        <Paper variant="outlined" sx={{ p: 4 }}>
          <Typography sx={{ mb: 2 }}>
            Este pedido não existe ou não está entre os pedidos que você pode ver.
          </Typography>
          <Button component={RouterLink} to={listHref} variant="contained">
            Voltar aos pedidos
          </Button>
        </Paper>
      </DashboardPage>
    );
  }
  return (
    <DashboardPage title="Pedido" breadcrumbs={crumbs('Pedido')}>
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
        Não foi possível carregar o pedido. {error}
      </Alert>
    </DashboardPage>
  );
}

function OrderHistorySection({ order }: { order: OrderDetail }) {
  const timeline = [...order.timeline].reverse();
  return (
    <Section title="Histórico">
      <Timeline
        label="Histórico do pedido"
        entries={timeline.map((event) => ({
          id: event.id,
          at: event.createdAt,
          title: eventTitle(event),
          actor: eventActor(event),
          note: eventNote(event),
        }))}
      />
    </Section>
  );
}

export function OrderView({
  order,
  loading = false,
  notFound = false,
  error = null,
  onRetry,
  role,
  pendingAction = null,
  actionError = null,
  pageError = null,
  onDismissPageError,
  notice = null,
  onDismissNotice,
  onAction,
  onCopy,
  listHref,
  packingSlipHref,
  declarationHref,
  initialDialog = null,
  labelPdf,
  returns = null,
}: OrderViewProps) {
  const [dialog, setDialog] = useState<OrderActionName | null>(initialDialog);
  const [copied, setCopied] = useState<string | null>(null);

  if (!order) {
    return (
      <OrderUnavailable
        loading={loading}
        notFound={notFound}
        error={error}
        onRetry={onRetry}
        listHref={listHref}
      />
    );
  }

  const allowed = allowedOrderActions(order, role);
  const address = addressLines(order.address);

  async function submit(input: OrderActionInput) {
    if (await onAction(input)) setDialog(null);
  }

  async function copyAddress() {
    const text = [order?.customer.name, ...address].filter(Boolean).join('\n');
    setCopied((await onCopy(text)) ? 'Endereço copiado.' : 'Não foi possível copiar o endereço.');
  }

  const actions = (
    <>
      {allowed.map((action, index) => (
        <Button
          key={action}
          variant={index === 0 && order.allowedActions.includes(action) ? 'contained' : 'outlined'}
          color={action === 'cancel' || action === 'refund' ? 'error' : 'primary'}
          onClick={() => setDialog(action)}
          disabled={pendingAction !== null}
        >
          {ACTION_LABELS[action]}
        </Button>
      ))}
    </>
  );

  return (
    <DashboardPage
      title={`Pedido ${order.number}`}
      breadcrumbs={[{ label: 'Pedidos', to: listHref }, { label: order.number }]}
      actions={actions}
    >
      <OrderSummaryBar
        order={order}
        packingSlipHref={packingSlipHref}
        declarationHref={declarationHref}
      />
      <OrderAlerts order={order} pageError={pageError} onDismissPageError={onDismissPageError} />

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <OrderItemsSection order={order} />
          {returns}
          {isWholeOrder(order) && role !== 'BRAND_MANAGER' ? (
            <OrderPaymentsSection order={order} />
          ) : null}
          <OrderHistorySection order={order} />
        </Box>

        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <OrderCustomerSection customer={order.customer} />
          <OrderDeliverySection
            order={order}
            onCopyAddress={() => void copyAddress()}
            labelPdf={labelPdf}
          />
        </Box>
      </Box>

      {dialog ? (
        <OrderActionDialog
          key={dialog}
          action={dialog}
          order={order}
          submitting={pendingAction === dialog}
          error={actionError}
          onSubmit={(input) => void submit(input)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      <Snackbar
        open={notice !== null || copied !== null}
        autoHideDuration={5000}
        onClose={() => {
          setCopied(null);
          onDismissNotice?.();
        }}
        message={copied ?? notice}
      />
    </DashboardPage>
  );
}
