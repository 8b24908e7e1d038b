// The "order received" e-mail (Portuguese, HTML and plain text) with the Pix code to pay and, for a
// pickup, where, when and with what to collect it; and its insertion in the mail outbox inside the
// order transaction: committed with the order, delivered after commit by the outbox worker, so a
// mail failure never loses an order.
import type { Executor } from '../../db';
import { describeOrderInstallments, formatBRL, pickupWhatToBring } from '@vitrine/rules';
import { formatDateTimeIn } from '../../lib/dates';
import { pickupMailBlock } from '../orders/orders.mail';
import type { OrderLineRow, OrderRow } from '../orders/orders.tables';
import { insertOrderMail } from './checkout.mail.repository';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface StoreMailContext {
  storeName: string;
  /** Public origin of the store, without a trailing slash. */
  publicUrl: string;
  timeZone?: string;
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export function orderTrackingUrl(publicUrl: string, number: string): string {
  return `${publicUrl}/pedido?numero=${encodeURIComponent(number)}`;
}

type MailOrder = Pick<
  OrderRow,
  | 'number'
  | 'customerName'
  | 'customerEmail'
  | 'subtotalCents'
  | 'discountCents'
  | 'pixDiscountCents'
  | 'shippingCents'
  | 'totalCents'
  | 'paymentMethod'
  | 'installments'
  | 'interestCents'
  | 'pixCode'
  | 'pixExpiresAt'
  | 'shippingMethodName'
  | 'shippingMethodKind'
  | 'shippingBusinessDays'
  | 'pickupPoint'
  | 'street'
  | 'streetNumber'
  | 'complement'
  | 'district'
  | 'city'
  | 'uf'
  | 'postalCode'
>;
type MailLine = Pick<OrderLineRow, 'productName' | 'variantLabel' | 'quantity' | 'lineTotalCents'>;

function totalsRows(order: MailOrder): Array<[string, string]> {
  const rows: Array<[string, string]> = [['Subtotal', formatBRL(order.subtotalCents)]];
  if (order.discountCents > 0) rows.push(['Cupom', `- ${formatBRL(order.discountCents)}`]);
  if (order.pixDiscountCents > 0) {
    rows.push(['Desconto Pix', `- ${formatBRL(order.pixDiscountCents)}`]);
  }
  rows.push([
    `Frete (${order.shippingMethodName})`,
    order.shippingCents === 0 ? 'Grátis' : formatBRL(order.shippingCents),
  ]);
  if (order.interestCents > 0) {
    rows.push([`Juros do parcelamento (${order.installments}x)`, formatBRL(order.interestCents)]);
  }
  rows.push(['Total', formatBRL(order.totalCents)]);
  return rows;
}

function addressText(order: MailOrder): string {
  const complement = order.complement ? `, ${order.complement}` : '';
  const cep = `${order.postalCode.slice(0, 5)}-${order.postalCode.slice(5)}`;
  return `${order.street}, ${order.streetNumber}${complement} - ${order.district}, ${order.city}/${order.uf}, CEP ${cep}`;
}

/** The mail sent when an order is placed; includes the Pix code while the order awaits payment. */
export function orderPlacedMail(
  ctx: StoreMailContext,
  order: MailOrder,
  lines: readonly MailLine[],
): OutgoingMail {
  const timeZone = ctx.timeZone ?? 'America/Sao_Paulo';
  const title = `Recebemos seu pedido ${order.number}`;
  const greeting = `Olá, ${firstName(order.customerName)}!`;
  const intro = `Obrigado pela compra. Recebemos seu pedido ${order.number} e ele aguarda o pagamento.`;
  const url = orderTrackingUrl(ctx.publicUrl, order.number);
  const deliveryText =
    order.shippingMethodKind === 'pickup'
      ? `${order.shippingMethodName}: pronto para retirada em até ${order.shippingBusinessDays} dia(s) útil(eis) após a confirmação do pagamento. Avisaremos por e-mail quando estiver pronto.`
      : `Entrega por ${order.shippingMethodName} em até ${order.shippingBusinessDays} dia(s) útil(eis) após a confirmação do pagamento, no endereço: ${addressText(order)}.`;
  // Where and when to collect it, and what to bring (a pickup kept without a point: what to bring).
  const pickup =
    order.shippingMethodKind !== 'pickup'
      ? null
      : order.pickupPoint
        ? pickupMailBlock({ point: order.pickupPoint, toCollect: true }, order.number)
        : {
            text: pickupWhatToBring(order.number),
            html: `<p>${escapeHtml(pickupWhatToBring(order.number))}</p>`,
          };

  const pixExpiry = order.pixExpiresAt ? formatDateTimeIn(order.pixExpiresAt, timeZone) : null;
  const pixIntro =
    order.paymentMethod === 'PIX' && order.pixCode
      ? `Para pagar com Pix, abra o app do seu banco, escolha "Pix copia e cola" e cole o código abaixo. Valor: ${formatBRL(order.totalCents)}.${pixExpiry ? ` O código vale até ${pixExpiry}; depois disso o pedido é cancelado automaticamente.` : ''}`
      : null;
  // Card and boleto are paid on the order's page (orderPay), through the gateway.
  const cardPlan = describeOrderInstallments(order);
  const payText =
    order.paymentMethod === 'CARD'
      ? `Para concluir, pague com cartão de crédito na página do pedido: ${formatBRL(order.totalCents)}${cardPlan ? ` em ${cardPlan}` : ''}${order.interestCents > 0 ? ` (juros de ${formatBRL(order.interestCents)} incluídos)` : ''}.`
      : order.paymentMethod === 'BOLETO'
        ? `Para concluir, gere o boleto na página do pedido: ${formatBRL(order.totalCents)}. Sem o pagamento, o pedido é cancelado dois dias após o vencimento.`
        : null;

  const linesText = lines
    .map((line) => {
      const label = line.variantLabel ? ` (${line.variantLabel})` : '';
      return `- ${line.quantity} x ${line.productName}${label}: ${formatBRL(line.lineTotalCents)}`;
    })
    .join('\n');
  const totalsText = totalsRows(order)
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');
  const text = [
    greeting,
    '',
    intro,
    ...(pixIntro ? ['', pixIntro, '', order.pixCode!] : []),
    ...(payText ? ['', payText] : []),
    '',
    'Itens:',
    linesText,
    '',
    totalsText,
    '',
    deliveryText,
    ...(pickup ? ['', pickup.text] : []),
    '',
    `Acompanhe seu pedido: ${url}`,
    '',
    ctx.storeName,
    '',
  ].join('\n');

  const cell = 'padding:4px 8px';
  const lineRows = lines
    .map((line) => {
      const label = line.variantLabel ? ` <small>(${escapeHtml(line.variantLabel)})</small>` : '';
      return `<tr><td style="${cell}">${line.quantity} × ${escapeHtml(line.productName)}${label}</td><td style="${cell};text-align:right">${escapeHtml(formatBRL(line.lineTotalCents))}</td></tr>`;
    })
    .join('');
  const totalRows = totalsRows(order)
    .map(([label, value], i, all) => {
      const strong = i === all.length - 1;
      const wrap = (s: string) => (strong ? `<strong>${s}</strong>` : s);
      return `<tr><td style="${cell}">${wrap(escapeHtml(label))}</td><td style="${cell};text-align:right">${wrap(escapeHtml(value))}</td></tr>`;
    })
    .join('');
  const pixHtml = pixIntro
    ? `<p>${escapeHtml(pixIntro)}</p><p style="font-family:monospace;word-break:break-all;background:#f4f4f4;padding:12px;border-radius:4px">${escapeHtml(order.pixCode!)}</p>`
    : payText
      ? `<p>${escapeHtml(payText)}</p>`
      : '';
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:600px;margin:0 auto"><h1 style="font-size:20px">${escapeHtml(title)}</h1><p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>${pixHtml}<table role="presentation" style="border-collapse:collapse;width:100%">${lineRows}${totalRows}</table><p>${escapeHtml(deliveryText)}</p>${pickup ? pickup.html : ''}<p><a href="${escapeHtml(url)}">Acompanhe seu pedido</a></p><p style="color:#666;font-size:12px">${escapeHtml(ctx.storeName)}</p></body></html>`;

  return { to: order.customerEmail, subject: title, text, html };
}

/** Writes the mail to the outbox in the caller's transaction. */
export async function enqueueMail(tx: Executor, mail: OutgoingMail): Promise<void> {
  await insertOrderMail(tx, mail);
}
