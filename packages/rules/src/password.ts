// A staff member's new password, once for the server, the dashboard's password screens and the
// ui's mocks: 10 to 128 characters counted as people count them (code points: an emoji is one),
// not the part of the e-mail before the @, not a common password; every broken rule in the
// server's Portuguese words, in the server's order. Which passwords are common is each side's own
// list (the server reads its files, the client and the mocks keep a few), passed as `isCommon`.

/** In characters as a person counts them: code points (see passwordLength). */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  tooShort: `A senha deve ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`,
  tooLong: `A senha deve ter no máximo ${MAX_PASSWORD_LENGTH} caracteres.`,
  containsEmail: 'A senha não pode conter o seu e-mail (a parte antes do @).',
  common: 'Essa senha é muito comum e fácil de adivinhar. Escolha outra.',
  sameAsCurrent: 'A nova senha deve ser diferente da atual.',
} as const;

const M = PASSWORD_MESSAGES;

/**
 * A password's length in code points, the one definition used by the rules for new passwords, the
 * login and the hasher alike (an emoji is one character, not two UTF-16 units).
 */
export function passwordLength(password: string): number {
  let length = 0;
  for (const _ of password) length += 1;
  return length;
}

/**
 * The part of `email` before the @, lower-case, when it is telling: a very short one ("a@...")
 * would forbid half the alphabet, so under three characters it is null.
 */
export function passwordEmailPart(email: string | null | undefined): string | null {
  const local = email?.split('@')[0]?.trim().toLowerCase() ?? '';
  return local.length >= 3 ? local : null;
}

export interface PasswordRuleOptions {
  /** Whether the password, lower-cased, is on this side's list of common passwords. */
  isCommon: (lowerCasePassword: string) => boolean;
}

/** Every rule the password breaks, in the server's words (empty when acceptable). */
export function passwordProblems(
  password: string,
  email: string,
  { isCommon }: PasswordRuleOptions,
): string[] {
  const problems: string[] = [];
  const length = passwordLength(password);
  if (length < MIN_PASSWORD_LENGTH) problems.push(M.tooShort);
  if (length > MAX_PASSWORD_LENGTH) problems.push(M.tooLong);
  const local = passwordEmailPart(email);
  const lower = password.toLowerCase();
  if (local !== null && lower.includes(local)) problems.push(M.containsEmail);
  if (isCommon(lower)) problems.push(M.common);
  return problems;
}

/**
 * A password change's problems: the new password's, and when it has none, whether it is the
 * current one (myPasswordChange answers them joined, on 'newPassword').
 */
export function passwordChangeProblems(
  currentPassword: string,
  newPassword: string,
  email: string,
  options: PasswordRuleOptions,
): string[] {
  const problems = passwordProblems(newPassword, email, options);
  if (problems.length === 0 && newPassword === currentPassword) problems.push(M.sameAsCurrent);
  return problems;
}
