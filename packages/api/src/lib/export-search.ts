// The search of a CSV export (orders, audit log) is never stored in clear. Its ticket keeps it
// sealed under a key derived from the ticket itself, which only the download URL carries (the
// table keeps the ticket's SHA-256, a different derivation): the download opens it, and the
// ticket's row then keeps only what kind of search it was. The audit entry of the export says the
// kind too (busca por CPF, por e-mail...), never the words. A ticket never downloaded keeps a
// sealed value nobody can open once its URL is gone.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

export type SearchKind = 'email' | 'cpf' | 'phone' | 'number' | 'digits' | 'text';

/** What an audit entry or a used ticket keeps of a search. */
export interface SearchDescription {
  kind: SearchKind;
  /** Only for an order number ('VT-10023'): a number names no person. */
  number?: string;
}

/** A ticket's search: its description and, until the download, the sealed words. */
export interface StoredSearch extends SearchDescription {
  sealed?: string;
}

const KIND_LABELS: Record<SearchKind, string> = {
  email: 'e-mail',
  cpf: 'CPF',
  phone: 'telefone',
  number: 'número do pedido',
  digits: 'números',
  text: 'texto',
};

const CPF_SHAPE = /^\d{3}[.\s]?\d{3}[.\s]?\d{3}[-\s]?\d{2}$/;
const PREFIXED_NUMBER = /^vt[\s-]?(\d{1,15})$/i;
// Bare digits up to 7 are an order number; longer runs may be part of a CPF or a phone.
const BARE_NUMBER = /^(\d{1,7})$/;
const PHONE_CHARS = /^[\d\s().+-]+$/;

/** The kind of a search from its shape (a whole e-mail, a CPF, a phone, an order number...). */
export function describeSearch(search: string): SearchDescription {
  const text = search.trim();
  if (text.includes('@')) return { kind: 'email' };
  if (CPF_SHAPE.test(text)) return { kind: 'cpf' };
  const number = PREFIXED_NUMBER.exec(text)?.[1] ?? BARE_NUMBER.exec(text)?.[1];
  if (number) return { kind: 'number', number: `VT-${Number(number)}` };
  if (PHONE_CHARS.test(text)) {
    const digits = text.replace(/\D/g, '').length;
    return { kind: digits >= 10 && digits <= 13 ? 'phone' : 'digits' };
  }
  return { kind: 'text' };
}

/** 'busca por CPF', 'busca por número do pedido VT-10023'. */
export function searchLabel(description: SearchDescription): string {
  const label = KIND_LABELS[description.kind] ?? 'texto';
  return description.number ? `busca por ${label} ${description.number}` : `busca por ${label}`;
}

function keyOf(ticket: string): Buffer {
  return createHmac('sha256', ticket).update('vitrine export search v1').digest();
}

/** The search sealed under the ticket's key (AES-256-GCM): 'v1.<iv, tag and ciphertext>'. */
export function sealSearch(ticket: string, search: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(ticket), iv);
  const body = Buffer.concat([cipher.update(search, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The sealed search opened with the ticket; null when it is not this ticket's (or altered). */
export function openSearch(ticket: string, sealed: string): string | null {
  if (!sealed.startsWith('v1.')) return null;
  const bytes = Buffer.from(sealed.slice(3), 'base64url');
  if (bytes.length < 28) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(ticket), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** What a new ticket stores of its search (null: no search). */
export function storeSearch(
  ticket: string,
  search: string | null | undefined,
): StoredSearch | null {
  if (typeof search !== 'string' || search.trim() === '') return null;
  return { ...describeSearch(search), sealed: sealSearch(ticket, search) };
}

/**
 * The search of a redeemed ticket: undefined when it had none; null when it had one that cannot
 * be opened (the ticket is then refused, never run without its search).
 */
export function openStoredSearch(ticket: string, stored: unknown): string | null | undefined {
  if (stored === null || stored === undefined) return undefined;
  const sealed = (stored as StoredSearch).sealed;
  return typeof sealed === 'string' ? openSearch(ticket, sealed) : null;
}

/**
 * A filter as an audit entry keeps it: the values that were set (null, '' and absent ones say
 * nothing), the search replaced by its description (`{kind: 'cpf'}`) unless `keepSearchWords`
 * (catalog words); `searchLabel` is the summary's words for a described search.
 */
export function auditedFilter(
  filter: unknown,
  options: { keepSearchWords?: boolean } = {},
): { filter: Record<string, unknown>; searchLabel: string | null } {
  if (!filter || typeof filter !== 'object') return { filter: {}, searchLabel: null };
  const set = Object.fromEntries(
    Object.entries(filter as Record<string, unknown>).filter(
      ([, value]) => value !== null && value !== undefined && value !== '',
    ),
  );
  if (typeof set.search !== 'string' || options.keepSearchWords) {
    return { filter: set, searchLabel: null };
  }
  const description = describeSearch(set.search);
  return { filter: { ...set, search: description }, searchLabel: searchLabel(description) };
}
