// Rules for a new staff password, with messages in Portuguese for the reset and staff screens.
import { readFileSync } from 'node:fs';
import { MAX_PASSWORD_LENGTH, passwordLength } from './password';

export const MIN_PASSWORD_LENGTH = 10;

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

/** Every rule the password breaks (empty when acceptable). */
export function passwordProblems(password: string, email: string): string[] {
  const problems: string[] = [];
  const length = passwordLength(password);
  if (length < MIN_PASSWORD_LENGTH) {
    problems.push(`A senha deve ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`);
  }
  if (length > MAX_PASSWORD_LENGTH) {
    problems.push(`A senha deve ter no máximo ${MAX_PASSWORD_LENGTH} caracteres.`);
  }
  const localPart = email.split('@')[0]?.trim().toLowerCase() ?? '';
  // A very short local part ("a@...") would forbid half the alphabet; three letters is telling.
  if (localPart.length >= 3 && password.toLowerCase().includes(localPart)) {
    problems.push('A senha não pode conter o seu e-mail (a parte antes do @).');
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    problems.push('Essa senha é muito comum e fácil de adivinhar. Escolha outra.');
  }
  return problems;
}
