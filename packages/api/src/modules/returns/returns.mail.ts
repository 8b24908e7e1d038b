// The returns' e-mails, in Portuguese, as HTML and plain text: to the shopper when she asks
// ("recebemos seu pedido de devolução"), when the code to post the parcel is issued, when the
// store refuses it and when the goods are back (with the refund); to the store when a return is
// asked. Pure: the caller enqueues them in the outbox inside its transaction.
import { formatBRL, formatDay } from '@vitrine/rules';
import { escapeHtml, type MailContext, type MailMessage } from '../orders/orders.mail';
import type { PaymentMethodCode } from '../orders/orders.tables';

export interface ReturnMailOrder {
  id: string;
  number: string;
  customerName: string;
  customerEmail: string;
  paymentMethod: PaymentMethodCode;
}

export interface ReturnMailReturn {
  number: number;
  reason: string;
  refundCents: number;
  shippingRefundCents: number;
  lines: readonly { productName: string; variantLabel: string; quantity: number }[];
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

function trackingPage(ctx: MailContext, order: ReturnMailOrder): string {
  return `${ctx.publicUrl}/pedido?numero=${encodeURIComponent(order.number)}`;
}

function itemsText(ret: ReturnMailReturn): string {
  return ret.lines
    .map((line) => {
      const label = line.variantLabel ? ` (${line.variantLabel})` : '';
      return `- ${line.quantity} x ${line.productName}${label}`;
    })
    .join('\n');
}

function itemsHtml(ret: ReturnMailReturn): string {
  const items = ret.lines
    .map((line) => {
      const label = line.variantLabel ? ` <small>(${escapeHtml(line.variantLabel)})</small>` : '';
      return `<li>${line.quantity} × ${escapeHtml(line.productName)}${label}</li>`;
    })
    .join('');
  return `<ul>${items}</ul>`;
}

function refundText(ret: ReturnMailReturn): string {
  const shipping = ret.shippingRefundCents > 0 ? ' (frete incluído)' : '';
  return `${formatBRL(ret.refundCents)}${shipping}`;
}

/** How the money goes back, by the way it was paid. */
export function refundWayText(method: PaymentMethodCode): string {
  switch (method) {
    case 'PIX':
      return 'por Pix, para a conta de onde veio o pagamento';
    case 'CARD':
      return 'como estorno no cartão: aparece na fatura atual ou na seguinte, conforme a data de fechamento';
    case 'BOLETO':
      return 'por depósito na conta bancária ou chave Pix do titular do pedido que você nos indicar respondendo este e-mail';
  }
}

function message(
  ctx: MailContext,
  to: string,
  title: string,
  paragraphs: string[],
  ret: ReturnMailReturn,
  link: { href: string; label: string },
): MailMessage {
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:600px;margin:0 auto"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<p><strong>Produtos da devolução:</strong></p>${itemsHtml(ret)}<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p><p style="color:#666;font-size:12px">${escapeHtml(ctx.storeName)}</p></body></html>`;
  const text = `${paragraphs.join('\n\n')}\n\nProdutos da devolução:\n${itemsText(ret)}\n\n${link.label}: ${link.href}\n\n${ctx.storeName}\n`;
  return { to, subject: title, text, html };
}

/** To the shopper, as soon as she asked: what comes back, the refund, what happens next. */
export function returnRequestedMail(
  ctx: MailContext,
  order: ReturnMailOrder,
  ret: ReturnMailReturn,
  carrierLabel: string | null,
): MailMessage {
  const next = carrierLabel
    ? `Em instantes você recebe outro e-mail com o código de autorização dos ${carrierLabel} para postar o pacote, sem custo para você.`
    : 'Em até 2 dias úteis enviamos por e-mail o código de postagem e as instruções para mandar o pacote, sem custo para você.';
  return message(
    ctx,
    order.customerEmail,
    `Recebemos seu pedido de devolução — pedido ${order.number}`,
    [
      `Olá, ${firstName(order.customerName)}!`,
      `Recebemos seu pedido de devolução dos produtos abaixo (pedido ${order.number}). Motivo: ${ret.reason}.`,
      next,
      `Quando os produtos chegarem, devolvemos ${refundText(ret)} ${refundWayText(order.paymentMethod)}.`,
    ],
    ret,
    { href: trackingPage(ctx, order), label: 'Acompanhe sua devolução' },
  );
}

/** To the store's contact address: a return to handle. */
export function returnStoreMail(
  ctx: MailContext,
  to: string,
  order: ReturnMailOrder,
  ret: ReturnMailReturn,
): MailMessage {
  return message(
    ctx,
    to,
    `Nova devolução no pedido ${order.number}`,
    [
      `${order.customerName} pediu a devolução ${ret.number} do pedido ${order.number} (direito de arrependimento). Motivo: ${ret.reason}.`,
      `Reembolso previsto quando os produtos chegarem: ${refundText(ret)}.`,
    ],
    ret,
    { href: `${ctx.publicUrl}/dashboard/pedidos/${order.id}`, label: 'Abrir o pedido no painel' },
  );
}

/** To the shopper: the code to post the parcel, until when, and how. */
export function returnCodeMail(
  ctx: MailContext,
  order: ReturnMailOrder,
  ret: ReturnMailReturn,
  code: {
    carrierLabel: string | null;
    authorizationCode: string;
    expiresAt: Date | null;
    labelUrl: string | null;
    instructions: string;
  },
): MailMessage {
  const where = code.carrierLabel ? ` dos ${code.carrierLabel}` : '';
  const until = code.expiresAt ? ` Use-o até ${formatDay(code.expiresAt)}.` : '';
  const label = code.labelUrl ? ` Imprima a etiqueta: ${code.labelUrl}` : '';
  return message(
    ctx,
    order.customerEmail,
    `Código para postar sua devolução — pedido ${order.number}`,
    [
      `Olá, ${firstName(order.customerName)}!`,
      `O código de autorização de postagem${where} da sua devolução é ${code.authorizationCode}.${until}${label}`,
      code.instructions,
      `Quando os produtos chegarem, devolvemos ${refundText(ret)} ${refundWayText(order.paymentMethod)}.`,
    ],
    ret,
    { href: trackingPage(ctx, order), label: 'Acompanhe sua devolução' },
  );
}

/** To the shopper: the store did not accept the return, and why. */
export function returnRejectedMail(
  ctx: MailContext,
  order: ReturnMailOrder,
  ret: ReturnMailReturn,
  reason: string,
): MailMessage {
  return message(
    ctx,
    order.customerEmail,
    `Sua devolução do pedido ${order.number} não foi aceita`,
    [
      `Olá, ${firstName(order.customerName)}.`,
      `Não aceitamos a devolução dos produtos abaixo do pedido ${order.number}. Motivo: ${reason}.`,
      'Se discordar ou tiver dúvidas, responda este e-mail: vamos conversar.',
    ],
    ret,
    {
      href: `${ctx.publicUrl}/trocas-e-devolucoes`,
      label: 'Veja a política de trocas e devoluções',
    },
  );
}

/** To the shopper: the goods are back, and the money goes back (when any is left to refund). */
export function returnReceivedMail(
  ctx: MailContext,
  order: ReturnMailOrder,
  ret: ReturnMailReturn,
): MailMessage {
  const money =
    ret.refundCents > 0
      ? `Fizemos o reembolso de ${refundText(ret)} ${refundWayText(order.paymentMethod)}.`
      : 'Não havia valor a reembolsar: o pedido já tinha sido reembolsado.';
  return message(
    ctx,
    order.customerEmail,
    ret.refundCents > 0
      ? `Devolução recebida e reembolso feito — pedido ${order.number}`
      : `Devolução recebida — pedido ${order.number}`,
    [
      `Olá, ${firstName(order.customerName)}!`,
      `Os produtos abaixo da sua devolução (pedido ${order.number}) chegaram à loja.`,
      money,
    ],
    ret,
    { href: trackingPage(ctx, order), label: 'Acompanhe seu pedido' },
  );
}
