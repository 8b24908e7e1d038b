// The payer's name in a received Pix's statement line, as Brazilian banks write it, and whether it
// agrees with an order's customer name. Banks put the name, not the charge's txid:
//   Nubank    "Transferência recebida pelo Pix - MARIA JOSÉ DA CONCEIÇÃO - •••.456.789-•• - BCO ..."
//   BB        "Pix - Recebido · 05/11 12:03 00012345678 MARIA JOSE DA CONCEICAO"
//   Bradesco  "TRANSFERENCIA PIX · REM: MARIA JOSE DA CONC 05/11"
//   Itaú      "PIX RECEBIDO MARIA JOSE DA C 05/11" (names cut to the line's width)
//   Inter     "Pix recebido · Cp :00000000-MARIA JOSE DA CONCEICAO"
//   C6        "Pix recebido de MARIA JOSE DA CONCEICAO"
//   Santander "PIX RECEBIDO MARIA JOSE DA CONCEICAO", Caixa "CRED PIX · MARIA JOSE DA CONCEIC"
// Pure functions (the server's statement parser and the ui's mock share them), tested against
// each bank's fixture (packages/api/src/modules/reconciliation/fixtures/bancos).
import { foldText } from './catalog';

const NAME_MAX = 200;

// Words of the banks' phrases around the name (folded), never part of a person's name.
const NOISE = new Set([
  'pix',
  'transferencia',
  'transf',
  'recebida',
  'recebido',
  'recebimento',
  'pelo',
  'pela',
  'via',
  'cred',
  'credito',
  'rem',
  'remetente',
  'de',
  'ted',
  'doc',
  'qr',
  'code',
  'chave',
  'cp',
  'pagador',
  'origem',
]);

// A segment that names a bank or an institution, not the payer.
const INSTITUTION =
  /\b(banco|bco|s\.a|s\/a|ltda|instituicao|pagamentos|ip|agencia|conta|nu pagamentos|itau|bradesco|santander|caixa|inter|c6|sicoob|sicredi|mercado pago|picpay)\b/;

const CONNECTORS = new Set(['de', 'da', 'do', 'das', 'dos', 'e']);

/** The words of a segment that can be a name (letters only), the banks' phrases taken out. */
function nameWords(segment: string): string[] {
  const words = segment
    .replace(/\b\d{1,2}\/\d{1,2}(\/\d{2,4})?\b/g, ' ') // dates
    .replace(/\b\d{1,2}:\d{2}(:\d{2})?\b/g, ' ') // times
    .replace(/[^\p{L}\s'-]+/gu, ' ') // digits, masks (•••, ***), punctuation
    .split(/\s+/)
    .filter((word) => /\p{L}/u.test(word));
  // The phrases lead the line ("PIX RECEBIDO DE", "REM:"); the name follows them.
  let first = 0;
  while (first < words.length && NOISE.has(foldText(words[first]!))) first += 1;
  return words.slice(first);
}

/** The payer's name in a statement line's description, or null when it names none. */
export function payerNameIn(description: string): string | null {
  const folded = foldText(description);
  if (!/\bpix\b|\brem\b|\bremetente\b/.test(folded)) return null;
  const segments = description.split(/\s+[-–·|]\s+|"|\s-(?=\S)|(?<=\S)-\s|:\d+-/);
  for (const segment of segments) {
    if (INSTITUTION.test(foldText(segment))) continue;
    const words = nameWords(segment);
    const letters = words.filter((word) => !CONNECTORS.has(foldText(word)));
    if (letters.length >= 2) return words.join(' ').slice(0, NAME_MAX);
  }
  return null;
}

function tokens(name: string): string[] {
  return foldText(name)
    .replace(/[^a-z\s]/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && !CONNECTORS.has(word));
}

/**
 * Whether a payer's name agrees with a customer's: the same first name and every other word of
 * the payer's found in the customer's name (the last one may be cut short, as banks cut lines:
 * "MARIA JOSE DA C" agrees with "Maria José da Conceição").
 */
export function namesAgree(payerName: string | null, customerName: string | null): boolean {
  if (!payerName || !customerName) return false;
  const payer = tokens(payerName);
  const customer = tokens(customerName);
  if (payer.length < 2 || customer.length === 0 || payer[0] !== customer[0]) return false;
  return payer.slice(1).every((word, index, rest) => {
    const last = index === rest.length - 1;
    return customer
      .slice(1)
      .some((other) => other === word || (last && word.length >= 1 && other.startsWith(word)));
  });
}
