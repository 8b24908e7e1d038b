// The LGPD anonymisation's text rules (customers.service.ts): the person's identifiers on their
// orders, and the scrubbers that cut them out of free texts and JSON records (names and each word
// of them with or without accents, e-mail addresses, street, CPF and phone with any punctuation).
import type { PersonIdentifiers } from './customers.lgpd.repository';
import type { CustomerOrderRow } from './customers.repository';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A word as a pattern that also matches it without accents ('Brandão' finds 'BRANDAO'). */
function accentTolerant(text: string): string {
  return [...text]
    .map((char) => {
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      return base !== char && base.length === 1
        ? `[${escapeRegExp(char)}${escapeRegExp(base)}]`
        : escapeRegExp(char);
    })
    .join('');
}

export function identifiersOf(rows: CustomerOrderRow[]): PersonIdentifiers {
  const emails = new Set<string>();
  const names = new Set<string>();
  const digits = new Set<string>();
  for (const row of rows) {
    if (row.customerEmail.trim() !== '') emails.add(row.customerEmail.trim().toLowerCase());
    const name = row.customerName.trim().replace(/\s+/g, ' ');
    if (name.length >= 3) names.add(name);
    if (row.customerCpf.length >= 8) digits.add(row.customerCpf);
    if (row.customerPhone.length >= 8) {
      digits.add(row.customerPhone);
      digits.add(row.customerPhone.slice(2));
    }
  }
  return { emails: [...emails], names: [...names], digits: [...digits] };
}

/** Digits with any punctuation between them (123.456.789-09, (21) 99123-4567), never inside a longer number. */
function digitsPattern(digits: string): RegExp {
  return new RegExp(`(?<!\\d)${digits.split('').join('[\\s.()/-]*')}(?!\\d)`, 'g');
}

function wordsPattern(words: string[]): RegExp | null {
  const list = [...new Set(words.filter((word) => word !== ''))].sort(
    (a, b) => b.length - a.length,
  );
  if (list.length === 0) return null;
  // Whole words only ('Ana' is cut out of 'Ana ligou', not out of 'Banana').
  return new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${list.map(accentTolerant).join('|')})(?![\\p{L}\\p{N}])`,
    'giu',
  );
}

function scrubberOf(patterns: (RegExp | null)[]): (text: string) => string {
  const list = patterns.filter((pattern): pattern is RegExp => pattern !== null);
  return (text: string) =>
    list.reduce((current, pattern) => current.replace(pattern, '[removido]'), text);
}

/**
 * Removes the person's data from a text about their orders: each name and each word of it (3
 * letters or more, with or without accents), e-mail addresses and their local parts, street,
 * complement and district, CPF and phone with or without punctuation.
 */
export function personalDataScrubber(rows: CustomerOrderRow[]): (text: string) => string {
  const ids = identifiersOf(rows);
  const words = [...ids.emails, ...ids.names];
  for (const email of ids.emails) {
    const local = email.slice(0, email.lastIndexOf('@'));
    if (local.length >= 4) words.push(local);
  }
  for (const row of rows) {
    for (const word of row.customerName.split(/\s+/)) if (word.length >= 3) words.push(word);
    for (const part of [row.street, row.complement ?? '', row.district]) {
      if (part.trim().length >= 4) words.push(part.trim());
    }
  }
  return scrubberOf([wordsPattern(words), ...ids.digits.map(digitsPattern)]);
}

/**
 * Removes only what names the person beyond doubt (a whole name, an e-mail address, CPF, phone),
 * for texts not about their orders, where a first name alone may be someone else's.
 */
export function strongScrubber(ids: PersonIdentifiers): (text: string) => string {
  return scrubberOf([
    wordsPattern([...ids.emails, ...ids.names]),
    ...ids.digits.map(digitsPattern),
  ]);
}

/** A JSON text with `scrub` applied to its string values (keys and structure stay). */
export function scrubJson(text: string, scrub: (text: string) => string): string {
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return scrub(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item)]));
    }
    return value;
  };
  const next = JSON.stringify(walk(JSON.parse(text)));
  // Unchanged values answer the text as it was (no rewrite of an untouched row).
  return next === JSON.stringify(JSON.parse(text)) ? text : next;
}
