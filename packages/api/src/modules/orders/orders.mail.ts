// The shopper's e-mails after checkout (paid, shipped, canceled, refunded), in Portuguese, as
// HTML and plain text. Pure: the caller enqueues them in the outbox inside its transaction.
import { formatBRL } from '@vitrine/rules';

export interface MailOrderLine {
  productName: string;
  variantLabel: string | null;
  quantity: number;
  lineTotalCents: number;
}

export interface MailOrder {
  number: string;
  customerName: string;
  customerEmail: string;
  totalCents: number;
  lines: readonly MailOrderLine[];
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
  const isCorreios =
    /correios|pac|sedex|carta registrada/i.test(carrier) || /^[A-Z]{2}\d{9}[A-Z]{2}$/.test(code);
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

function layout(ctx: MailContext, title: string, paragraphs: string[], order: MailOrder): string {
  const body = paragraphs.map((p) => `<p>${p}</p>`).join('');
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:600px;margin:0 auto"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${linesHtml(order)}<p><a href="${escapeHtml(orderPageUrl(ctx, order))}">Acompanhe seu pedido</a></p><p style="color:#666;font-size:12px">${escapeHtml(ctx.storeName)}</p></body></html>`;
}

function textFooter(ctx: MailContext, order: MailOrder): string {
  return `\n\nItens:\n${linesText(order)}\nTotal: ${formatBRL(order.totalCents)}\n\nAcompanhe seu pedido: ${orderPageUrl(ctx, order)}\n\n${ctx.storeName}\n`;
}

export function orderPaidMail(ctx: MailContext, order: MailOrder): MailMessage {
  const title = `Pagamento confirmado: pedido ${order.number}`;
  const greeting = `Olá, ${firstName(order.customerName)}!`;
  const message = `Recebemos o pagamento do seu pedido ${order.number}. Agora vamos separar os produtos e avisaremos quando ele for enviado.`;
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
    const message = `Seu pedido ${order.number} já pode ser retirado (${shipment.carrier}). Leve um documento com foto e o número do pedido.`;
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
