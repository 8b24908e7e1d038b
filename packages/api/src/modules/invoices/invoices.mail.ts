// 'Sua nota fiscal': the shopper's mail once the invoice is authorised (after the paid or shipped
// mail, which went out before SEFAZ answered), with the DANFE (PDF) and XML links. Pure.
import { escapeHtml, type MailContext, type MailMessage } from '../orders/orders.mail';

export interface InvoiceMailInput {
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  invoiceNumber: number;
  series: number;
  accessKey: string;
  danfeUrl: string;
  xmlUrl: string;
}

export function invoiceAuthorizedMail(ctx: MailContext, input: InvoiceMailInput): MailMessage {
  const first = input.customerName.trim().split(/\s+/)[0] ?? input.customerName;
  const title = `Sua nota fiscal do pedido ${input.orderNumber}`;
  const greeting = `Olá, ${first}!`;
  const message = `A nota fiscal eletrônica (NF-e ${input.invoiceNumber}, série ${input.series}) do seu pedido ${input.orderNumber} foi autorizada pela SEFAZ.`;
  const key = `Chave de acesso: ${input.accessKey.replace(/(\d{4})(?=\d)/g, '$1 ')}`;
  const orderUrl = `${ctx.publicUrl}/pedido?numero=${encodeURIComponent(input.orderNumber)}`;
  const text = `${greeting}\n\n${message}\n${key}\n\nDANFE (PDF): ${input.danfeUrl}\nXML: ${input.xmlUrl}\n\nAcompanhe seu pedido: ${orderUrl}\n\n${ctx.storeName}\n`;
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${label}</a>`;
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:600px;margin:0 auto"><h1 style="font-size:20px">${escapeHtml(title)}</h1><p>${escapeHtml(greeting)}</p><p>${escapeHtml(message)}</p><p style="font-family:monospace">${escapeHtml(key)}</p><p>${link(input.danfeUrl, 'Baixar o DANFE (PDF)')} · ${link(input.xmlUrl, 'Baixar o XML')}</p><p>${link(orderUrl, 'Acompanhe seu pedido')}</p><p style="color:#666;font-size:12px">${escapeHtml(ctx.storeName)}</p></body></html>`;
  return { to: input.customerEmail, subject: title, text, html };
}
