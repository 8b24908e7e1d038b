// The orders CSV as Excel in Brazil opens it: ';' separated, CRLF, decimal comma, dd/mm/aaaa and
// HH:mm in São Paulo's time, quoted cells where needed, and no cell that a spreadsheet would run
// as a formula (a leading ' when a cell starts with = + - @, a tab or a carriage return).
import {
  formatCpf,
  FULFILMENT_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
} from '@vitrine/rules';
import type { StaffPrincipal } from '../../graphql/context';
import { csvLine, saoPauloDate, saoPauloTime } from '../../lib/csv';
import { brandShare, maskedCpf } from '../orders/orders.staff.service';
import type { OrderLineRow, OrderRow } from '../orders/orders.tables';

export { CSV_BOM, CSV_NEWLINE, CSV_SEPARATOR, csvCell, csvLine } from '../../lib/csv';

export const ORDER_CSV_COLUMNS = [
  'Pedido',
  'Data',
  'Hora',
  'Cliente',
  'E-mail',
  'CPF',
  'Marcas',
  'Itens',
  'Subtotal',
  'Desconto',
  'Frete',
  'Total',
  'Reembolsado',
  'Pagamento',
  'Status do pagamento',
  'Status do envio',
  'Status',
  'Cidade',
  'UF',
  'Rastreio',
] as const;

const STATUS: Record<OrderRow['status'], string> = ORDER_STATUS_LABELS;
const PAYMENT_STATUS: Record<OrderRow['paymentStatus'], string> = PAYMENT_STATUS_LABELS;
const FULFILMENT_STATUS: Record<OrderRow['fulfilmentStatus'], string> = FULFILMENT_STATUS_LABELS;
const PAYMENT_METHOD: Record<OrderRow['paymentMethod'], string> = {
  PIX: 'Pix',
  CARD: 'Cartão',
  BOLETO: 'Boleto',
};

/** Centavos with a decimal comma and no thousands separator: 123456 -> '1234,56'. */
export function decimalComma(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

export { saoPauloDate, saoPauloIsoDay, saoPauloTime } from '../../lib/csv';

/**
 * An order's row as `principal` may see it (the GraphQL rules): a BRAND_MANAGER gets their lines
 * and their share of the money of an order that mixes brands (no shipping then), no e-mail and
 * no CPF; SUPPORT a masked CPF; ADMIN all of it. Desconto is the coupon plus the Pix discount, so
 * Subtotal - Desconto + Frete = Total.
 */
export function orderCsvLine(
  principal: StaffPrincipal,
  order: OrderRow,
  lines: OrderLineRow[],
): string {
  const share = brandShare(principal, order, lines);
  const manager = principal.role === 'BRAND_MANAGER';
  const visible = share ? share.lines : lines;
  const money = share
    ? {
        subtotal: share.subtotalCents,
        discount: share.discountCents + share.pixDiscountCents,
        shipping: null,
        total: share.totalCents,
      }
    : {
        subtotal: order.subtotalCents,
        discount: order.discountCents + order.pixDiscountCents,
        shipping: order.shippingCents,
        total: order.totalCents,
      };
  const brands = [...new Set(visible.map((line) => line.brandName).filter(Boolean))];
  return csvLine([
    order.number,
    saoPauloDate(order.createdAt),
    saoPauloTime(order.createdAt),
    order.customerName,
    manager ? '' : order.customerEmail,
    principal.role === 'ADMIN'
      ? formatCpf(order.customerCpf)
      : manager
        ? ''
        : maskedCpf(order.customerCpf),
    brands.join(', '),
    visible.reduce((sum, line) => sum + line.quantity, 0),
    decimalComma(money.subtotal),
    decimalComma(money.discount),
    money.shipping === null ? '' : decimalComma(money.shipping),
    decimalComma(money.total),
    // The refunds so far, as the order's page shows them (empty for a brand manager's share).
    share ? '' : decimalComma(order.refundedCents ?? 0),
    PAYMENT_METHOD[order.paymentMethod],
    PAYMENT_STATUS[order.paymentStatus],
    FULFILMENT_STATUS[order.fulfilmentStatus],
    STATUS[order.status],
    order.city,
    order.uf,
    order.trackingCode ?? '',
  ]);
}
