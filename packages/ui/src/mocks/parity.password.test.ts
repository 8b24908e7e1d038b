// The new password's parity table (@vitrine/rules parity/password.cases) through the MSW mocks:
// each row's myPasswordChange by the mock world's ADMIN answered as the row says, which is what the
// real server answers (packages/api/test/parity.password.test.ts runs the same rows on a real
// database).
import {
  CURRENT_PASSWORD,
  PASSWORD_CHANGE_CASES,
  PASSWORD_CHANGE_DOCUMENT,
} from '@vitrine/rules/parity/password.cases';
import { describe, expect, it } from 'vitest';

import { askMocks } from './parityAsk';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '.';

const ask = askMocks;

describe('password parity table, on the mocks', () => {
  it('signs in an ADMIN whose e-mail begins with admin@', () => {
    expect(ADMIN_EMAIL.startsWith('admin@')).toBe(true);
  });

  it.each(PASSWORD_CHANGE_CASES.map((row) => [row.name, row] as const))(
    '%s',
    async (_name, row) => {
      const newPassword = row.newPassword === CURRENT_PASSWORD ? ADMIN_PASSWORD : row.newPassword;
      const variables = { currentPassword: ADMIN_PASSWORD, newPassword };
      expect(await ask(PASSWORD_CHANGE_DOCUMENT, variables)).toEqual(row.answer);
    },
  );
});
