// The staff domain's my-account and two-factor resolvers (Minha conta), as the server answers
// them: the profile's name (1 to 80 characters), the password change (current one checked, the new
// one by the password rules, a new token pair), and the authenticator enrolment (code '123456' is
// the app's current code; recovery codes work once).
//
// The account's state lives beside the signed-in staff member of each mock world (fresh on
// resetMockWorld()). A story or test starts from another state with
// `staffMock.answers({ ...withAccount({ twoFactorEnabled: true }) })`.
import { checkStaffName, passwordChangeProblems } from '@vitrine/rules';
import { GraphQLError } from 'graphql';

import { ADMIN_PASSWORD, type StaffFixture } from './staff.fixtures';
import { makeAccessToken, makeRefreshToken } from './jwt';
import { isMockCommonPassword } from './auth';
import {
  badInput,
  registerTwoFactorSetupCheck,
  requireStaff,
  TWO_FACTOR_SETUP_REQUIRED_MESSAGE,
  type RequestContext,
  type RootResolvers,
} from '../shared/graphqlDomain';

/** The code the mock authenticator app shows now. */
export const TWO_FACTOR_VALID_CODE = '123456';
/** A recovery code the mock accepts once (for accounts seeded with it, and at the login). */
export const TWO_FACTOR_RECOVERY_CODE = 'abcde-fghij';
export const TWO_FACTOR_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const INVALID_CODE_MESSAGE =
  'Código inválido. Confira o horário do celular e tente de novo.';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Senha atual incorreta.';
export const SETUP_REQUIRED_MESSAGE = TWO_FACTOR_SETUP_REQUIRED_MESSAGE;
export const DISABLE_REQUIRED_MESSAGE =
  'A loja exige verificação em duas etapas para toda a equipe: ela não pode ser desativada.';

export interface AccountSeed {
  /** The account's current password (the login's by default). */
  password?: string;
  twoFactorEnabled?: boolean;
  /** The store requires two-factor sign-in (settings' requireTwoFactor). */
  storeRequiresTwoFactor?: boolean;
}

interface AccountState {
  password: string;
  twoFactorEnabled: boolean;
  storeRequiresTwoFactor: boolean;
  /** Started and not confirmed yet. */
  enrolling: boolean;
  recoveryCodes: string[];
  codeGenerations: number;
}

const ACCOUNT_SEED = Symbol('account');

type Seeded = StaffFixture & { [ACCOUNT_SEED]?: AccountSeed };

/** The account state a staff mock starts with, spread into `staffMock.answers({...})`. */
export function withAccount(seed: AccountSeed): Partial<StaffFixture> {
  return { [ACCOUNT_SEED]: seed } as Partial<StaffFixture>;
}

const accounts = new WeakMap<StaffFixture, AccountState>();

function accountOf(me: StaffFixture): AccountState {
  let account = accounts.get(me);
  if (!account) {
    const seed = (me as Seeded)[ACCOUNT_SEED] ?? {};
    const enabled = seed.twoFactorEnabled ?? false;
    account = {
      password: seed.password ?? ADMIN_PASSWORD,
      twoFactorEnabled: enabled,
      storeRequiresTwoFactor: seed.storeRequiresTwoFactor ?? false,
      enrolling: false,
      recoveryCodes: enabled ? [TWO_FACTOR_RECOVERY_CODE] : [],
      codeGenerations: 0,
    };
    accounts.set(me, account);
  }
  return account;
}

// The server refuses every other operation of an account that still has to enrol: so does the mock.
registerTwoFactorSetupCheck((me) => {
  const account = accountOf(me);
  return account.storeRequiresTwoFactor && !account.twoFactorEnabled;
});

/** `me` as the extended Staff type answers it. */
function staffView(me: StaffFixture) {
  const account = accountOf(me);
  return {
    ...me,
    status: 'ACTIVE',
    lastSignInAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    twoFactorEnabled: account.twoFactorEnabled,
    twoFactorSetupRequired: account.storeRequiresTwoFactor && !account.twoFactorEnabled,
    invitationExpiresAt: null,
    createdAt: '2025-01-06T13:00:00.000Z',
  };
}

/** Ten codes xxxxx-xxxxx, lower-case base32, different on each call for the account (the same
 * sequence in every mock world, so screenshots are stable). */
