// The team's mock answers as the API: ADMIN only, invitations validated field by field, nobody
// changes their own access, the last active ADMIN is kept, and the state follows the mutations.
import { describe, expect, it } from 'vitest';

import { catalogMock, makeAccessToken, staffMock } from '../../../mocks';
import { makeCatalogStructure } from '../../../mocks/catalog/catalogStructure.fixtures';
import { makeTeamMember } from '../../../mocks/team/team.fixtures';
import {
  EMAIL_TAKEN,
  LAST_ADMIN_MESSAGE,
  OWN_ACCESS_MESSAGE,
  STAFF_NOT_FOUND,
  TEAM_FORBIDDEN_MESSAGE,
  withTeam,
} from '../../../mocks/team/staffTeam';
import { server } from '../../../mocks/server';

interface GraphqlResult<T> {
  data?: T | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

async function staffGraphql<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
) {
  const token = makeAccessToken('staff-1', 'admin@vitrine.com.br');
  const response = await fetch('http://localhost/graphql/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphqlResult<T>;
}

const MEMBERS = `query { staffMembers { id name role status brandIds active invitationExpiresAt } }`;
const INVITE = `mutation ($input: StaffInviteInput!) { staffInvite(input: $input) { id status } }`;
const ACCESS = `mutation ($id: ID!, $input: StaffAccessInput!) {
  staffUpdateAccess(id: $id, input: $input) { id role brandIds } }`;
const SET_ACTIVE = `mutation ($id: ID!, $active: Boolean!) { staffSetActive(id: $id, active: $active) { id status active } }`;

function useCatalog() {
  server.use(...catalogMock.answers(makeCatalogStructure()));
}

describe('team mock', () => {
  it('answers FORBIDDEN to a brand manager', async () => {
    useCatalog();
    server.use(...staffMock.answers({ role: 'BRAND_MANAGER', brandIds: ['brand-1'] }));
    const result = await staffGraphql(MEMBERS);
    expect(result.errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN');
    expect(result.errors?.[0]?.message).toBe(TEAM_FORBIDDEN_MESSAGE);
  });

  it('validates an invitation field by field, then creates it INVITED for 72 hours', async () => {
    useCatalog();
    const invite = (input: Record<string, unknown>) => staffGraphql(INVITE, { input });
    const base = { email: 'nova@vitrine.com.br', name: 'Nova', role: 'SUPPORT' };
    const field = async (input: Record<string, unknown>) =>
      (await invite(input)).errors?.[0]?.extensions?.['field'];
    // The server's field paths (team.service.ts): under the mutation's `input`.
    expect(await field({ ...base, email: 'sem-arroba' })).toBe('input.email');
    const taken = await invite({ ...base, email: 'CARLA@vitrine.com.br' });
    expect(taken.errors?.[0]?.message).toBe(EMAIL_TAKEN);
    expect(taken.errors?.[0]?.extensions?.['field']).toBe('input.email');
    expect(await field({ ...base, name: '  ' })).toBe('input.name');
    expect(await field({ ...base, role: 'BRAND_MANAGER' })).toBe('input.brandIds');
    expect(await field({ ...base, role: 'BRAND_MANAGER', brandIds: ['brand-x'] })).toBe(
      'input.brandIds',
    );
    expect(await field({ ...base, brandIds: ['brand-1'] })).toBe('input.brandIds');
    const created = await invite(base);
    expect(created.data).toMatchObject({ staffInvite: { status: 'INVITED' } });
    const list = await staffGraphql<{ staffMembers: { name: string }[] }>(MEMBERS);
    expect(list.data?.staffMembers.map((member) => member.name)).toContain('Nova');
  });

  it("refuses one's own access and keeps the last active admin", async () => {
    useCatalog();
    // The other admin is deactivated; the caller's own row is the only active ADMIN left, and an
    // invited ADMIN does not count.
    server.use(
      ...staffMock.answers({
        ...withTeam([
          makeTeamMember({
            id: 'staff-9',
            name: 'Ivo',
            email: 'ivo@vitrine.com.br',
            role: 'ADMIN',
          }),
          makeTeamMember({
            id: 'staff-1',
            name: 'Ana Souza',
            email: 'admin@vitrine.com.br',
            role: 'ADMIN',
            status: 'INACTIVE',
            active: false,
          }),
        ]),
      }),
    );
    const own = await staffGraphql(ACCESS, { id: 'staff-1', input: { role: 'SUPPORT' } });
    expect(own.errors?.[0]).toMatchObject({
      message: OWN_ACCESS_MESSAGE,
      extensions: { code: 'FORBIDDEN' },
    });
    const ownAccount = await staffGraphql(SET_ACTIVE, { id: 'staff-1', active: false });
    expect(ownAccount.errors?.[0]).toMatchObject({
      message: 'Você não pode desativar a sua própria conta.',
      extensions: { code: 'FORBIDDEN' },
    });
    const last = await staffGraphql(SET_ACTIVE, { id: 'staff-9', active: false });
    expect(last.errors?.[0]).toMatchObject({
      message: LAST_ADMIN_MESSAGE,
      extensions: { code: 'BAD_USER_INPUT', field: 'active' },
    });
    const demote = await staffGraphql(ACCESS, { id: 'staff-9', input: { role: 'SUPPORT' } });
    expect(demote.errors?.[0]).toMatchObject({
      message: LAST_ADMIN_MESSAGE,
      extensions: { code: 'BAD_USER_INPUT', field: 'input.role' },
    });
    const missing = await staffGraphql(SET_ACTIVE, { id: 'staff-404', active: false });
    expect(missing.errors?.[0]).toMatchObject({
      message: STAFF_NOT_FOUND,
      extensions: { code: 'NOT_FOUND' },
    });
  });

  it('changes access and deactivates, as the list then shows', async () => {
    useCatalog();
    const changed = await staffGraphql(ACCESS, {
      id: 'staff-2',
      input: { role: 'BRAND_MANAGER', brandIds: ['brand-2'] },
    });
    expect(changed.data).toMatchObject({
      staffUpdateAccess: { role: 'BRAND_MANAGER', brandIds: ['brand-2'] },
    });
    const off = await staffGraphql(SET_ACTIVE, { id: 'staff-4', active: false });
    expect(off.data).toMatchObject({ staffSetActive: { status: 'INACTIVE', active: false } });
  });
});
