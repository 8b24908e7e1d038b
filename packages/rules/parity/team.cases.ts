// Parity table of the team (Equipe: staffInvite, staffUpdateAccess, staffSetActive,
// staffInvitationResend, what the dashboard's Team screen sends; myProfileUpdate, its Account
// screen's), and what the API answers: a
// valid invitation and each refusal with its Portuguese message and field, in the order the server
// checks them. The same rows run through the real server (packages/api/test/parity.test.ts) and
// through the MSW mocks (packages/ui/src/mocks/parity.test.ts); the answers are written out.
//
// The ids differ between the two worlds, so a row names its target and brands symbolically and
// each runner puts its own: MY_EMAIL (the signed-in admin's e-mail, in capitals), KNOWN_BRAND (an existing
// brand), and the targets 'self' (the signed-in admin), 'member' (another active account, a
// brand manager without brands on the server, one with brands in the mocks) and 'unknown'.
import type { ParityAnswer } from './orders.cases';

export const TEAM_DOCUMENTS = {
  invite: `mutation ($input: StaffInviteInput!) {
  r: staffInvite(input: $input) { email name role active status }
}`,
  access: `mutation ($id: ID!, $input: StaffAccessInput!) {
  r: staffUpdateAccess(id: $id, input: $input) { role brandIds active status }
}`,
  active: `mutation ($id: ID!, $active: Boolean!) {
  r: staffSetActive(id: $id, active: $active) { role active status }
}`,
  resend: `mutation ($id: ID!) {
  r: staffInvitationResend(id: $id) { role active status }
}`,
  profile: `mutation ($name: String!) {
  r: myProfileUpdate(name: $name) { name }
}`,
} as const;

export type TeamOperation = keyof typeof TEAM_DOCUMENTS;

/** Replaced by each runner: the signed-in admin's own e-mail, in capitals. */
export const MY_EMAIL = '<my-email>';
/** Replaced by each runner: the id of a brand its world has. */
export const KNOWN_BRAND = '<known-brand>';
/** A well-formed id no account has. */
export const UNKNOWN_STAFF_ID = '00000000-0000-4000-8000-000000000000';

export interface TeamCase {
  name: string;
  operation: TeamOperation;
  /** Who asks (ADMIN unless told). */
  caller?: 'ADMIN' | 'SUPPORT';
  /** Whose account the row changes (access, active and resend rows). */
  target?: 'self' | 'member' | 'unknown';
  variables: Record<string, unknown>;
  answer: ParityAnswer<Record<string, unknown>>;
}

const refused = (field: string, message: string) => ({ code: 'BAD_USER_INPUT', field, message });
const FORBIDDEN = { code: 'FORBIDDEN', message: 'Você não tem permissão para esta ação.' };
const NOT_FOUND = { code: 'NOT_FOUND', message: 'Membro da equipe não encontrado.' };

const invite = (input: Record<string, unknown>) => ({
  input: { email: 'paridade@vitrine.test', name: 'Pessoa Paridade', role: 'SUPPORT', ...input },
});

