// A statement's bytes to text: UTF-8 with or without a BOM, else the charset the OFX declares,
// else Windows-1252.
import { describe, expect, it } from 'vitest';
import { bytesOfBase64, declaredCharset, decodeStatement } from './statement-encoding';

const NAME = 'MARIA JOSÉ DA CONCEIÇÃO';
const cp1252 = (text: string) =>
  Uint8Array.from(
    [...text].map((char) => ({ É: 0xc9, Ç: 0xc7, Ã: 0xc3 })[char] ?? char.charCodeAt(0)),
  );

describe('decodeStatement', () => {
  it('reads UTF-8, with or without a BOM', () => {
    const utf8 = new TextEncoder().encode(NAME);
    expect(decodeStatement(utf8)).toBe(NAME);
    expect(decodeStatement(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8]))).toBe(NAME);
  });

  it('reads an OFX declared CHARSET:1252 and a CSV with no declaration as Windows-1252', () => {
    expect(decodeStatement(cp1252(`OFXHEADER:100\nCHARSET:1252\n<MEMO>${NAME}`))).toContain(NAME);
    expect(decodeStatement(cp1252(`Data;Descrição;Valor\n05/11/2026;${NAME};1,00`))).toContain(
      NAME,
    );
  });

  it('reads UTF-8 bytes as UTF-8 even under a CHARSET:1252 header', () => {
    const text = `OFXHEADER:100\nCHARSET:1252\n<MEMO>${NAME}`;
    expect(decodeStatement(new TextEncoder().encode(text))).toBe(text);
  });

  it('names the declared charsets', () => {
    expect(declaredCharset('OFXHEADER:100\nCHARSET:1252')).toBe('windows-1252');
    expect(declaredCharset('<?xml version="1.0" encoding="ISO-8859-1"?>')).toBe('windows-1252');
    expect(declaredCharset('CHARSET:NONE')).toBeNull();
  });
});

describe('bytesOfBase64', () => {
  it('reads base64 and refuses what is not', () => {
    expect(bytesOfBase64('T0ZY')).toEqual(new Uint8Array([0x4f, 0x46, 0x58]));
    expect(bytesOfBase64('não é base64')).toBeNull();
  });
});
