// A shopper's personal data kept out of the places that outlive an LGPD anonymisation and are read
// by more people than the data's purpose needs: server logs, rate-limit keys (Redis) and audit
// entries. Masks for people to read, a hash for keys that only need to match.
import { createHash } from 'node:crypto';

/**
 * Mailbox providers shared by millions: an address's domain says nothing about its owner there.
 * Any other domain may (joana@brandao.adv.br), so it is masked too.
 */
const SHARED_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'hotmail.com',
  'hotmail.com.br',
  'outlook.com',
  'outlook.com.br',
  'live.com',
  'msn.com',
  'yahoo.com',
  'yahoo.com.br',
  'icloud.com',
  'me.com',
  'uol.com.br',
  'bol.com.br',
  'terra.com.br',
  'ig.com.br',
  'globo.com',
  'protonmail.com',
  'proton.me',
]);

/**
 * 'joana.silva@gmail.com' -> 'j***@gmail.com'; 'joana@brandao.adv.br' -> 'j***@***.adv.br' (the
 * domain kept only for shared mailbox providers, else its last labels).
 */
export function maskEmail(email: string): string {
  const address = email.trim();
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  const domain = address.slice(at + 1).toLowerCase();
  if (SHARED_MAIL_DOMAINS.has(domain)) return `${address.slice(0, 1)}***@${domain}`;
  const labels = domain.split('.');
  // '.com.br', '.adv.br', '.org': the public suffix, at most two labels, never the whole domain.
  const suffix = labels.slice(Math.max(1, labels.length - 2));
  return `${address.slice(0, 1)}***@***.${suffix.join('.')}`;
}

const EMAIL_IN_TEXT =
  /[^\s<>()[\]{}"',;:/\\=&?]+@[^\s<>()[\]{}"',;:/\\=&?]+\.[^\s<>()[\]{}"',;:/\\=&?.]+/g;
// A CPF (123.456.789-09, 12345678909) or a phone with its area code ((21) 99123-4567, 2199123456),
// never inside a longer run of digits (timestamps, ids).
const CPF_IN_TEXT = /(?<!\d)\d{3}[.\s]?\d{3}[.\s]?\d{3}[-.\s]?\d{2}(?!\d)/g;
const PHONE_IN_TEXT = /(?<!\d)(?:\+?55[\s-]?)?\(?\d{2}\)?[\s-]?9?\d{4}[\s.-]?\d{4}(?!\d)/g;

/**
 * A text with any e-mail address masked and any CPF- or phone-shaped number hidden: for free
 * texts that end up in logs (error messages, request URLs) whatever they were given.
 */
export function maskPersonalText(text: string): string {
  return text
    .replace(EMAIL_IN_TEXT, (address) => maskEmail(address))
    .replace(CPF_IN_TEXT, '[oculto]')
    .replace(PHONE_IN_TEXT, '[oculto]');
}

/**
 * The part of a rate-limit key that stands for an e-mail, CPF or phone: its SHA-256 (24
 * base64url characters). The key still tells two requests of one address apart from others; the
 * store (Redis, shared and readable by operations) never holds the address itself.
 */
export function personalKeyPart(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 24);
}