export const TEAM_CASES: TeamCase[] = [
  {
    name: 'an invitation, its e-mail in lower case and its name trimmed',
    operation: 'invite',
    variables: invite({ email: ' Convite.Um@Vitrine.TEST ', name: '  Nova Pessoa ' }),
    answer: {
      data: {
        email: 'convite.um@vitrine.test',
        name: 'Nova Pessoa',
        role: 'SUPPORT',
        active: false,
        status: 'INVITED',
      },
    },
  },
  {
    name: 'an invitation of a brand manager with one brand',
    operation: 'invite',
    variables: invite({
      email: 'convite.dois@vitrine.test',
      role: 'BRAND_MANAGER',
      brandIds: [KNOWN_BRAND],
    }),
    answer: {
      data: {
        email: 'convite.dois@vitrine.test',
        name: 'Pessoa Paridade',
        role: 'BRAND_MANAGER',
        active: false,
        status: 'INVITED',
      },
    },
  },
  {
    name: 'an e-mail without its @',
    operation: 'invite',
    variables: invite({ email: 'sem-arroba.vitrine.test', name: '' }),
    answer: refused('input.email', 'Informe um e-mail válido, como nome@exemplo.com.br.'),
  },
  {
    name: 'a blank name',
    operation: 'invite',
    variables: invite({ name: '   ' }),
    answer: refused('input.name', 'Informe o nome.'),
  },
  {
    name: 'a name with a line break',
    operation: 'invite',
    variables: invite({ name: 'Pessoa\nParidade' }),
    answer: refused(
      'input.name',
      'O nome não pode ter quebras de linha nem caracteres de controle.',
    ),
  },
  {
    name: 'a name of 81 characters',
    operation: 'invite',
    variables: invite({ name: 'a'.repeat(81) }),
    answer: refused('input.name', 'O nome deve ter no máximo 80 caracteres.'),
  },
  {
    name: 'brands for a role without brands',
    operation: 'invite',
    variables: invite({ brandIds: [KNOWN_BRAND] }),
    answer: refused(
      'input.brandIds',
      'Só o gerente de marca tem marcas: deixe a lista de marcas vazia para este papel.',
    ),
  },
  {
    name: 'a brand manager without brands',
    operation: 'invite',
    variables: invite({ role: 'BRAND_MANAGER', brandIds: [] }),
    answer: refused('input.brandIds', 'Escolha pelo menos uma marca.'),
  },
  {
    name: 'a brand manager with 101 brands: counted before any is looked up',
    operation: 'invite',
    variables: invite({
      role: 'BRAND_MANAGER',
      brandIds: Array.from(
        { length: 101 },
        (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      ),
    }),
    answer: refused('input.brandIds', 'Escolha no máximo 100 marcas.'),
  },
  {
    name: 'a taken e-mail with an unknown brand: the brands are checked first',
    operation: 'invite',
    variables: invite({ email: MY_EMAIL, role: 'BRAND_MANAGER', brandIds: ['marca-inexistente'] }),
    answer: refused('input.brandIds', 'Marca não encontrada.'),
  },
  {
    name: 'an e-mail already in the team, in other capitals',
    operation: 'invite',
    variables: invite({ email: MY_EMAIL }),
    answer: refused('input.email', 'Já existe uma conta com este e-mail.'),
  },
  {
    name: 'an invitation by support',
    operation: 'invite',
    caller: 'SUPPORT',
    variables: invite({ email: 'convite.tres@vitrine.test' }),
    answer: FORBIDDEN,
  },
  {
    name: 'a change of my own access',
    operation: 'access',
    target: 'self',
    variables: { input: { role: 'SUPPORT', brandIds: [] } },
    answer: {
      code: 'FORBIDDEN',
      message: 'Você não pode alterar o seu próprio acesso.',
    },
  },
  {
    name: 'a change of an unknown account',
    operation: 'access',
    target: 'unknown',
    variables: { input: { role: 'SUPPORT', brandIds: [] } },
    answer: NOT_FOUND,
  },
  {
    name: 'an unknown brand of an unknown account: the brands are checked first',
    operation: 'access',
    target: 'unknown',
    variables: { input: { role: 'BRAND_MANAGER', brandIds: ['marca-inexistente'] } },
    answer: refused('input.brandIds', 'Marca não encontrada.'),
  },
  {
    name: 'brands for support on a change of access: the brands are checked first',
    operation: 'access',
    target: 'unknown',
    variables: { input: { role: 'SUPPORT', brandIds: [KNOWN_BRAND] } },
    answer: refused(
      'input.brandIds',
      'Só o gerente de marca tem marcas: deixe a lista de marcas vazia para este papel.',
    ),
  },
  {
    name: 'a brand manager without brands on a change of access',
    operation: 'access',
    target: 'unknown',
    variables: { input: { role: 'BRAND_MANAGER', brandIds: [] } },
    answer: refused('input.brandIds', 'Escolha pelo menos uma marca.'),
  },
  {
    name: 'a brand manager made support',
    operation: 'access',
    target: 'member',
    variables: { input: { role: 'SUPPORT', brandIds: [] } },
    answer: { data: { role: 'SUPPORT', brandIds: [], active: true, status: 'ACTIVE' } },
  },
  {
    name: 'a change of access by support',
    operation: 'access',
    caller: 'SUPPORT',
    target: 'member',
    variables: { input: { role: 'SUPPORT', brandIds: [] } },
    answer: FORBIDDEN,
  },
  {
    name: 'deactivating my own account',
    operation: 'active',
    target: 'self',
    variables: { active: false },
    answer: { code: 'FORBIDDEN', message: 'Você não pode desativar a sua própria conta.' },
  },
  {
    name: 'deactivating an unknown account',
    operation: 'active',
    target: 'unknown',
    variables: { active: false },
    answer: NOT_FOUND,
  },
  {
    name: 'resending the invitation of an account that accepted it',
    operation: 'resend',
    target: 'member',
    variables: {},
    answer: refused('id', 'Esta conta já aceitou o convite: não há convite para reenviar.'),
  },
  {
    name: 'a blank name of my own',
    operation: 'profile',
    variables: { name: ' \t ' },
    answer: refused('name', 'Informe o nome.'),
  },
  {
    name: 'a name of my own with a tab inside',
    operation: 'profile',
    variables: { name: 'Ana\tSouza' },
    answer: refused('name', 'O nome não pode ter quebras de linha nem caracteres de controle.'),
  },
  {
    name: 'a name of my own of 81 characters',
    operation: 'profile',
    variables: { name: 'a'.repeat(81) },
    answer: refused('name', 'O nome deve ter no máximo 80 caracteres.'),
  },
];
