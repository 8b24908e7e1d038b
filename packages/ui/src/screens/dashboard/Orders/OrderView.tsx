// One order for staff: status, customer, address (with a copy button), lines, totals, payments
// (with the Pix charge at the bank, when there is one), refunds, the carrier's tracking (a failed
// delivery warned at the top) and the timeline newest first; the actions the API allows now,
// each through its dialog; links to the printable packing slip and content declaration. Pure.
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { formatBRL, formatDateTime } from '../../../format';
import { Timeline } from '../../../components/dashboard/Timeline';
import { DashboardPage } from '../shared';
import {
  ACTION_LABELS,
  OrderActionDialog,
  type OrderActionError,
  type OrderActionInput,
  type OrderActionName,
} from './OrderActionDialog';
import { FulfilmentStatusChip, OrderStatusChip, PaymentStatusChip } from './OrderChips';
import { installmentsText, interestRowLabel } from './orderInstallments';
import { OrderPixCharge, PaymentSource } from './OrderPixCharge';
import { OrderShipmentTracking, ShipmentProblemAlert } from './OrderShipmentTracking';
import { OrderShippingLabel, type OrderShippingLabelProps } from './OrderShippingLabel';
import {
  addressLines,
  displayCpf,
  displayPhone,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  trackingLink,
  type StaffRole,
} from './orderLabels';
import { PRINT_PAGE_REL } from './PrintFrame';
import type { OrderDetail, OrderEventNode } from './OrderScreen.graphql';

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

const ACTION_ORDER: OrderActionName[] = [
  'markPaid',
  'ship',
  'deliver',
  'correctTracking',
  'cancel',
  'refund',
  'addNote',
  'resendLastMail',
];

const MONEY_ACTIONS: ReadonlySet<OrderActionName> = new Set<OrderActionName>([
  'markPaid',
  'refund',
]);

const EVENT_LABELS: Record<string, string> = {
  placed: 'Pedido feito',
  paid: 'Pagamento confirmado',
  payment: 'Pagamento',
  shipped: 'Enviado',
  tracking_corrected: 'Rastreamento corrigido',
  ready_for_pickup: 'Pronto para retirada',
  delivered: 'Entregue',
  delivery_problem: 'Problema na entrega',
  canceled: 'Cancelado',
  refunded: 'Reembolso',
  note: 'Nota',
  mail_resent: 'E-mail reenviado',
  label_purchased: 'Etiqueta comprada',
  installments_changed: 'Parcelamento alterado',
  return_requested: 'Devolução solicitada',
  return_label_issued: 'Código de postagem da devolução',
  return_code_set: 'Código de postagem da devolução',
  return_carrier_retry: 'Código de postagem pedido de novo',
  return_received: 'Devolução recebida',
  return_rejected: 'Devolução recusada',
  invoice_authorized: 'NF-e autorizada',
  invoice_rejected: 'NF-e rejeitada',
  invoice_retry: 'NF-e enviada de novo',
  invoice_canceled: 'NF-e cancelada',
  invoice_corrected: 'Carta de correção da NF-e',
  invoice_cancel_suggested: 'Cancelar a NF-e',
  return_invoice_authorized: 'NF-e de devolução autorizada',
  return_invoice_rejected: 'NF-e de devolução rejeitada',
};

const GATEWAY_STATUS_LABELS: Record<string, string> = {
  pending: 'pendente',
  authorized: 'autorizado',
  approved: 'aprovado',
  rejected: 'recusado',
  cancelled: 'cancelado',
  refunded: 'reembolsado',
};

const ACTOR_LABELS: Record<string, string> = {
  customer: 'Cliente',
  system: 'Sistema',
  provider: 'Pagamento',
  staff: 'Equipe',
};

/** Who acted: the staff member, the payment or the carrier by name ('Correios'), else the kind. */
function eventActor(event: OrderEventNode): string {
  if (event.actorName) return event.actorName;
  if (event.actor === 'provider' && /^deliver/.test(event.type)) return 'Transportadora';
  return ACTOR_LABELS[event.actor] ?? event.actor;
}

function eventTitle(event: OrderEventNode): string {
  const label = EVENT_LABELS[event.type];
  if (label) return label;
  return event.toStatus ? ORDER_STATUS_LABELS[event.toStatus] : event.type;
}

