// Rules for a new staff password (@vitrine/rules password: length, e-mail, common passwords, with
// messages in Portuguese for the reset and staff screens), with the server's lists of common
// passwords read from disk.
import { readFileSync } from 'node:fs';
import { passwordProblems as passwordRuleProblems } from '@vitrine/rules';

export { MIN_PASSWORD_LENGTH } from '@vitrine/rules';

function readPasswordList(file: string): string[] {
  return readFileSync(new URL(file, import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.toLowerCase());
}

/** The published ranking's 1,000 most common passwords, most common first. */
const RANKED_COMMON_PASSWORDS = readPasswordList('./common-passwords.txt');
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  ...RANKED_COMMON_PASSWORDS,
  ...readPasswordList('./common-passwords-br.txt'),
]);

/** The ranked list as shipped (for tests and the staff tooling). */
export function rankedCommonPasswords(): readonly string[] {
  return RANKED_COMMON_PASSWORDS;
}

/** Whether a lower-case password is on the server's lists. */
export function isCommonPassword(lowerCasePassword: string): boolean {
  return COMMON_PASSWORDS.has(lowerCasePassword);
}

/** Every rule the password breaks (empty when acceptable). */
export function passwordProblems(password: string, email: string): string[] {
  return passwordRuleProblems(password, email, { isCommon: isCommonPassword });
}
