import { describe, expect, it } from 'vitest';

import { CEP_ERROR_MESSAGE, checkEmail, CPF_ERROR_MESSAGE } from '@vitrine/rules';

import {
  addressSchema,
  brMessages,
  cpfWithCheckDigits,
  emailSchema,
  emailSchemaWith,
  identificationSchema,
  isValidCep,
  isValidCpf,
  isValidPhone,
  maskCep,
  maskCpf,
  maskPhone,
} from '.';

describe('masks', () => {
  it('formats a CPF as it is typed', () => {
    expect(maskCpf('123')).toBe('123');
    expect(maskCpf('1234')).toBe('123.4');
    expect(maskCpf('1234567890')).toBe('123.456.789-0');
    expect(maskCpf('12345678909')).toBe('123.456.789-09');
  });

  it('ignores letters and drops digits past the eleventh', () => {
    expect(maskCpf('12a3.456.789-0999')).toBe('123.456.789-09');
  });

  it('formats a CEP with its hyphen', () => {
    expect(maskCep('01310')).toBe('01310');
    expect(maskCep('013101')).toBe('01310-1');
    expect(maskCep('01310100999')).toBe('01310-100');
  });

  it('formats landlines and moves the hyphen for mobiles', () => {
    expect(maskPhone('11')).toBe('(11');
    expect(maskPhone('1134567890')).toBe('(11) 3456-7890');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('+55 11 98765-4321')).toBe('(11) 98765-4321');
  });
});

describe('isValidCpf', () => {
  it('accepts a CPF whose check digits are right, with or without punctuation', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf(cpfWithCheckDigits('123456789'))).toBe(true);
  });

  it('rejects a wrong check digit, repeated digits and short input', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('529.982.247')).toBe(false);
    expect(isValidCpf('52998224725a')).toBe(false);
  });
});

describe('isValidCep and isValidPhone', () => {
  it('accepts 8-digit CEPs but not zeros', () => {
    expect(isValidCep('01310-100')).toBe(true);
    expect(isValidCep('01310100')).toBe(true);
    expect(isValidCep('00000-000')).toBe(false);
    expect(isValidCep('0131-0100')).toBe(false);
  });

  it('accepts mobiles starting with 9 and landlines with a real DDD', () => {
    expect(isValidPhone('(11) 98765-4321')).toBe(true);
    expect(isValidPhone('(21) 3456-7890')).toBe(true);
    expect(isValidPhone('(11) 88765-4321')).toBe(false);
    expect(isValidPhone('(20) 98765-4321')).toBe(false);
    expect(isValidPhone('(11) 9876-543')).toBe(false);
  });
});

describe('checkout schemas', () => {
  it("says a wrong CEP and CPF in the server's words (@vitrine/rules), one message per rule", () => {
    expect(brMessages.cep).toBe(CEP_ERROR_MESSAGE);
    expect(brMessages.cpf).toBe(CPF_ERROR_MESSAGE);
    const missing = addressSchema.safeParse({ postalCode: '0131' });
    expect(missing.error?.issues.find((issue) => issue.path[0] === 'postalCode')?.message).toBe(
      CEP_ERROR_MESSAGE,
    );
  });

  it('reports each wrong field with a Portuguese message', () => {
    const result = identificationSchema.safeParse({
      name: 'Maria',
      email: 'maria@',
      cpf: '111.111.111-11',
      phone: '(11) 1234',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]),
    );
    expect(messages).toEqual({
      name: 'Informe nome e sobrenome.',
      email: 'Informe um e-mail válido, como nome@exemplo.com.br.',
      cpf: 'CPF inválido: confira os 11 dígitos.',
      phone: 'Telefone inválido: informe o DDD e o número, como (11) 98765-4321.',
    });
  });

  it('accepts a complete address and asks for the missing street', () => {
    const address = {
      postalCode: '01310-100',
      street: 'Avenida Paulista',
      number: '1000',
      complement: '',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    };
    expect(addressSchema.safeParse(address).success).toBe(true);
    const missing = addressSchema.safeParse({ ...address, street: '  ', state: 'XX' });
    expect(missing.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['street', 'Preencha este campo.'],
      ['state', 'Escolha o estado (UF).'],
    ]);
  });
});

describe("e-mail fields (the server's rule, @vitrine/rules checkEmail)", () => {
  const messageOf = (value: string) => {
    const result = emailSchema.safeParse(value);
    return result.success ? null : (result.error.issues[0]?.message ?? '');
  };

  it('refuses a quoted local part and invisible characters, each with its own message', () => {
    expect(messageOf('"nome"@gmail.com')).toBe(
      'Escreva o e-mail sem aspas, como nome@exemplo.com.br.',
    );
    for (const invisible of ['\u200B', '\u00A0', '\u00AD', '\u202E', '\uFEFF', '\u2060']) {
      expect(messageOf(`nome@gmail.com${invisible}`)).toMatch(/caractere invisível/);
      expect(messageOf(`no${invisible}me@gmail.com`)).toMatch(/caractere invisível/);
    }
    expect(messageOf('')).toBe('Preencha este campo.');
    expect(messageOf('nome@gmail')).toBe('Informe um e-mail válido, como nome@exemplo.com.br.');
  });

  it('accepts what the server accepts, trimmed of spaces only, and refuses what it refuses', () => {
    expect(emailSchema.parse('  Maria.Souza+loja@Gmail.com \n')).toBe('Maria.Souza+loja@Gmail.com');
    const samples = [
      'maria@example.com',
      "o'neil@example.co.uk",
      'joão@example.com',
      'maria@example',
      'a..b@example.com',
      '"a"@example.com',
      'maria@example.com\u200B',
      '\u00A0maria@example.com',
      'maria@[127.0.0.1]',
      'maria@xn--caf-dma.com.br',
    ];
    for (const sample of samples) {
      expect(emailSchema.safeParse(sample).success, sample).toBe(checkEmail(sample).ok);
    }
  });

  it('lets a screen choose its own words for an empty field and a wrong shape', () => {
    const login = emailSchemaWith({ empty: 'Informe seu e-mail.', shape: 'E-mail inválido.' });
    expect(login.safeParse(' ').error?.issues[0]?.message).toBe('Informe seu e-mail.');
    expect(login.safeParse('maria@').error?.issues[0]?.message).toBe('E-mail inválido.');
    expect(login.safeParse('maria@example.com\u200B').error?.issues[0]?.message).toMatch(
      /caractere invisível/,
    );
  });
});
