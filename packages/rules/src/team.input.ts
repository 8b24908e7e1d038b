// The team's inputs (staffInvite, staffUpdateAccess, myProfileUpdate), once for the server, the
// dashboard's Team and Account forms and the ui's mocks: a staff member's name, the e-mail of an
// invitation and a role's brands, each wrong value with its Portuguese message on its field
// ('input.name', 'input.brandIds'). The first broken rule is reported, in the order the server reads
// the fields: e-mail, name, role, brands. Whether the brands exist and the e-mail is free are
// questions for each side's store (the database, the mock world), answered with TEAM_MESSAGES.
import { z } from 'zod';

import { checkEmail } from './email';
import type { StaffRoleName } from './roles';
import { checkRules, type RuleResult } from './variant';

export const TEAM_LIMITS = {
  /** Characters (code points) of a name, after trimming. */
  nameLength: 80,
  /** Brands of one brand manager. */
  brands: 100,
} as const;

export const STAFF_ROLES: readonly StaffRoleName[] = ['ADMIN', 'BRAND_MANAGER', 'SUPPORT'];

/** The team's refusals in the server's words (team.service.ts), for the server and the mocks. */
export const TEAM_MESSAGES = {
  nameEmpty: 'Informe o nome.',
  nameControl: 'O nome não pode ter quebras de linha nem caracteres de controle.',
  nameTooLong: `O nome deve ter no máximo ${TEAM_LIMITS.nameLength} caracteres.`,
  role: 'Escolha um papel.',
  brandsForRole: 'Só o gerente de marca tem marcas: deixe a lista de marcas vazia para este papel.',
  brandsEmpty: 'Escolha pelo menos uma marca.',
  brandsTooMany: `Escolha no máximo ${TEAM_LIMITS.brands} marcas.`,
  /** A brand id no brand has (each side's store answers). */
  brandNotFound: 'Marca não encontrada.',
  /** An account already has the e-mail (each side's store answers). */
  emailTaken: 'Já existe uma conta com este e-mail.',
  /** A change that would leave no active ADMIN (on 'input.role' or 'active'). */
  lastAdmin: 'É preciso manter pelo menos um administrador ativo.',
  resendAccepted: 'Esta conta já aceitou o convite: não há convite para reenviar.',
  reactivateInvited:
    'Esta pessoa ainda não aceitou o convite: reenvie o convite em vez de reativar a conta.',
  wrongCurrentPassword: 'Senha atual incorreta.',
} as const;

const M = TEAM_MESSAGES;

/** A staff member's name: trimmed, not blank, one line without control characters, ≤ 80. */
export const staffNameSchema = z
  .string()
  .trim()
  .min(1, M.nameEmpty)
  .refine((name) => !/\p{Cc}/u.test(name), M.nameControl)
  .refine((name) => [...name].length <= TEAM_LIMITS.nameLength, M.nameTooLong);

function at<T>(field: string, result: RuleResult<T>): RuleResult<T> {
  if (result.ok) return result;
  const inner = result.issue.field;
  return { ok: false, issue: { ...result.issue, field: inner ? `${field}.${inner}` : field } };
}

/** The name as stored (trimmed), or the refusal on `field` ('input.name', 'name'). */
export function checkStaffName(value: string, field: string): RuleResult<string> {
  return at(field, checkRules(staffNameSchema, value));
}

export interface StaffAccessInput {
  role: string;
  brandIds?: readonly string[] | null;
}

/**
 * A role and its brands: brands for a BRAND_MANAGER only, 1 to 100 of them; the ids come back
 * deduplicated, in their order. The role's refusal is on 'input.role', the brands' on `field`.
 */
export function checkStaffAccess(
  input: StaffAccessInput,
  field = 'input.brandIds',
): RuleResult<{ role: StaffRoleName; brandIds: string[] }> {
  const role = STAFF_ROLES.find((known) => known === input.role);
  if (!role) return { ok: false, issue: { field: 'input.role', message: M.role } };
  const unique = [...new Set(input.brandIds ?? [])];
  const refuse = (message: string) => ({ ok: false as const, issue: { field, message } });
  if (role !== 'BRAND_MANAGER') {
    return unique.length > 0
      ? refuse(M.brandsForRole)
      : { ok: true, value: { role, brandIds: [] } };
  }
  if (unique.length === 0) return refuse(M.brandsEmpty);
  if (unique.length > TEAM_LIMITS.brands) return refuse(M.brandsTooMany);
  return { ok: true, value: { role, brandIds: unique } };
}

export interface StaffInviteInput extends StaffAccessInput {
  email: string;
  name: string;
}

export interface StaffInviteValues {
  /** Trimmed and lower-cased, as the team stores it. */
  email: string;
  name: string;
  role: StaffRoleName;
  brandIds: string[];
}

/** An invitation's input (staffInvite): e-mail, name, role and brands, on 'input.<field>'. */
export function checkStaffInvite(input: StaffInviteInput): RuleResult<StaffInviteValues> {
  const email = checkEmail(input.email);
  if (!email.ok) return { ok: false, issue: { field: 'input.email', message: email.message } };
  const name = checkStaffName(input.name, 'input.name');
  if (!name.ok) return name;
  const access = checkStaffAccess(input);
  if (!access.ok) return access;
  return {
    ok: true,
    value: { email: email.email.toLowerCase(), name: name.value, ...access.value },
  };
}
