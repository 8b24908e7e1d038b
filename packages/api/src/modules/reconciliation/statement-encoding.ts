// A bank statement's bytes to text. Brazilian banks export OFX declared as CHARSET:1252 (Bradesco,
// BB, Caixa), XML OFX with encoding="windows-1252" or UTF-8, and CSV in UTF-8 (with or without a
// BOM) or Windows-1252 (Excel's "CSV" on a Brazilian Windows). Bytes that are valid UTF-8 are read
// as UTF-8 whatever the header says (an accented Windows-1252 text is almost never valid UTF-8, and
// some banks declare 1252 over UTF-8 bytes); anything else is read as the declared single-byte
// charset, Windows-1252 by default, so "MARIA JOSÉ DA CONCEIÇÃO" keeps its accents.

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The single-byte charset an OFX header or XML declaration names, as a TextDecoder label. */
export function declaredCharset(head: string): string | null {
  const ofx = /^\s*CHARSET\s*:\s*([\w-]+)/im.exec(head)?.[1];
  const xml = /<\?xml[^>]*encoding\s*=\s*["']([\w-]+)["']/i.exec(head)?.[1];
  const raw = (xml ?? ofx ?? '').toLowerCase();
  if (raw === '' || raw === 'none') return null;
  if (/^(1252|windows-?1252|cp-?1252)$/.test(raw)) return 'windows-1252';
  if (/^(8859-?1|iso-?8859-?1|latin-?1)$/.test(raw)) return 'windows-1252';
  if (/^utf-?8$/.test(raw)) return 'utf-8';
  return null;
}

/** The statement's text from its bytes (see the header comment for the rule). */
export function decodeStatement(bytes: Uint8Array): string {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const body = bytes.subarray(start);
  try {
    return UTF8.decode(body);
  } catch {
    // Not UTF-8: the header is ASCII in every single-byte charset, so it can be read to choose.
    const head = new TextDecoder('windows-1252').decode(body.subarray(0, 512));
    return new TextDecoder(declaredCharset(head) ?? 'windows-1252').decode(body);
  }
}

/** Base64 as browsers send it (@vitrine/rules, as the mocks read it); null when it is not base64. */
export { bytesOfBase64 } from '@vitrine/rules';
