import { PASSWORD_MESSAGES } from '@vitrine/rules';
import { describe, expect, it } from 'vitest';

import {
  checkPasswordRules,
  isCommonPassword,
  newPasswordChangeProblems,
  newPasswordProblems,
  passwordMeetsRules,
} from './passwordRules';

function statusOf(password: string, email?: string) {
  return Object.fromEntries(checkPasswordRules(password, email).map((r) => [r.id, r.status]));
}

describe('password rules', () => {
  it('needs at least 10 characters', () => {
    expect(statusOf('curta').length).toBe('unmet');
    expect(statusOf('dez-letras').length).toBe('met');
  });

  it('counts characters as the server does: five emoji are five, not ten', () => {
    expect(statusOf('🙂🙂🙂🙂🙂').length).toBe('unmet');
    expect(statusOf('🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂').length).toBe('met');
  });

  it("rejects a password containing the e-mail's local part, ignoring case", () => {
    expect(statusOf('Mariana-2024-loja', 'mariana@loja.com.br').email).toBe('unmet');
    expect(statusOf('girassol-azul-42', 'mariana@loja.com.br').email).toBe('met');
  });

  it('leaves the e-mail rule to the server when the e-mail is unknown', () => {
    expect(statusOf('girassol-azul-42').email).toBe('unknown');
    expect(passwordMeetsRules('girassol-azul-42')).toBe(true);
  });

  it('rejects common passwords', () => {
    expect(statusOf('1234567890').common).toBe('unmet');
    expect(passwordMeetsRules('Senha12345')).toBe(false);
  });

  it('does not trim before looking a password up, as the server does not', () => {
    expect(isCommonPassword('senha12345')).toBe(true);
    expect(isCommonPassword(' senha12345 ')).toBe(false);
    expect(statusOf(' senha12345 ').common).toBe('met');
  });
});

describe("the server's words before sending", () => {
  it("names every broken rule in the server's order", () => {
    expect(newPasswordProblems('curta')).toEqual([PASSWORD_MESSAGES.tooShort]);
    expect(newPasswordProblems('Senha12345')).toEqual([PASSWORD_MESSAGES.common]);
    expect(newPasswordProblems('a'.repeat(129))).toEqual([PASSWORD_MESSAGES.tooLong]);
    expect(newPasswordProblems('mariana', 'mariana@loja.com.br')).toEqual([
      PASSWORD_MESSAGES.tooShort,
      PASSWORD_MESSAGES.containsEmail,
    ]);
    expect(newPasswordProblems('girassol-azul-42', 'mariana@loja.com.br')).toEqual([]);
  });

  it('counts code points and leaves the e-mail rule to the server without an e-mail', () => {
    expect(newPasswordProblems('🙂'.repeat(10))).toEqual([]);
    expect(newPasswordProblems('🙂'.repeat(5))).toEqual([PASSWORD_MESSAGES.tooShort]);
    expect(newPasswordProblems('Mariana-2024-loja')).toEqual([]);
    expect(newPasswordProblems('Mariana-2024-loja', null)).toEqual([]);
  });

  it('asks a changed password to differ from the current one once it follows the rules', () => {
    expect(newPasswordChangeProblems('girassol-azul-42', 'girassol-azul-42', 'a@b.c')).toEqual([
      PASSWORD_MESSAGES.sameAsCurrent,
    ]);
    expect(newPasswordChangeProblems('curta', 'curta', 'mariana@loja.com.br')).toEqual([
      PASSWORD_MESSAGES.tooShort,
    ]);
    expect(newPasswordChangeProblems('outra-senha-1', 'girassol-azul-42')).toEqual([]);
  });
});
