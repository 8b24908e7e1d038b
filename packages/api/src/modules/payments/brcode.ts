// Pix static BR Code ("copia e cola") per the Banco Central's Manual de Padrões para Iniciação
// do Pix: an EMV-MPM payload of ID-length-value fields closed by a CRC16-CCITT-FALSE checksum.
import { loadQrCode } from '../../lib/lazy-modules';
import { formatCentsForBrCode } from '@vitrine/rules';
import { NO_TXID, normaliseBrCodeText } from '../../lib/pix';

export class BrCodeError extends Error {
  override name = 'BrCodeError';
}

export const PIX_GUI = 'br.gov.bcb.pix';

const MAX_NAME = 25;
const MAX_CITY = 15;
const MAX_TEMPLATE = 99;
// '9999999999.99' is the longest amount field (13 characters) the manual allows.
const MAX_AMOUNT_CENTS = 999_999_999_999;

export interface PixStaticCodeInput {
  /** The Pix key: EVP (random key), e-mail, +55 phone, CPF or CNPJ digits. */
  key: string;
  /** Free text shown to the payer; accents are stripped and it is cut to fit field 26. */
  description?: string | null;
  /** Amount in centavos; null or absent lets the payer type the amount. */
  amountCents?: number | null;
  merchantName: string;
  merchantCity: string;
  /** Only A-Z a-z 0-9, at most 25; null or absent gives '***'. */
  txid?: string | null;
  /** Defaults to 'br.gov.bcb.pix'; overridable only to reproduce legacy codes byte for byte. */
  gui?: string;
}

