// Pure rules of the order action dialog: the form's first values, what the confirm button says,
// and the typed values checked (as the server will) into the action's input or a field's error.
import { checkTrackingCode } from '@vitrine/rules';

import { formatBRL, moneyInputText, parseBRL } from '../../../format';
import type { OrderActionInput, OrderActionName } from './OrderActionDialog';
import type { OrderDetail } from './OrderScreen.graphql';

export interface OrderActionValues {
  carrier: string;
  trackingCode: string;
  note: string;
  reason: string;
  amount: string;
}

export const ACTION_LABELS: Record<OrderActionName, string> = {
  markPaid: 'Confirmar pagamento',
  ship: 'Enviar',
  correctTracking: 'Corrigir rastreamento',
  deliver: 'Marcar como entregue',
  cancel: 'Cancelar pedido',
  refund: 'Reembolsar',
  addNote: 'Adicionar nota',
  resendLastMail: 'Reenviar último e-mail',
};

/** A field's refusal found before sending. */
export interface OrderActionProblem {
  field: string;
  message: string;
}

/** What is left to refund: paid less what was refunded. */
export function refundableCents(order: OrderDetail): number {
  return order.totalCents - (order.refundedCents ?? 0);
}

export function initialActionValues(
  action: OrderActionName,
  order: OrderDetail,
): OrderActionValues {
  const pickup = order.shippingMethodKind === 'PICKUP';
  const correcting = action === 'correctTracking';
  // Shipping with a label bought: its carrier and code are where to start.
  const bought = order.shippingLabel?.status === 'PURCHASED' ? order.shippingLabel : null;
  return {
    carrier: correcting
      ? (order.trackingCarrier ?? '')
      : pickup
        ? 'Retirada na loja'
        : (bought?.carrierName ?? 'Correios'),
    trackingCode: correcting ? (order.trackingCode ?? '') : (bought?.trackingCode ?? ''),
    note: '',
    reason: '',
    amount: moneyInputText(refundableCents(order)),
  };
}

/** The confirm button's words, and whether the action cannot be undone (red). */
export function confirmOf(
  action: OrderActionName,
  order: OrderDetail,
): { label: string; destructive: boolean } {
  const pickup = order.shippingMethodKind === 'PICKUP';
  switch (action) {
    case 'ship':
      return { label: pickup ? 'Avisar que está pronto' : 'Registrar envio', destructive: false };
    case 'correctTracking':
      return { label: 'Salvar correção', destructive: false };
    case 'cancel':
      return { label: 'Cancelar pedido', destructive: true };
    case 'refund':
      return { label: 'Reembolsar', destructive: true };
    case 'addNote':
      return { label: 'Adicionar', destructive: false };
    case 'resendLastMail':
      return { label: 'Reenviar', destructive: false };
    default:
      return { label: ACTION_LABELS[action], destructive: false };
  }
}

function trackingInput(
  action: 'ship' | 'correctTracking',
  order: OrderDetail,
  { carrier, trackingCode, note }: OrderActionValues,
): OrderActionInput | OrderActionProblem {
  const code = trackingCode.trim();
  if (!carrier.trim()) return { field: 'carrier', message: 'Informe a transportadora.' };
  if (!code && order.shippingMethodKind === 'PICKUP' && action === 'ship') {
    return { action, carrier: carrier.trim(), trackingCode: null, note: note.trim() || null };
  }
  // The server's rule (Correios: the S10 check digit), said at the field before sending.
  const checked = checkTrackingCode(carrier, code);
  if (!checked.ok) return { field: 'trackingCode', message: checked.message };
  if (
    action === 'correctTracking' &&
    carrier.trim() === order.trackingCarrier &&
    checked.code === order.trackingCode
  ) {
    return { field: 'trackingCode', message: 'Nada mudou: altere a transportadora ou o código.' };
  }
  return { action, carrier: carrier.trim(), trackingCode: checked.code, note: note.trim() || null };
}

function refundInput(
  order: OrderDetail,
  { amount, reason }: OrderActionValues,
): OrderActionInput | OrderActionProblem {
  const left = refundableCents(order);
  const cents = parseBRL(amount);
  if (cents === null || cents <= 0) {
    return { field: 'amountCents', message: 'Informe um valor em reais, como 49,90.' };
  }
  if (cents > left) {
    return {
      field: 'amountCents',
      message: `O valor máximo é ${formatBRL(left)} (pago menos o já reembolsado).`,
    };
  }
  if (!reason.trim()) return { field: 'reason', message: 'Informe o motivo do reembolso.' };
  return { action: 'refund', amountCents: cents, reason: reason.trim() };
}

/** The action's input from the typed values, or the first field to correct. */
export function orderActionInput(
  action: OrderActionName,
  order: OrderDetail,
  values: OrderActionValues,
): OrderActionInput | OrderActionProblem {
  switch (action) {
    case 'markPaid':
      return { action, note: values.note.trim() || null };
    case 'ship':
    case 'correctTracking':
      return trackingInput(action, order, values);
    case 'deliver':
    case 'resendLastMail':
      return { action };
    case 'cancel':
      if (!values.reason.trim()) {
        return { field: 'reason', message: 'Informe o motivo do cancelamento.' };
      }
      return { action, reason: values.reason.trim() };
    case 'refund':
      return refundInput(order, values);
    case 'addNote':
      if (!values.note.trim()) return { field: 'note', message: 'Escreva a nota.' };
      return { action, note: values.note.trim() };
  }
}
