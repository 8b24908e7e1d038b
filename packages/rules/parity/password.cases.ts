// Parity table of a staff member's new password (myPasswordChange: what the dashboard's Minha conta
// sends), and what the API answers: every rule the new password breaks, joined in the server's
// words on 'newPassword' (@vitrine/rules password), then a change that is taken. The same rows run
// through the real server (packages/api/test/parity.password.test.ts) and through the MSW mocks
// (packages/ui/src/mocks/parity.password.test.ts); the answers are written out. The signed-in
// ADMIN's e-mail begins with 'admin@' in both worlds; their current password differs, so a row
// writes CURRENT_PASSWORD and each runner puts its world's in. The change taken is the last row.
import type { ParityAnswer } from './orders.cases';

export const PASSWORD_CHANGE_DOCUMENT = `mutation ($currentPassword: String!, $newPassword: String!) {
  r: myPasswordChange(currentPassword: $currentPassword, newPassword: $newPassword) { __typename }
}`;

/** Stands for the signed-in staff member's current password, each world's own. */
export const CURRENT_PASSWORD = '<senha atual>';

export interface PasswordChangeCase {
  name: string;
  /** CURRENT_PASSWORD stands for the world's current password. */
  newPassword: string;
  answer: ParityAnswer<{ __typename: string }>;
}

const refused = (...problems: string[]) => ({
  code: 'BAD_USER_INPUT',
  field: 'newPassword',
  message: problems.join(' '),
});

const SHORT = 'A senha deve ter pelo menos 10 caracteres.';
const LONG = 'A senha deve ter no máximo 128 caracteres.';
const EMAIL = 'A senha não pode conter o seu e-mail (a parte antes do @).';
const COMMON = 'Essa senha é muito comum e fácil de adivinhar. Escolha outra.';

export const PASSWORD_CHANGE_CASES: PasswordChangeCase[] = [
  { name: '9 characters', newPassword: 'girassol4', answer: refused(SHORT) },
  { name: '9 emoji: code points are counted', newPassword: '🙂'.repeat(9), answer: refused(SHORT) },
  { name: '129 characters', newPassword: 'g'.repeat(129), answer: refused(LONG) },
  { name: '129 emoji', newPassword: '🙂'.repeat(129), answer: refused(LONG) },
  {
    name: "the e-mail's part before the @, in capitals",
    newPassword: 'ADMIN-girassol-42',
    answer: refused(EMAIL),
  },
  { name: 'a common password', newPassword: '1234567890', answer: refused(COMMON) },
  {
    name: 'short, with the e-mail: both, in the order the server checks',
    newPassword: 'admin-1',
    answer: refused(SHORT, EMAIL),
  },
  {
    name: 'the current password again',
    newPassword: CURRENT_PASSWORD,
    answer: refused('A nova senha deve ser diferente da atual.'),
  },
  {
    name: 'the widest taken: 128 emoji',
    newPassword: '🙂'.repeat(128),
    answer: { data: { __typename: 'SessionTokens' } },
  },
];
