import { describe, expect, it } from 'vitest';

import { checkPasswordRules, passwordMeetsRules } from './passwordRules';

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
});
