import { describe, expect, it } from 'vitest';

import {
  checkStaffAccess,
  checkStaffInvite,
  checkStaffName,
  staffNameSchema,
  TEAM_MESSAGES as M,
  type StaffInviteInput,
} from './team.input';

const invite = (extra: Partial<StaffInviteInput> = {}): StaffInviteInput => ({
  email: 'pessoa@vitrine.test',
  name: 'Pessoa',
  role: 'SUPPORT',
  ...extra,
});

function issueOf(result: { ok: boolean; issue?: unknown; value?: unknown }) {
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.value)}`);
  return result.issue;
}

describe('checkStaffName', () => {
  it('keeps the name trimmed', () => {
    expect(checkStaffName('  Ana  Souza ', 'name')).toEqual({ ok: true, value: 'Ana  Souza' });
  });

  it('refuses a blank name on the field given', () => {
    expect(issueOf(checkStaffName(' \t ', 'input.name'))).toEqual({
      field: 'input.name',
      message: M.nameEmpty,
    });
  });

  it('refuses a line break or a control character inside the name, not around it', () => {
    expect(issueOf(checkStaffName('Ana\nSouza', 'name'))).toEqual({
      field: 'name',
      message: 'O nome não pode ter quebras de linha nem caracteres de controle.',
    });
    expect(issueOf(checkStaffName('Ana\u0007', 'name'))).toMatchObject({ message: M.nameControl });
    expect(checkStaffName('\nAna\n', 'name')).toEqual({ ok: true, value: 'Ana' });
  });

  it('counts characters, not UTF-16 units: 80 emoji pass, 81 letters do not', () => {
    expect(checkStaffName('😀'.repeat(80), 'name').ok).toBe(true);
    expect(issueOf(checkStaffName('a'.repeat(81), 'name'))).toEqual({
      field: 'name',
      message: 'O nome deve ter no máximo 80 caracteres.',
    });
  });

  it('is the schema a form can use', () => {
    expect(staffNameSchema.safeParse(' Bia ').data).toBe('Bia');
    expect(staffNameSchema.safeParse('').error?.issues[0]?.message).toBe(M.nameEmpty);
  });
});

describe('checkStaffAccess', () => {
  it('gives a brand manager its brands deduplicated, in order', () => {
    expect(checkStaffAccess({ role: 'BRAND_MANAGER', brandIds: ['b', 'a', 'b'] })).toEqual({
      ok: true,
      value: { role: 'BRAND_MANAGER', brandIds: ['b', 'a'] },
    });
  });

  it('gives other roles no brands, and refuses brands for them', () => {
    expect(checkStaffAccess({ role: 'ADMIN', brandIds: null })).toEqual({
      ok: true,
      value: { role: 'ADMIN', brandIds: [] },
    });
    expect(issueOf(checkStaffAccess({ role: 'SUPPORT', brandIds: ['a'] }))).toEqual({
      field: 'input.brandIds',
      message: 'Só o gerente de marca tem marcas: deixe a lista de marcas vazia para este papel.',
    });
  });

  it('refuses a brand manager without brands or with more than 100', () => {
    expect(issueOf(checkStaffAccess({ role: 'BRAND_MANAGER', brandIds: [] }))).toEqual({
      field: 'input.brandIds',
      message: 'Escolha pelo menos uma marca.',
    });
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `brand-${i}`);
    expect(checkStaffAccess({ role: 'BRAND_MANAGER', brandIds: ids(100) }).ok).toBe(true);
    expect(issueOf(checkStaffAccess({ role: 'BRAND_MANAGER', brandIds: ids(101) }))).toEqual({
      field: 'input.brandIds',
      message: 'Escolha no máximo 100 marcas.',
    });
  });

  it('refuses an unknown role on input.role', () => {
    expect(issueOf(checkStaffAccess({ role: 'OWNER' }))).toEqual({
      field: 'input.role',
      message: 'Escolha um papel.',
    });
  });
});

describe('checkStaffInvite', () => {
  it('reads the invitation as the team stores it', () => {
    expect(checkStaffInvite(invite({ email: ' Ana@Vitrine.TEST ', name: ' Ana ' }))).toEqual({
      ok: true,
      value: { email: 'ana@vitrine.test', name: 'Ana', role: 'SUPPORT', brandIds: [] },
    });
  });

  it('checks the e-mail, then the name, then the brands', () => {
    const all = invite({ email: 'sem-arroba', name: '', role: 'BRAND_MANAGER', brandIds: [] });
    expect(issueOf(checkStaffInvite(all))).toEqual({
      field: 'input.email',
      message: 'Informe um e-mail válido, como nome@exemplo.com.br.',
    });
    expect(issueOf(checkStaffInvite({ ...all, email: 'a@b.com' }))).toEqual({
      field: 'input.name',
      message: M.nameEmpty,
    });
    expect(issueOf(checkStaffInvite({ ...all, email: 'a@b.com', name: 'A' }))).toEqual({
      field: 'input.brandIds',
      message: M.brandsEmpty,
    });
  });
});