function newRecoveryCodes(account: AccountState): string[] {
  account.codeGenerations += 1;
  const generation = account.codeGenerations;
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return Array.from({ length: 10 }, (_, index) => {
    let code = '';
    for (let position = 0; position < 10; position += 1) {
      code += alphabet[(index * 7 + position * 13 + generation * 5 + position * index) % 32];
    }
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** Checks an authenticator code or an unused recovery code (which is then used up). */
function checkCode(account: AccountState, code: string): void {
  const typed = code.trim().toLowerCase();
  if (typed === TWO_FACTOR_VALID_CODE) return;
  const index = account.recoveryCodes.indexOf(typed);
  if (index !== -1) {
    account.recoveryCodes.splice(index, 1);
    return;
  }
  throw badInput(INVALID_CODE_MESSAGE, 'code');
}

/**
 * A simple QR-looking SVG (finder squares and a deterministic pattern): the mock's stand-in for the
 * server's qrcode markup. The screen must show it as an image, never as live markup.
 */
function fakeQrSvg(seed: string): string {
  const size = 25;
  const cells: string[] = [];
  const finder = (x: number, y: number) =>
    `<path d="M${x} ${y}h7v7h-7zM${x + 1} ${y + 1}v5h5v-5zM${x + 2} ${y + 2}h3v3h-3z" fill-rule="evenodd"/>`;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const inFinder = (x < 8 && y < 8) || (x > size - 9 && y < 8) || (x < 8 && y > size - 9);
      if (inFinder) continue;
      const bit = (x * 31 + y * 17 + x * y + (seed.charCodeAt((x + y) % seed.length) ?? 0)) % 3;
      if (bit === 0) cells.push(`M${x} ${y}h1v1h-1z`);
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 ${size + 4} ${size + 4}" shape-rendering="crispEdges">` +
    `<rect x="-2" y="-2" width="${size + 4}" height="${size + 4}" fill="#fff"/>` +
    `<g fill="#000">${finder(0, 0)}${finder(size - 7, 0)}${finder(0, size - 7)}<path d="${cells.join('')}"/></g></svg>`
  );
}

/**
 * Spread into the staff domain after its own `me`, so `me` here wins: the same staff member with the
 * Staff fields of the team-and-store contract (status, twoFactorEnabled, twoFactorSetupRequired...),
 * which the base fixture does not carry. Typed as plain RootResolvers so that spread stays legal.
 */
export const staffAccountResolvers: RootResolvers = {
  me: (_args: unknown, context: RequestContext) => staffView(requireStaff(context)),
  myProfileUpdate: ({ name }: { name: string }, context: RequestContext) => {
    const me = requireStaff(context);
    // The server's name rule (@vitrine/rules checkStaffName), on the field 'name'.
    const checked = checkStaffName(name, 'name');
    if (!checked.ok) throw badInput(checked.issue.message, checked.issue.field);
    me.name = checked.value;
    return staffView(me);
  },
  myPasswordChange: (
    { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
    context: RequestContext,
  ) => {
    const me = requireStaff(context);
    const account = accountOf(me);
    if (currentPassword !== account.password) {
      throw badInput(WRONG_CURRENT_PASSWORD_MESSAGE, 'currentPassword');
    }
    // The new password's rules, then that it differs, joined as the server answers them
    // (@vitrine/rules passwordChangeProblems).
    const problems = passwordChangeProblems(currentPassword, newPassword, me.email, {
      isCommon: isMockCommonPassword,
    });
    if (problems.length > 0) {
      throw new GraphQLError(problems.join(' '), {
        extensions: { code: 'BAD_USER_INPUT', field: 'newPassword', problems },
      });
    }
    account.password = newPassword;
    return { access: makeAccessToken(me.id, me.email), refresh: makeRefreshToken(me.id, me.email) };
  },
  twoFactorEnrolStart: (_args: unknown, context: RequestContext) => {
    const me = requireStaff(context);
    const account = accountOf(me);
    if (account.twoFactorEnabled) {
      throw badInput('A verificação em duas etapas já está ativa nesta conta.');
    }
    account.enrolling = true;
    const otpauthUri = `otpauth://totp/Vitrine:${encodeURIComponent(me.email)}?secret=${TWO_FACTOR_SECRET}&issuer=Vitrine`;
    return { secret: TWO_FACTOR_SECRET, otpauthUri, qrCodeSvg: fakeQrSvg(otpauthUri) };
  },
  twoFactorEnrolConfirm: ({ code }: { code: string }, context: RequestContext) => {
    const account = accountOf(requireStaff(context));
    if (account.twoFactorEnabled) {
      throw badInput('A verificação em duas etapas já está ativa nesta conta.');
    }
    if (!account.enrolling) throw badInput('Comece a ativação novamente.', 'code');
    if (code.trim() !== TWO_FACTOR_VALID_CODE) throw badInput(INVALID_CODE_MESSAGE, 'code');
    account.enrolling = false;
    account.twoFactorEnabled = true;
    account.recoveryCodes = newRecoveryCodes(account);
    return [...account.recoveryCodes];
  },
  twoFactorDisable: ({ code }: { code: string }, context: RequestContext) => {
    const me = requireStaff(context);
    const account = accountOf(me);
    if (!account.twoFactorEnabled) {
      throw badInput('A verificação em duas etapas não está ativa nesta conta.');
    }
    if (account.storeRequiresTwoFactor) {
      throw new GraphQLError(DISABLE_REQUIRED_MESSAGE, { extensions: { code: 'FORBIDDEN' } });
    }
    checkCode(account, code);
    account.twoFactorEnabled = false;
    account.recoveryCodes = [];
    return staffView(me);
  },
  twoFactorRecoveryCodesRegenerate: ({ code }: { code: string }, context: RequestContext) => {
    const account = accountOf(requireStaff(context));
    if (!account.twoFactorEnabled) {
      throw badInput('A verificação em duas etapas não está ativa nesta conta.');
    }
    checkCode(account, code);
    account.recoveryCodes = newRecoveryCodes(account);
    return [...account.recoveryCodes];
  },
};
