// Pure helpers of the staff order page: which actions the staff member may take now, and the
// words of the timeline's events and of the gateway's payment statuses.
import type { OrderActionName } from './OrderActionDialog';
import { ORDER_STATUS_LABELS, type StaffRole } from './orderLabels';
import type { OrderDetail, OrderEventNode } from './OrderScreen.graphql';

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

export const GATEWAY_STATUS_LABELS: Record<string, string> = {
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

/** The order covers every line (not only a brand manager's brands): it has a shipping price. */
export function isWholeOrder(order: OrderDetail): boolean {
  return order.shippingCents !== null;
}

/** The actions offered now, in the page's order: the API's allowed ones, narrowed by role. */
export function allowedOrderActions(order: OrderDetail, role: StaffRole | null): OrderActionName[] {
  const wholeOrder = isWholeOrder(order);
  return ACTION_ORDER.filter((action) => {
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
}

/** Who acted: the staff member, the payment or the carrier by name ('Correios'), else the kind. */
export function eventActor(event: OrderEventNode): string {
  if (event.actorName) return event.actorName;
  if (event.actor === 'provider' && /^deliver/.test(event.type)) return 'Transportadora';
  return ACTOR_LABELS[event.actor] ?? event.actor;
}

export function eventTitle(event: OrderEventNode): string {
  const label = EVENT_LABELS[event.type];
  if (label) return label;
  return event.toStatus ? ORDER_STATUS_LABELS[event.toStatus] : event.type;
}

/** The event's detail and the staff member's note, joined. */
export function eventNote(event: OrderEventNode): string | null {
  return event.detail ? (event.note ? `${event.detail}. ${event.note}` : event.detail) : event.note;
}
