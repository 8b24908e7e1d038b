// The password rules the server enforces (@vitrine/rules password: the length counted in code
// points, the e-mail's part before the @, its words), checked live on the client so people see them.
import {
  MIN_PASSWORD_LENGTH,
  passwordChangeProblems,
  passwordEmailPart,
  passwordLength,
  passwordProblems,
} from '@vitrine/rules';

export { MIN_PASSWORD_LENGTH };

// The most common passwords in Brazilian leaks; the server holds the full list.
const COMMON_PASSWORDS = new Set([
  '123456',
  '12345678',
  '123456789',
  '1234567890',
  '0123456789',
  '1234567891',
  '12345678910',
  '1q2w3e4r5t',
  'qwertyuiop',
  'qwerty1234',
  'password',
  'password1',
  'password123',
  'senha',
  'senha123',
  'senha1234',
  'senha12345',
  'minhasenha',
  'minhasenha123',
  'brasil',
  'brasil123',
  'brasil2024',
  'flamengo',
  'flamengo123',
  'corinthians',
  'palmeiras',
  'saopaulo',
  'vitrine',
  'vitrine123',
  'admin',
  'admin12345',
  'administrador',
  'abc123',
  'abcd1234',
  'iloveyou',
  'teamo',
  'teamo123',
  'mudar123',
  'mudar12345',
]);

export type PasswordRuleId = 'length' | 'email' | 'common';

/** 'unknown' when the rule cannot be checked here (no e-mail known): the server decides. */
export type PasswordRuleStatus = 'met' | 'unmet' | 'unknown';

export interface PasswordRuleResult {
  id: PasswordRuleId;
  label: string;
  status: PasswordRuleStatus;
}

/** Whether the password is on the client's short list; not trimmed, as the server does not. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/**
 * Every rule a new password breaks, in the server's words and order (@vitrine/rules
 * passwordProblems), the client's short list standing for the server's; without an e-mail the
 * e-mail rule is left to the server.
 */
export function newPasswordProblems(password: string, email?: string | null): string[] {
  return passwordProblems(password, email ?? '', { isCommon: isCommonPassword });
}

/** A password change's problems as the server finds them (@vitrine/rules passwordChangeProblems). */
export function newPasswordChangeProblems(
  currentPassword: string,
  newPassword: string,
  email?: string | null,
): string[] {
  return passwordChangeProblems(currentPassword, newPassword, email ?? '', {
    isCommon: isCommonPassword,
  });
}

export function checkPasswordRules(password: string, email?: string): PasswordRuleResult[] {
  const local = passwordEmailPart(email);
  return [
    {
      id: 'length',
      label: `Pelo menos ${MIN_PASSWORD_LENGTH} caracteres`,
      // Characters as people count them (code points), as the server does: an emoji is one.
      status: passwordLength(password) >= MIN_PASSWORD_LENGTH ? 'met' : 'unmet',
    },
    {
      id: 'email',
      label: 'Não conter o seu e-mail',
      status:
        local === null
          ? password.length > 0
            ? 'unknown'
            : 'unmet'
          : password.length > 0 && !password.toLowerCase().includes(local)
            ? 'met'
            : 'unmet',
    },
    {
      id: 'common',
      label: 'Não ser uma senha comum',
      status: password.length > 0 && !isCommonPassword(password) ? 'met' : 'unmet',
    },
  ];
}

/** True when no rule the client can check is broken. */
export function passwordMeetsRules(password: string, email?: string): boolean {
  return checkPasswordRules(password, email).every((rule) => rule.status !== 'unmet');
}
