import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCustomerEmail, checkEmail, EMAIL_MESSAGES, isValidEmail } from './email';

describe('checkEmail', () => {
  it('accepts the addresses shoppers use, trimmed of surrounding spaces, case kept', () => {
    for (const email of [
      'maria@example.com',
      'Maria.Souza+loja@Gmail.com',
      "o'neil@example.co.uk",
      'ana_lima-2@sub.dominio.com.br',
      'a@b.io',
      'nome@xn--caf-dma.com.br',
      'atendimento@vitrine.local',
    ]) {
      expect(checkEmail(email), email).toEqual({ ok: true, email });
    }
    expect(checkEmail('  maria@example.com\t\r\n')).toEqual({
      ok: true,
      email: 'maria@example.com',
    });
  });

  it('refuses a quoted local part, however it is quoted', () => {
    for (const email of ['"nome"@gmail.com', '"nome@gmail.com', 'no"me@gmail.com', '"a b"@x.com']) {
      expect(checkEmail(email), email).toEqual({
        ok: false,
        problem: 'QUOTED',
        message: 'Escreva o e-mail sem aspas, como nome@exemplo.com.br.',
      });
    }
  });

  it('refuses invisible and format characters anywhere, at the ends included', () => {
    const invisible = [
      '\u200B', // zero width space
      '\u200C', // zero width non-joiner
      '\u200D', // zero width joiner
      '\u2060', // word joiner
      '\uFEFF', // byte order mark
      '\u00AD', // soft hyphen
      '\u00A0', // no-break space
      '\u202F', // narrow no-break space
      '\u2009', // thin space
      '\u3000', // ideographic space
      '\u200E', // left-to-right mark
      '\u202E', // right-to-left override
      '\u2066', // left-to-right isolate
      '\u2028', // line separator
      '\u180E', // Mongolian vowel separator
      '\u034F', // combining grapheme joiner
      '\uFE0F', // variation selector-16
      '\u3164', // Hangul filler
      '\u0000', // NUL
      '\u0085', // next line
      '\uE000', // private use
      '\uDC00', // lone surrogate
      '\u{E0041}', // tag latin capital A
    ];
    for (const char of invisible) {
      const label = `U+${char.codePointAt(0)!.toString(16).toUpperCase()}`;
      for (const email of [
        `nome@gmail.com${char}`,
        `${char}nome@gmail.com`,
        `no${char}me@gmail.com`,
      ]) {
        const result = checkEmail(email);
        expect(result, label).toMatchObject({ ok: false, problem: 'INVISIBLE_CHARACTER' });
      }
    }
    expect(EMAIL_MESSAGES.INVISIBLE_CHARACTER).toMatch(/caractere invisível/);
  });

  it('refuses what is not the shape of a mailbox', () => {
    for (const email of [
      'maria',
      'maria@',
      '@example.com',
      'maria@example',
      'maria@example.c',
      'maria@@example.com',
      'ma ria@example.com',
      '.maria@example.com',
      'maria.@example.com',
      'ma..ria@example.com',
      'maria@-example.com',
      'maria@example-.com',
      'maria@example..com',
      'maria@[192.168.0.1]',
      'maria(comentário)@example.com',
      'maria\\@example.com',
      'joão@example.com',
      'maria@café.com.br',
      'maria@example.123',
      'a,b@example.com',
      '<maria@example.com>',
      `${'a'.repeat(65)}@example.com`,
    ]) {
      expect(checkEmail(email), email).toMatchObject({ ok: false, problem: 'SHAPE' });
    }
    expect(checkEmail('   ')).toMatchObject({ ok: false, problem: 'EMPTY' });
    expect(checkEmail(`${'a'.repeat(60)}@${'b'.repeat(200)}.com`)).toMatchObject({
      ok: false,
      problem: 'TOO_LONG',
    });
  });

  it('accepts only printable ASCII: no accepted address holds an invisible character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        const result = checkEmail(`${text}@example.com`);
        if (result.ok) expect(/^[\x21-\x7E]+$/.test(result.email)).toBe(true);
      }),
    );
    expect(isValidEmail('nome@gmail.com')).toBe(true);
    expect(isValidEmail('nome@gmail.com\u200B')).toBe(false);
  });
});

describe('checkCustomerEmail', () => {
  it('lower-cases the address a shopper types to find an order, trimmed', () => {
    expect(checkCustomerEmail('  Cliente.Paridade@Example.COM ')).toEqual({
      ok: true,
      email: 'cliente.paridade@example.com',
    });
  });

  it('refuses what checkEmail refuses, and a non-text as an empty e-mail', () => {
    expect(checkCustomerEmail('"nome"@gmail.com')).toEqual({
      ok: false,
      problem: 'QUOTED',
      message: EMAIL_MESSAGES.QUOTED,
    });
    expect(checkCustomerEmail(undefined)).toMatchObject({ ok: false, problem: 'EMPTY' });
    expect(checkCustomerEmail('nome@gmail')).toMatchObject({ ok: false, problem: 'SHAPE' });
  });
});