/** One ID-length-value field; the length counts characters, which are ASCII here. */
export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new BrCodeError(`Invalid field id ${id}`);
  if (value.length > 99) throw new BrCodeError(`Field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC16-CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Builds the static Pix BR Code; throws BrCodeError on input that cannot make a valid code. */
export function buildPixBrCode(input: PixStaticCodeInput): string {
  const gui = input.gui ?? PIX_GUI;
  if (gui.toLowerCase() !== PIX_GUI) throw new BrCodeError('The GUI must be br.gov.bcb.pix');

  const key = input.key.trim();
  if (key === '' || !/^[\x21-\x7e]+$/.test(key) || key.length > 77) {
    throw new BrCodeError('The Pix key must be 1 to 77 printable ASCII characters');
  }

  let account = tlv('00', gui) + tlv('01', key);
  const description = normaliseBrCodeText(input.description ?? '', MAX_TEMPLATE);
  if (description !== '') {
    // Whatever does not fit in the 99 characters of field 26 is dropped, never the key.
    const room = MAX_TEMPLATE - account.length - 4;
    const fitted = description.slice(0, Math.max(0, room)).trimEnd();
    if (fitted !== '') account += tlv('02', fitted);
  }

  const name = normaliseBrCodeText(input.merchantName, MAX_NAME);
  if (name === '') throw new BrCodeError('The merchant name is empty');
  const city = normaliseBrCodeText(input.merchantCity, MAX_CITY);
  if (city === '') throw new BrCodeError('The merchant city is empty');

  const txid = input.txid ?? NO_TXID;
  if (txid !== NO_TXID && !/^[A-Za-z0-9]{1,25}$/.test(txid)) {
    throw new BrCodeError('The txid must be 1 to 25 letters A-Z, a-z or digits, or ***');
  }

  let payload = tlv('00', '01') + tlv('26', account) + tlv('52', '0000') + tlv('53', '986');
  const amount = input.amountCents ?? null;
  if (amount !== null) {
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_AMOUNT_CENTS) {
      throw new BrCodeError('The amount must be a positive integer number of centavos');
    }
    payload += tlv('54', formatCentsForBrCode(amount));
  }
  payload += tlv('58', 'BR') + tlv('59', name) + tlv('60', city) + tlv('62', tlv('05', txid));
  payload += '6304';
  return payload + crc16(payload);
}

export interface BrCodeField {
  id: string;
  value: string;
}

export interface ParsedBrCode {
  payloadFormatIndicator: string;
  /** '11' static, '12' single use; absent in most static codes. */
  pointOfInitiationMethod: string | null;
  gui: string;
  /** Pix key (static codes); null in dynamic codes, which carry a url instead. */
  key: string | null;
  description: string | null;
  /** Payload location of a dynamic code (field 26/25). */
  url: string | null;
  merchantCategoryCode: string;
  currency: string;
  /** The amount as written ('123.40'), and in centavos; null when the payer chooses. */
  amount: string | null;
  amountCents: number | null;
  countryCode: string;
  merchantName: string;
  merchantCity: string;
  postalCode: string | null;
  txid: string | null;
  crc: string;
  /** Every top-level field in order, for anything not named above. */
  fields: BrCodeField[];
}

function parseTlvs(text: string, where: string): BrCodeField[] {
  const fields: BrCodeField[] = [];
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const lengthText = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText)) {
      throw new BrCodeError(`Malformed field at position ${at} of ${where}`);
    }
    const length = Number(lengthText);
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new BrCodeError(`Field ${id} of ${where} is truncated`);
    fields.push({ id, value });
    at += 4 + length;
  }
  return fields;
}

function parseAmountCents(amount: string): number {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) throw new BrCodeError(`Invalid amount ${amount}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * Parses a BR Code and checks its structure and CRC; throws BrCodeError when anything is off.
 * Used to verify the codes this server hands out and by end-to-end tests.
 */
export function parseBrCode(code: string): ParsedBrCode {
  if (typeof code !== 'string' || code.length < 8 || code.length > 512) {
    throw new BrCodeError('Not a BR Code');
  }
  const fields = parseTlvs(code, 'the payload');
  const last = fields.at(-1);
  if (!last || last.id !== '63' || last.value.length !== 4) {
    throw new BrCodeError('The CRC field 63 must close the payload');
  }
  const expected = crc16(code.slice(0, -4));
  if (last.value.toUpperCase() !== expected) {
    throw new BrCodeError(
      `CRC mismatch: the code says ${last.value}, the payload gives ${expected}`,
    );
  }
  const ids = fields.map((f) => f.id);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate) throw new BrCodeError(`Field ${duplicate} appears twice`);
  const get = (id: string): string | null => fields.find((f) => f.id === id)?.value ?? null;
  const need = (id: string, what: string): string => {
    const value = get(id);
    if (value === null) throw new BrCodeError(`Missing field ${id} (${what})`);
    return value;
  };

  const payloadFormatIndicator = need('00', 'payload format indicator');
  if (payloadFormatIndicator !== '01' || fields[0]?.id !== '00') {
    throw new BrCodeError('Field 00 must come first with value 01');
  }

  // Merchant account information may sit in any template 26..51; Pix is the one with its GUI.
  let account: BrCodeField[] | null = null;
  for (const field of fields) {
    const n = Number(field.id);
    if (n < 26 || n > 51) continue;
    const sub = parseTlvs(field.value, `field ${field.id}`);
    if (sub.find((s) => s.id === '00')?.value.toLowerCase() === PIX_GUI) {
      account = sub;
      break;
    }
  }
  if (!account) throw new BrCodeError('No merchant account with the GUI br.gov.bcb.pix');
  const sub = (id: string): string | null => account?.find((s) => s.id === id)?.value ?? null;
  const key = sub('01');
  const url = sub('25');
  if (key === null && url === null) throw new BrCodeError('The Pix account has no key and no url');

  const amount = get('54');
  const additional = get('62');
  const txid =
    additional === null
      ? null
      : (parseTlvs(additional, 'field 62').find((s) => s.id === '05')?.value ?? null);

  return {
    payloadFormatIndicator,
    pointOfInitiationMethod: get('01'),
    gui: sub('00') ?? PIX_GUI,
    key,
    description: sub('02'),
    url,
    merchantCategoryCode: need('52', 'merchant category code'),
    currency: need('53', 'currency'),
    amount,
    amountCents: amount === null ? null : parseAmountCents(amount),
    countryCode: need('58', 'country code'),
    merchantName: need('59', 'merchant name'),
    merchantCity: need('60', 'merchant city'),
    postalCode: get('61'),
    txid,
    crc: last.value,
    fields,
  };
}

/** True when parseBrCode accepts the code. */
export function isValidBrCode(code: string): boolean {
  try {
    parseBrCode(code);
    return true;
  } catch {
    return false;
  }
}

/** The QR code of a BR Code as an SVG document (medium error correction, as banks print it). */
export async function brCodeQrSvg(code: string): Promise<string> {
  const QRCode = await loadQrCode();
  return QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
