// The shopper's e-mails after checkout (paid, shipped, canceled, refunded), in Portuguese, as
// HTML and plain text; a pickup order's say where and when to collect it. Pure: the caller
// enqueues them in the outbox inside its transaction.
import {
  formatBRL,
  isCorreiosCarrier,
  pickupPointView,
  pickupWhatToBring,
  type PickupPointSnapshot,
} from '@vitrine/rules';

export interface MailOrderLine {
  productName: string;
  variantLabel: string | null;
  quantity: number;
  lineTotalCents: number;
}

/** A pickup order's point, and whether the order is still to be collected. */
export interface MailPickup {
  point: PickupPointSnapshot;
  /** Awaiting payment, paid or ready: the mail says what to bring. */
  toCollect: boolean;
}

export interface MailOrder {
  number: string;
  customerName: string;
  customerEmail: string;
  totalCents: number;
  lines: readonly MailOrderLine[];
  /** Pickup orders: every mail says where the store is; null for a delivery. */
  pickup?: MailPickup | null;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailContext {
  storeName: string;
  /** Public origin of the store, without a trailing slash. */
  publicUrl: string;
}

const CORREIOS_TRACKING_URL = 'https://rastreamento.correios.com.br/app/index.php?objetos=';

/** The carrier's public tracking page for a code, when we know one (Correios: PAC, SEDEX...). */
export function trackingUrl(carrier: string, trackingCode: string): string | null {
  const code = trackingCode.trim();
  if (!code) return null;
  const isCorreios = isCorreiosCarrier(carrier) || /^[A-Z]{2}\d{9}[A-Z]{2}$/.test(code);
  return isCorreios ? `${CORREIOS_TRACKING_URL}${encodeURIComponent(code)}` : null;
}

export function escapeHtml(value: string): string {
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

function orderPageUrl(ctx: MailContext, order: MailOrder): string {
  return `${ctx.publicUrl}/pedido?numero=${encodeURIComponent(order.number)}`;
}

function linesText(order: MailOrder): string {
  return order.lines
    .map((line) => {
      const label = line.variantLabel ? ` (${line.variantLabel})` : '';
      return `- ${line.quantity} x ${line.productName}${label}: ${formatBRL(line.lineTotalCents)}`;
    })
    .join('\n');
}

function linesHtml(order: MailOrder): string {
  const rows = order.lines
    .map((line) => {
      const label = line.variantLabel ? ` <small>(${escapeHtml(line.variantLabel)})</small>` : '';
      return `<tr><td style="padding:4px 8px">${line.quantity} × ${escapeHtml(line.productName)}${label}</td><td style="padding:4px 8px;text-align:right">${escapeHtml(formatBRL(line.lineTotalCents))}</td></tr>`;
    })
    .join('');
  return `<table role="presentation" style="border-collapse:collapse;width:100%">${rows}<tr><td style="padding:4px 8px"><strong>Total</strong></td><td style="padding:4px 8px;text-align:right"><strong>${escapeHtml(formatBRL(order.totalCents))}</strong></td></tr></table>`;
}

/**
 * Where a pickup order is collected, as text and HTML: the address lines and hours and, while it
 * is still to be collected, what to bring and the store's instructions ('Onde retirar'); once it
 * was collected, canceled or refunded, only where the store is ('Loja de retirada').
 */
export function pickupMailBlock(
  pickup: MailPickup,
  orderNumber: string,
): { text: string; html: string } {
  const view = pickupPointView(pickup.point, orderNumber);
  const title = pickup.toCollect ? 'Onde retirar' : 'Loja de retirada';
  const hours = view.hours ? `Horário: ${view.hours.replace(/\n/g, '; ')}` : null;
  const extra = pickup.toCollect
    ? [view.whatToBring, ...(view.instructions ? [view.instructions] : [])]
    : [];
  const text = [`${title}:`, ...view.addressLines, ...(hours ? [hours] : []), ...extra].join('\n');
  const multiline = (value: string) => escapeHtml(value).replace(/\n/g, '<br>');
  const html = `<div style="border:1px solid #ddd;border-radius:6px;padding:12px 16px;margin:16px 0"><p style="margin:0 0 8px"><strong>${title}</strong></p><p style="margin:0">${view.addressLines.map(escapeHtml).join('<br>')}</p>${view.hours ? `<p style="margin:8px 0 0"><strong>Horário:</strong><br>${multiline(view.hours)}</p>` : ''}${pickup.toCollect ? `<p style="margin:8px 0 0"><strong>${escapeHtml(view.whatToBring)}</strong></p>${view.instructions ? `<p style="margin:8px 0 0">${multiline(view.instructions)}</p>` : ''}` : ''}</div>`;
  return { text, html };
}

function layout(ctx: MailContext, title: string, paragraphs: string[], order: MailOrder): string {
  const body = paragraphs.map((p) => `<p>${p}</p>`).join('');
  const pickup = order.pickup ? pickupMailBlock(order.pickup, order.number).html : '';
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:600px;margin:0 auto"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${pickup}${linesHtml(order)}<p><a href="${escapeHtml(orderPageUrl(ctx, order))}">Acompanhe seu pedido</a></p><p style="color:#666;font-size:12px">${escapeHtml(ctx.storeName)}</p></body></html>`;
}

function textFooter(ctx: MailContext, order: MailOrder): string {
  const pickup = order.pickup ? `\n\n${pickupMailBlock(order.pickup, order.number).text}` : '';
  return `${pickup}\n\nItens:\n${linesText(order)}\nTotal: ${formatBRL(order.totalCents)}\n\nAcompanhe seu pedido: ${orderPageUrl(ctx, order)}\n\n${ctx.storeName}\n`;
}

export function orderPaidMail(ctx: MailContext, order: MailOrder): MailMessage {
  const title = `Pagamento confirmado: pedido ${order.number}`;
  const greeting = `Olá, ${firstName(order.customerName)}!`;
  const message = order.pickup
    ? `Recebemos o pagamento do seu pedido ${order.number}. Agora vamos separar os produtos e avisaremos por e-mail quando ele estiver pronto para retirada.`
    : `Recebemos o pagamento do seu pedido ${order.number}. Agora vamos separar os produtos e avisaremos quando ele for enviado.`;
  return {
    to: order.customerEmail,
    subject: title,
    text: `${greeting}\n\n${message}${textFooter(ctx, order)}`,
    html: layout(ctx, title, [escapeHtml(greeting), escapeHtml(message)], order),
  };
}

export function orderShippedMail(
  ctx: MailContext,
  order: MailOrder,
  shipment: { carrier: string; trackingCode: string | null; pickup?: boolean },
): MailMessage {
  const greeting = `Olá, ${firstName(order.customerName)}!`;
  if (shipment.pickup) {
    const title = `Seu pedido ${order.number} está pronto para retirada`;
    // The point's block says where and what to bring; an order kept without one says it here.
    const message = `Seu pedido ${order.number} já pode ser retirado (${shipment.carrier}).${order.pickup ? '' : ` ${pickupWhatToBring(order.number)}`}`;
    return {
      to: order.customerEmail,
      subject: title,
      text: `${greeting}\n\n${message}${textFooter(ctx, order)}`,
      html: layout(ctx, title, [escapeHtml(greeting), escapeHtml(message)], order),
    };
  }
  const title = `Seu pedido ${order.number} foi enviado`;
  const code = shipment.trackingCode ?? '';
  const message = code
    ? `Seu pedido ${order.number} foi enviado por ${shipment.carrier}. Código de rastreamento: ${code}.`
    : `Seu pedido ${order.number} foi enviado por ${shipment.carrier}.`;
  const url = code ? trackingUrl(shipment.carrier, code) : null;
  const trackText = url ? `\nRastreie a entrega: ${url}` : '';
  const paragraphs = [escapeHtml(greeting), escapeHtml(message)];
  if (url) paragraphs.push(`<a href="${escapeHtml(url)}">Rastrear a entrega</a>`);
  else if (code)
    paragraphs.push('Use o código acima no site da transportadora para rastrear a entrega.');
  return {
    to: order.customerEmail,
    subject: title,
    text: `${greeting}\n\n${message}${trackText}${textFooter(ctx, order)}`,
    html: layout(ctx, title, paragraphs, order),
  };
}

/** A shipped order's carrier or tracking code was corrected by staff: the new code and link. */
export function orderTrackingCorrectedMail(
  ctx: MailContext,
  order: MailOrder,
  shipment: { carrier: string; trackingCode: string },
): MailMessage {
  const title = `Código de rastreamento corrigido — pedido ${order.number}`;
  const greeting = `Olá, ${firstName(order.customerName)}!`;
  const message = `Corrigimos o rastreamento do seu pedido ${order.number}: ele foi enviado por ${shipment.carrier} e o código certo é ${shipment.trackingCode}. Desconsidere o código do e-mail anterior.`;
  const url = trackingUrl(shipment.carrier, shipment.trackingCode);
  const paragraphs = [escapeHtml(greeting), escapeHtml(message)];
  if (url) paragraphs.push(`<a href="${escapeHtml(url)}">Rastrear a entrega</a>`);
  else paragraphs.push('Use o código acima no site da transportadora para rastrear a entrega.');
  return {
    to: order.customerEmail,
    subject: title,
    text: `${greeting}\n\n${message}${url ? `\nRastreie a entrega: ${url}` : ''}${textFooter(ctx, order)}`,
    html: layout(ctx, title, paragraphs, order),
  };
}

export function orderCanceledMail(
  ctx: MailContext,
  order: MailOrder,
  reason: string,
  wasPaid: boolean,
): MailMessage {
  const title = `Pedido ${order.number} cancelado`;
  const greeting = `Olá, ${firstName(order.customerName)}.`;
  const message = `Seu pedido ${order.number} foi cancelado. Motivo: ${reason}.`;
  const money = wasPaid
    ? 'Como o pagamento já tinha sido confirmado, entraremos em contato para a devolução do valor.'
    : 'Nenhum valor foi cobrado.';
  return {
    to: order.customerEmail,
    subject: title,
    text: `${greeting}\n\n${message}\n${money}${textFooter(ctx, order)}`,
    html: layout(ctx, title, [escapeHtml(greeting), escapeHtml(message), escapeHtml(money)], order),
  };
}

export function orderRefundedMail(
  ctx: MailContext,
  order: MailOrder,
  amountCents: number,
  full: boolean,
): MailMessage {
  const title = full
    ? `Reembolso do pedido ${order.number}`
    : `Reembolso parcial do pedido ${order.number}`;
  const greeting = `Olá, ${firstName(order.customerName)}.`;
  const message = `Fizemos um reembolso de ${formatBRL(amountCents)} referente ao pedido ${order.number}. O prazo para o valor aparecer depende da forma de pagamento.`;
  return {
    to: order.customerEmail,
    subject: title,
    text: `${greeting}\n\n${message}${textFooter(ctx, order)}`,
    html: layout(ctx, title, [escapeHtml(greeting), escapeHtml(message)], order),
  };
}
