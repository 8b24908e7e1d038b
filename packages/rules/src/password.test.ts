import { describe, expect, it } from 'vitest';

import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_MESSAGES as M,
  passwordChangeProblems,
  passwordEmailPart,
  passwordLength,
  passwordProblems,
} from './password';

const common = new Set(['1234567890', 'senha']);
const options = { isCommon: (lower: string) => common.has(lower) };
const emoji = (count: number) => '🙂'.repeat(count);

describe('passwordLength', () => {
  it('counts code points: an emoji is one character', () => {
    expect(passwordLength('')).toBe(0);
    expect(passwordLength('abc')).toBe(3);
    expect(passwordLength(emoji(10))).toBe(10);
  });
});

describe('passwordEmailPart', () => {
  it("is the e-mail's part before the @, lower-case, from three characters", () => {
    expect(passwordEmailPart(' Ana.Souza@loja.com.br')).toBe('ana.souza');
    expect(passwordEmailPart('ana@loja.com.br')).toBe('ana');
    expect(passwordEmailPart('an@loja.com.br')).toBeNull();
    expect(passwordEmailPart(undefined)).toBeNull();
  });
});

describe('passwordProblems', () => {
  it('accepts 10 to 128 characters, counted as code points', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(10);
    expect(MAX_PASSWORD_LENGTH).toBe(128);
    expect(passwordProblems('girassol-4', 'ana@loja.com.br', options)).toEqual([]);
    expect(passwordProblems('x'.repeat(128), 'ana@loja.com.br', options)).toEqual([]);
    expect(passwordProblems(emoji(10), 'ana@loja.com.br', options)).toEqual([]);
    expect(passwordProblems(emoji(128), 'ana@loja.com.br', options)).toEqual([]);
  });

  it('refuses 9 characters and 129', () => {
    expect(passwordProblems('girassol4', 'ana@loja.com.br', options)).toEqual([M.tooShort]);
    expect(passwordProblems(emoji(9), 'ana@loja.com.br', options)).toEqual([M.tooShort]);
    expect(passwordProblems(emoji(129), 'ana@loja.com.br', options)).toEqual([M.tooLong]);
    expect(M.tooShort).toBe('A senha deve ter pelo menos 10 caracteres.');
    expect(M.tooLong).toBe('A senha deve ter no máximo 128 caracteres.');
  });

  it("refuses the e-mail's part before the @ in any case, from three characters", () => {
    expect(passwordProblems('Fernanda.Lima-2024', 'fernanda.lima@loja.com.br', options)).toEqual([
      M.containsEmail,
    ]);
    expect(passwordProblems('ab-girassol-42', 'ab@loja.com.br', options)).toEqual([]);
  });

  it('asks the caller whether the lower-cased password is common', () => {
    const asked: string[] = [];
    const isCommon = (lower: string) => (asked.push(lower), common.has(lower));
    expect(passwordProblems('1234567890', 'ana@loja.com.br', { isCommon })).toEqual([M.common]);
    passwordProblems('GiraSSol-42', 'ana@loja.com.br', { isCommon });
    expect(asked).toEqual(['1234567890', 'girassol-42']);
  });

  it("lists every broken rule in the server's order", () => {
    expect(passwordProblems('senha', 'senha@loja.com.br', options)).toEqual([
      M.tooShort,
      M.containsEmail,
      M.common,
    ]);
  });
});

describe('passwordChangeProblems', () => {
  it('refuses the current password only when nothing else is wrong', () => {
    expect(
      passwordChangeProblems('girassol-42', 'girassol-42', 'ana@loja.com.br', options),
    ).toEqual([M.sameAsCurrent]);
    expect(passwordChangeProblems('senha', 'senha', 'ana@loja.com.br', options)).toEqual([
      M.tooShort,
      M.common,
    ]);
    expect(
      passwordChangeProblems('girassol-41', 'girassol-42', 'ana@loja.com.br', options),
    ).toEqual([]);
  });
});