function Section({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  const id = `order-section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id} variant="outlined">
      <CardContent>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            mb: 1.5,
            gap: 1,
          }}
        >
          <Typography id={id} component="h2" variant="h6">
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

function Row({
  label,
  value,
  strong = false,
}: {
  label: string;
  value: ReactNode;
  strong?: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <Typography
        variant="body2"
        color={strong ? 'text.primary' : 'text.secondary'}
        sx={{ fontWeight: strong ? 700 : 400 }}
      >
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400, textAlign: 'right' }}>
        {value}
      </Typography>
    </Box>
  );
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
  const crumbs = (label: string) => [{ label: 'Pedidos', to: listHref }, { label }];

  if (!order) {
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

  const wholeOrder = order.shippingCents !== null;
  const allowed = ACTION_ORDER.filter((action) => {
    // A brand manager may note only an order made of their brands (the API refuses the others).
    if (action === 'addNote') return role !== null && (role !== 'BRAND_MANAGER' || wholeOrder);
    // Confirming the payment and refunding are the store's money: ADMIN only, as the API.
    if (MONEY_ACTIONS.has(action) && role !== 'ADMIN') return false;
    if (action === 'resendLastMail') {
      return order.lastMailSubject !== null && order.customer.email !== null;
    }
    // A shipped delivery's carrier and code can be corrected by whoever may deliver it.
    if (action === 'correctTracking') {
      return (
        order.status === 'SHIPPED' &&
        order.shippingMethodKind === 'DELIVERY' &&
        order.allowedActions.includes('deliver')
      );
    }
    return order.allowedActions.includes(action);
  });
  const address = addressLines(order.address);
  const tracking = trackingLink(order.trackingUrl, order.trackingCode);
  const timeline = [...order.timeline].reverse();
  const interestRow = interestRowLabel(order);

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
      breadcrumbs={crumbs(order.number)}
      actions={actions}
    >
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: -1.5, mb: 3 }}
      >
        <OrderStatusChip status={order.status} prefix="Pedido: " />
        <PaymentStatusChip status={order.paymentStatus} prefix="Pagamento: " />
        <FulfilmentStatusChip
          status={order.fulfilmentStatus}
          paymentStatus={order.paymentStatus}
          prefix="Envio: "
        />
        <Typography variant="body2" color="text.secondary">
          Feito em {formatDateTime(order.createdAt)} · {PAYMENT_METHOD_LABELS[order.paymentMethod]}
          {installmentsText(order)}
        </Typography>
        <Box
          sx={{
            ml: { md: 'auto' },
            display: 'flex',
            gap: 1,
            flexWrap: 'wrap',
            displayPrint: 'none',
          }}
        >
          <Button
            startIcon={<PrintOutlined />}
            href={packingSlipHref}
            target="_blank"
            rel={PRINT_PAGE_REL}
          >
            Imprimir romaneio
          </Button>
          {order.shippingMethodKind === 'DELIVERY' ? (
            <Button
              startIcon={<PrintOutlined />}
              href={declarationHref}
              target="_blank"
              rel={PRINT_PAGE_REL}
            >
              Declaração de conteúdo
            </Button>
          ) : null}
        </Box>
      </Box>

      {pageError ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={onDismissPageError}>
          {pageError}
        </Alert>
      ) : null}
      <ShipmentProblemAlert order={order} />
      {order.status === 'PENDING_PAYMENT' && order.paymentExpiresAt ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Aguardando pagamento até {formatDateTime(order.paymentExpiresAt)}
          {order.pixTxid ? ` · txid ${order.pixTxid}` : ''}.
        </Alert>
      ) : null}
      {order.cancelReason ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Motivo do cancelamento: {order.cancelReason}
        </Alert>
      ) : null}
      {!wholeOrder ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Este pedido tem produtos de outras marcas: você vê só os itens das suas marcas.
        </Alert>
      ) : null}

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Section title={order.itemCount === 1 ? 'Itens (1)' : `Itens (${order.itemCount})`}>
            <Box component="ul" aria-label="Itens do pedido" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {order.lines.map((line) => (
                <Box
                  component="li"
                  key={line.id}
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: '48px minmax(0, 1fr) auto',
                    gap: 1.5,
                    alignItems: 'center',
                    py: 1.25,
                    borderTop: 1,
                    borderColor: 'divider',
                    '&:first-of-type': { borderTop: 0, pt: 0 },
                  }}
                >
                  {line.imageUrl ? (
                    <Box
                      component="img"
                      src={line.imageUrl}
                      alt=""
                      width={48}
                      height={60}
                      sx={{ borderRadius: 1, objectFit: 'cover' }}
                    />
                  ) : (
                    <Box sx={{ width: 48, height: 60, borderRadius: 1, bgcolor: 'action.hover' }} />
                  )}
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {line.productName}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {line.brandName} · {line.variantLabel}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      SKU{' '}
                      <Box component="span" sx={{ fontFamily: 'monospace' }}>
                        {line.sku}
                      </Box>
                    </Typography>
                  </Box>
                  <Box sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                    <Typography variant="body2" color="text.secondary">
                      {line.quantity} × {formatBRL(line.unitPriceCents)}
                    </Typography>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {formatBRL(line.lineTotalCents)}
                    </Typography>
                  </Box>
                </Box>
              ))}
            </Box>
            <Box sx={{ maxWidth: 320, ml: 'auto', mt: 2 }}>
              <Row label="Subtotal" value={formatBRL(order.subtotalCents)} />
              {order.discountCents > 0 ? (
                <Row
                  label={order.couponCode ? `Cupom ${order.couponCode}` : 'Desconto'}
                  value={`− ${formatBRL(order.discountCents)}`}
                />
              ) : null}
              {order.pixDiscountCents > 0 ? (
                <Row label="Desconto Pix" value={`− ${formatBRL(order.pixDiscountCents)}`} />
              ) : null}
              {order.shippingCents !== null ? (
                <Row
                  label={`Frete (${order.shippingMethodName})`}
                  value={order.shippingCents === 0 ? 'Grátis' : formatBRL(order.shippingCents)}
                />
              ) : null}
              {interestRow ? (
                <Row label={interestRow} value={formatBRL(order.interestCents ?? 0)} />
              ) : null}
              <Divider sx={{ my: 0.5 }} />
              <Row
                label={wholeOrder ? 'Total' : 'Total das suas marcas'}
                value={formatBRL(order.totalCents)}
                strong
              />
              {order.refundedCents ? (
                <Row label="Reembolsado" value={`− ${formatBRL(order.refundedCents)}`} />
              ) : null}
            </Box>
          </Section>

          {returns}

          {wholeOrder && role !== 'BRAND_MANAGER' ? (
            <Section title="Pagamentos">
              {order.payments.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  Nenhum pagamento registrado.
                  {order.pixTxid ? ` Pix esperado com o txid ${order.pixTxid}.` : ''}
                </Typography>
              ) : (
                <Box
                  component="ul"
                  sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
                >
                  {order.payments.map((payment) => (
                    <Box component="li" key={payment.id}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {PAYMENT_METHOD_LABELS[payment.method]} · {formatBRL(payment.amountCents)} ·{' '}
                        {GATEWAY_STATUS_LABELS[payment.status] ?? payment.status}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        <PaymentSource payment={payment} /> · {formatDateTime(payment.createdAt)}
                        {payment.refundedCents > 0
                          ? ` · reembolsado ${formatBRL(payment.refundedCents)}`
                          : ''}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              )}
              {order.pixCharge ? (
                <OrderPixCharge charge={order.pixCharge} totalCents={order.totalCents} />
              ) : null}
              {order.refunds.length > 0 ? (
                <>
                  <Typography component="h3" variant="subtitle2" sx={{ mt: 2, mb: 0.5 }}>
                    Reembolsos
                  </Typography>
                  <Box
                    component="ul"
                    sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
                  >
                    {order.refunds.map((refund) => (
                      <Box component="li" key={refund.id}>
                        <Typography variant="body2">
                          {formatBRL(refund.amountCents)} em {formatDateTime(refund.createdAt)}
                          {refund.staffName ? ` por ${refund.staffName}` : ''}: {refund.reason}
                        </Typography>
                      </Box>
                    ))}
                  </Box>
                </>
              ) : null}
            </Section>
          ) : null}

          <Section title="Histórico">
            <Timeline
              label="Histórico do pedido"
              entries={timeline.map((event) => ({
                id: event.id,
                at: event.createdAt,
                title: eventTitle(event),
                actor: eventActor(event),
                note: event.detail
                  ? event.note
                    ? `${event.detail}. ${event.note}`
                    : event.detail
                  : event.note,
              }))}
            />
          </Section>
        </Box>

        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Section title="Cliente">
            <Typography sx={{ fontWeight: 600 }}>{order.customer.name}</Typography>
            {order.customer.email ? (
              // An address has no spaces to break at (an anonymised one is 50 characters): it
              // wraps anywhere rather than being cut off at the card's edge.
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                E-mail: <Link href={`mailto:${order.customer.email}`}>{order.customer.email}</Link>
              </Typography>
            ) : null}
            {order.customer.phone ? (
              <Typography variant="body2">{displayPhone(order.customer.phone)}</Typography>
            ) : null}
            {order.customer.cpf ? (
              <Typography variant="body2">CPF {displayCpf(order.customer.cpf)}</Typography>
            ) : null}
          </Section>

          <Section
            title={order.shippingMethodKind === 'PICKUP' ? 'Retirada' : 'Entrega'}
            action={
              address.length > 0 ? (
                <Button startIcon={<ContentCopyOutlined />} onClick={() => void copyAddress()}>
                  Copiar endereço
                </Button>
              ) : null
            }
          >
            {address.length > 0 ? (
              <Box component="address" sx={{ fontStyle: 'normal', mb: 1 }}>
                {address.map((line) => (
                  <Typography key={line} variant="body2">
                    {line}
                  </Typography>
                ))}
              </Box>
            ) : (
              <Typography variant="body2" sx={{ mb: 1 }}>
                O cliente retira na loja.
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              {order.shippingMethodName}
              {order.shippingBusinessDays > 0
                ? ` · até ${order.shippingBusinessDays} dias úteis`
                : ''}
            </Typography>
            {order.trackingCode ? (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {order.trackingCarrier ?? 'Rastreio'}:{' '}
                {tracking ? (
                  <Link href={tracking} target="_blank" rel="noopener noreferrer">
                    {order.trackingCode}
                  </Link>
                ) : (
                  order.trackingCode
                )}
              </Typography>
            ) : null}
            <OrderShippingLabel label={order.shippingLabel} {...labelPdf} />
            <OrderShipmentTracking order={order} />
          </Section>
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
