// The team and my account on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL):
// staffMembers, invitations by single-use link (72 hours, stored hashed) and their REST pages,
// role and brands, deactivation, the last active ADMIN under concurrent demotions, name and
// password of "Minha conta", and the audit entry each action writes.
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createStaffUser,
  createTestContext,
  graphql,
  loginAs,
  signInStaffRoles,
  STAFF_PASSWORD,
  type SignedInStaff,
  type StaffRoleKey,
  type TestContext,
} from '../../../test/helpers';
import type { GraphQLContext, StaffPrincipal } from '../../graphql/context';
import { auditLog } from '../audit/audit.tables';
import { brands } from '../catalog/catalog.tables';
import { findStaffByEmail } from '../staff/staff.repository';
import { staff as staffTable, staffInvitations } from '../staff/staff.tables';
import {
  INVITATION_INVALID,
  INVITATION_REQUESTS_PER_IP_PER_HOUR,
  INVITATION_TTL_MS,
  LAST_ADMIN_MESSAGE,
  setActive,
  teamDeps,
  updateAccess,
} from './team.service';

const STAFF_FIELDS = `id name email role active brandIds status lastSignInAt invitationExpiresAt createdAt`;
const MEMBERS = `query { staffMembers { ${STAFF_FIELDS} } }`;
const ME = `query { me { ${STAFF_FIELDS} } }`;
const INVITE = `mutation($input: StaffInviteInput!) { staffInvite(input: $input) { ${STAFF_FIELDS} } }`;
const RESEND = `mutation($id: ID!) { staffInvitationResend(id: $id) { ${STAFF_FIELDS} } }`;
const ACCESS = `mutation($id: ID!, $input: StaffAccessInput!) { staffUpdateAccess(id: $id, input: $input) { ${STAFF_FIELDS} } }`;
const SET_ACTIVE = `mutation($id: ID!, $active: Boolean!) { staffSetActive(id: $id, active: $active) { ${STAFF_FIELDS} } }`;
const PROFILE = `mutation($name: String!) { myProfileUpdate(name: $name) { ${STAFF_FIELDS} } }`;
const PASSWORD = `mutation($current: String!, $next: String!) { myPasswordChange(currentPassword: $current, newPassword: $next) { access refresh } }`;
const SIGN_OUT_EVERYWHERE = `mutation { signOutEverywhere }`;

interface StaffOut {
  id: string;
  name: string;
  email: string;
  role: string;
  active: boolean;
  brandIds: string[];
  status: 'ACTIVE' | 'INVITED' | 'INACTIVE';
  lastSignInAt: string | null;
  invitationExpiresAt: string | null;
  createdAt: string;
}
interface GqlError {
  message: string;
  extensions?: { code?: string; field?: string; problems?: string[]; retryAfterSeconds?: number };
}

let ctx: TestContext;
let staff: Record<StaffRoleKey, SignedInStaff>;
let brandA: string;
let brandB: string;

async function call(query: string, variables: Record<string, unknown>, token?: string) {
  const { body } = await graphql(ctx.app, query, variables, token);
  return { data: body.data ?? null, error: body.errors?.[0] as GqlError | undefined };
}

/** A fresh access token (tokens live 5 minutes: tests that move the clock sign in again). */
async function tokenOf(who: StaffRoleKey): Promise<string> {
  return loginAs(ctx.app, staff[who].email, STAFF_PASSWORD);
}

async function post(url: string, payload: unknown, ip = '198.51.100.7') {
  const response = await ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: ip,
  });
  return {
    status: response.statusCode,
    body: response.json() as Record<string, unknown>,
    headers: response.headers,
  };
}

/** The token of the latest invitation mail to `email`. */
async function invitationToken(email: string): Promise<string> {
  await ctx.app.mail.flush();
  const mails = ctx.mail.sent.filter((mail) => mail.to === email);
  const last = mails.at(-1);
  if (!last) throw new Error(`no mail to ${email}`);
  const match = /\/convite\?token=([A-Za-z0-9_-]{43})/.exec(last.text);
  if (!match) throw new Error(`no invitation link in: ${last.text}`);
  return match[1]!;
}

async function invite(input: Record<string, unknown>, token = staff.admin.token) {
  const { data, error } = await call(INVITE, { input }, token);
  return { member: (data?.staffInvite ?? null) as StaffOut | null, error };
}

async function auditOf(action: string, entityId: string) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
}

beforeAll(async () => {
  ctx = await createTestContext();
  const inserted = await ctx.db
    .insert(brands)
    .values([
      { slug: 'aurora', name: 'Aurora', color: '#aa3355' },
      { slug: 'boreal', name: 'Boreal', color: '#3355aa' },
    ])
    .returning({ id: brands.id });
  brandA = inserted[0]!.id;
  brandB = inserted[1]!.id;
  staff = await signInStaffRoles(ctx, {
    managerBrandIds: [brandA],
    names: { admin: 'Ana Admin', manager: 'Marina Gerente', support: 'Bruno Suporte' },
  });
});

afterAll(async () => {
  await ctx?.close();
});

describe('staffMembers', () => {
  it('lists every account by name for an ADMIN, with status and dates', async () => {
    const { data, error } = await call(MEMBERS, {}, staff.admin.token);
    expect(error).toBeUndefined();
    const members = data!.staffMembers as StaffOut[];
    const names = members.map((member) => member.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    const admin = members.find((member) => member.id === staff.admin.id)!;
    expect(admin).toMatchObject({ status: 'ACTIVE', role: 'ADMIN', invitationExpiresAt: null });
    expect(Date.parse(admin.createdAt)).not.toBeNaN();
  });

  it('is refused to the other roles and to anonymous callers', async () => {
    for (const who of ['manager', 'support'] as const) {
      const { data, error } = await call(MEMBERS, {}, staff[who].token);
      expect(data).toBeNull();
      expect(error?.extensions?.code).toBe('FORBIDDEN');
    }
    expect((await call(MEMBERS, {})).error?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('staffInvite and the invitation link', () => {
  it("names the store by its current name and the role by the dashboard's name for it", async () => {
    await ctx.db.execute(sql`UPDATE store_settings SET store_name = 'Casa Jabuticaba'`);
    try {
      const { error } = await invite({
        email: 'renomeada@example.com',
        name: 'Rê Nomeada',
        role: 'BRAND_MANAGER',
        brandIds: [brandA],
      });
      expect(error).toBeUndefined();
      await invitationToken('renomeada@example.com');
      const mail = ctx.mail.sent.filter((m) => m.to === 'renomeada@example.com').at(-1)!;
      expect(mail.subject).toBe('Convite para a equipe de Casa Jabuticaba');
      expect(mail.text).toContain('com o papel Gestão de marcas');
      expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/Vitrine|Gerente de marca/);
    } finally {
      await ctx.db.execute(sql`UPDATE store_settings SET store_name = 'Vitrine'`);
    }
  });

  it('creates an INVITED account with an unusable password, mails a 72-hour link and audits it', async () => {
    const { member, error } = await invite({
      email: '  Nova.Pessoa@Example.COM ',
      name: '  Nova Pessoa ',
      role: 'BRAND_MANAGER',
      brandIds: [brandA, brandB, brandA],
    });
    expect(error).toBeUndefined();
    expect(member).toMatchObject({
      email: 'nova.pessoa@example.com',
      name: 'Nova Pessoa',
      role: 'BRAND_MANAGER',
      active: false,
      status: 'INVITED',
      lastSignInAt: null,
    });
    expect(member!.brandIds.sort()).toEqual([brandA, brandB].sort());
    expect(member!.invitationExpiresAt).toBe(
      new Date(ctx.clock.now() + INVITATION_TTL_MS).toISOString(),
    );

    const token = await invitationToken('nova.pessoa@example.com');
    const mail = ctx.mail.sent.at(-1)!;
    expect(mail.text).toContain(`${ctx.config.publicUrl}/convite?token=${token}`);
    expect(mail.text).toContain('72 horas');
    expect(mail.text).toContain('Ana Admin');
    // Only the token's SHA-256 is stored.
    const stored = await ctx.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.staffId, member!.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    const row = await findStaffByEmail(ctx.db, 'nova.pessoa@example.com');
    expect(row!.invitedBy).toBe(staff.admin.id);
    expect(await ctx.app.passwords.verify('', row!.passwordHash)).toMatchObject({ ok: false });
    expect(await ctx.app.passwords.verify(row!.passwordHash, row!.passwordHash)).toMatchObject({
      ok: false,
    });
    // An INVITED account cannot sign in, whatever it types.
    const login = await post('/auth/login/', {
      email: 'nova.pessoa@example.com',
      password: row!.passwordHash,
    });
    expect(login.status).toBe(401);

    const [entry] = await auditOf('staff.invite', member!.id);
    expect(entry).toMatchObject({
      actorId: staff.admin.id,
      entity: 'STAFF',
      entityLabel: 'nova.pessoa@example.com',
    });
    expect(entry!.after).toMatchObject({ role: 'BRAND_MANAGER' });
  });

  it('refuses a taken e-mail (any case), bad names and brands, at the input field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'ADMIN@vitrine.test', name: 'Outra', role: 'SUPPORT' }, 'input.email'],
      [{ email: 'sem-arroba', name: 'Outra', role: 'SUPPORT' }, 'input.email'],
      [{ email: 'x1@example.com', name: '   ', role: 'SUPPORT' }, 'input.name'],
      [{ email: 'x2@example.com', name: 'a'.repeat(81), role: 'SUPPORT' }, 'input.name'],
      [{ email: 'x3@example.com', name: 'Nome\nquebrado', role: 'SUPPORT' }, 'input.name'],
      [{ email: 'x4@example.com', name: 'Gerente', role: 'BRAND_MANAGER' }, 'input.brandIds'],
      [
        { email: 'x5@example.com', name: 'Gerente', role: 'BRAND_MANAGER', brandIds: ['nada'] },
        'input.brandIds',
      ],
      [
        {
          email: 'x6@example.com',
          name: 'Gerente',
          role: 'BRAND_MANAGER',
          brandIds: ['00000000-0000-4000-8000-000000000000'],
        },
        'input.brandIds',
      ],
      [
        { email: 'x7@example.com', name: 'Suporte', role: 'SUPPORT', brandIds: [brandA] },
        'input.brandIds',
      ],
    ];
    for (const [input, field] of cases) {
      const { member, error } = await invite(input);
      expect(member, JSON.stringify(input)).toBeNull();
      expect(error?.extensions, JSON.stringify(input)).toMatchObject({
        code: 'BAD_USER_INPUT',
        field,
      });
    }
    expect((await invite(cases[0]![0])).error?.message).toBe(
      'Já existe uma conta com este e-mail.',
    );
    const made = await ctx.db
      .select()
      .from(staffTable)
      .where(eq(staffTable.email, 'x1@example.com'));
    expect(made).toHaveLength(0);
  });

  it('is refused to non-admins', async () => {
    const { member, error } = await invite(
      { email: 'y@example.com', name: 'Y', role: 'SUPPORT' },
      staff.manager.token,
    );
    expect(member).toBeNull();
    expect(error?.extensions?.code).toBe('FORBIDDEN');
  });

  it('check answers who was invited; accept refuses a weak password, then signs the invitee in once', async () => {
    const { member } = await invite({
      email: 'aceita@example.com',
      name: 'Aceita',
      role: 'SUPPORT',
    });
    const token = await invitationToken('aceita@example.com');

    const check = await post('/auth/invitation/check/', { token });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ valid: true, email: 'aceita@example.com', name: 'Aceita' });
    expect(check.headers['cache-control']).toBe('no-store');

    const weak = await post('/auth/invitation/accept/', { token, password: 'curta' });
    expect(weak.status).toBe(400);
    expect(weak.body.password).toEqual(
      expect.arrayContaining([expect.stringContaining('pelo menos 10 caracteres')]),
    );

    const chosen = 'um jardim de palavras longas';
    const accepted = await post('/auth/invitation/accept/', { token, password: chosen });
    expect(accepted.status).toBe(200);
    expect(Object.keys(accepted.body).sort()).toEqual(['access', 'refresh']);
    const me = await call(ME, {}, accepted.body.access as string);
    expect(me.data!.me).toMatchObject({
      id: member!.id,
      status: 'ACTIVE',
      active: true,
      invitationExpiresAt: null,
      lastSignInAt: new Date(ctx.clock.now()).toISOString(),
    });
    const refreshed = await post('/auth/token/refresh/', { refresh: accepted.body.refresh });
    expect(refreshed.status).toBe(200);

    // A token works once; check says so too.
    const again = await post('/auth/invitation/accept/', { token, password: chosen });
    expect(again).toMatchObject({ status: 400, body: { detail: INVITATION_INVALID } });
    const recheck = await post('/auth/invitation/check/', { token });
    expect(recheck).toMatchObject({ status: 400, body: { detail: INVITATION_INVALID } });

    expect(await loginAs(ctx.app, 'aceita@example.com', chosen)).toBeTruthy();
    const [entry] = await auditOf('staff.invitation_accept', member!.id);
    expect(entry).toMatchObject({ actorId: member!.id, actorEmail: 'aceita@example.com' });
    expect(JSON.stringify(entry)).not.toContain(chosen);
  });

  it('two acceptances of one link at once: one signs in, the other is refused', async () => {
    await invite({ email: 'duas-vezes@example.com', name: 'Duas Vezes', role: 'SUPPORT' });
    const token = await invitationToken('duas-vezes@example.com');
    const answers = await Promise.all(
      ['primeira frase bem comprida', 'segunda frase bem comprida'].map((password, i) =>
        post('/auth/invitation/accept/', { token, password }, `198.51.100.${20 + i}`),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const row = await findStaffByEmail(ctx.db, 'duas-vezes@example.com');
    const winner = answers.findIndex((a) => a.status === 200);
    const chosen = ['primeira frase bem comprida', 'segunda frase bem comprida'][winner]!;
    expect(await ctx.app.passwords.verify(chosen, row!.passwordHash)).toMatchObject({ ok: true });
    expect(await auditOf('staff.invitation_accept', row!.id)).toHaveLength(1);
  });

  it('two invitations of one e-mail at once: one account, the other a clear error', async () => {
    const results = await Promise.all(
      ['Primeiro', 'Segundo'].map((name) =>
        invite({ email: 'corrida@example.com', name, role: 'SUPPORT' }),
      ),
    );
    expect(results.filter((r) => r.member)).toHaveLength(1);
    const refused = results.find((r) => r.error);
    expect(refused?.error?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'input.email',
    });
    const rows = await ctx.db
      .select()
      .from(staffTable)
      .where(eq(staffTable.email, 'corrida@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('answers 400 in Portuguese to bad bodies and unknown tokens', async () => {
    const noBody = await post('/auth/invitation/check/', []);
    expect(noBody.status).toBe(400);
    expect(noBody.body.detail).toMatch(/objeto JSON/);
    const noToken = await post('/auth/invitation/accept/', { password: 'x' });
    expect(noToken).toMatchObject({ status: 400 });
    expect(noToken.body.detail).toMatch(/"token".*obrigatório/);
    const wrong = await post('/auth/invitation/accept/', {
      token: 'A'.repeat(43),
      password: 'uma senha comprida qualquer',
    });
    expect(wrong).toMatchObject({ status: 400, body: { detail: INVITATION_INVALID } });
    const typed = await post('/auth/invitation/check/', { token: 42 });
    expect(typed.status).toBe(400);
  });

  it('expires after 72 hours; a resend revokes the old link and mails a new one', async () => {
    const { member } = await invite({
      email: 'expira@example.com',
      name: 'Expira',
      role: 'SUPPORT',
    });
    const first = await invitationToken('expira@example.com');
    ctx.clock.advance(INVITATION_TTL_MS - 1000);
    expect((await post('/auth/invitation/check/', { token: first })).status).toBe(200);
    ctx.clock.advance(1000);
    expect(await post('/auth/invitation/check/', { token: first })).toMatchObject({
      status: 400,
      body: { detail: INVITATION_INVALID },
    });
    const admin = await tokenOf('admin');
    const listed = (await call(MEMBERS, {}, admin)).data!.staffMembers as StaffOut[];
    // Still INVITED, with the (past) moment the link stopped working.
    expect(listed.find((m) => m.id === member!.id)).toMatchObject({
      status: 'INVITED',
      invitationExpiresAt: new Date(ctx.clock.now()).toISOString(),
    });

    const resent = await call(RESEND, { id: member!.id }, admin);
    expect(resent.error).toBeUndefined();
    const second = await invitationToken('expira@example.com');
    expect(second).not.toBe(first);
    expect((resent.data!.staffInvitationResend as StaffOut).invitationExpiresAt).toBe(
      new Date(ctx.clock.now() + INVITATION_TTL_MS).toISOString(),
    );
    // Resent again before it expires: the second link stops working at once.
    await call(RESEND, { id: member!.id }, admin);
    const third = await invitationToken('expira@example.com');
    expect((await post('/auth/invitation/check/', { token: second })).status).toBe(400);
    expect((await post('/auth/invitation/check/', { token: third })).status).toBe(200);
    expect(await auditOf('staff.invitation_resend', member!.id)).toHaveLength(2);
  });

  it('resend refuses an account that accepted and an unknown id', async () => {
    const admin = await tokenOf('admin');
    const active = await call(RESEND, { id: staff.support.id }, admin);
    expect(active.error?.extensions?.code).toBe('BAD_USER_INPUT');
    const unknown = await call(RESEND, { id: '00000000-0000-4000-8000-000000000000' }, admin);
    expect(unknown.error?.extensions?.code).toBe('NOT_FOUND');
  });

  it('throttles checks per client address', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < INVITATION_REQUESTS_PER_IP_PER_HOUR; i += 1) {
      expect((await post('/auth/invitation/check/', { token: 'x' }, ip)).status).toBe(400);
    }
    const refused = await post('/auth/invitation/check/', { token: 'x' }, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.detail).toMatch(/Muitas tentativas/);
    // Another address is not affected.
    expect((await post('/auth/invitation/check/', { token: 'x' }, '192.0.2.78')).status).toBe(400);
  });
});

describe('staffUpdateAccess and staffSetActive', () => {
  let admin: string;
  beforeEach(async () => {
    admin = await tokenOf('admin');
  });

  it('changes role and brands, audited with before and after; the next request sees them', async () => {
    const member = await createStaffUser(ctx.db, {
      email: 'troca@example.com',
      password: STAFF_PASSWORD,
      role: 'BRAND_MANAGER',
      brandIds: [brandA],
    });
    const memberToken = await loginAs(ctx.app, member.email, STAFF_PASSWORD);
    const { data, error } = await call(
      ACCESS,
      { id: member.id, input: { role: 'SUPPORT', brandIds: [] } },
      admin,
    );
    expect(error).toBeUndefined();
    expect(data!.staffUpdateAccess).toMatchObject({ role: 'SUPPORT', brandIds: [] });
    const me = await call(ME, {}, memberToken);
    expect(me.data!.me).toMatchObject({ role: 'SUPPORT', brandIds: [] });
    const [entry] = await auditOf('staff.access_change', member.id);
    expect(entry).toMatchObject({
      before: { role: 'BRAND_MANAGER', brandIds: [brandA] },
      after: { role: 'SUPPORT', brandIds: [] },
      brandIds: [brandA],
      summary: 'Alterou o papel de troca@example.com: Gestão de marcas → Atendimento',
    });

    const noBrands = await call(ACCESS, { id: member.id, input: { role: 'BRAND_MANAGER' } }, admin);
    expect(noBrands.error?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'input.brandIds',
    });
  });

  it('refuses oneself, non-admins and unknown ids', async () => {
    const self = await call(ACCESS, { id: staff.admin.id, input: { role: 'SUPPORT' } }, admin);
    expect(self.error?.extensions?.code).toBe('FORBIDDEN');
    expect(self.error?.message).toMatch(/próprio acesso/);
    const selfOff = await call(SET_ACTIVE, { id: staff.admin.id, active: false }, admin);
    expect(selfOff.error?.extensions?.code).toBe('FORBIDDEN');
    const manager = await tokenOf('manager');
    const byManager = await call(
      ACCESS,
      { id: staff.support.id, input: { role: 'ADMIN' } },
      manager,
    );
    expect(byManager.error?.extensions?.code).toBe('FORBIDDEN');
    const unknown = await call(
      SET_ACTIVE,
      { id: '00000000-0000-4000-8000-000000000000', active: false },
      admin,
    );
    expect(unknown.error?.extensions?.code).toBe('NOT_FOUND');
  });

  it('deactivation ends every session at once; reactivation lets the member sign in again', async () => {
    const member = await createStaffUser(ctx.db, {
      email: 'sai@example.com',
      password: STAFF_PASSWORD,
      role: 'SUPPORT',
    });
    const login = await post('/auth/login/', { email: member.email, password: STAFF_PASSWORD });
    const { access, refresh } = login.body as { access: string; refresh: string };
    const off = await call(SET_ACTIVE, { id: member.id, active: false }, admin);
    expect(off.data!.staffSetActive).toMatchObject({ active: false, status: 'INACTIVE' });
    expect((await call(ME, {}, access)).error?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await post('/auth/token/refresh/', { refresh })).status).toBe(401);
    expect(
      (await post('/auth/login/', { email: member.email, password: STAFF_PASSWORD })).status,
    ).toBe(401);

    const on = await call(SET_ACTIVE, { id: member.id, active: true }, admin);
    expect(on.data!.staffSetActive).toMatchObject({ active: true, status: 'ACTIVE' });
    // The tokens of before stay dead.
    expect((await call(ME, {}, access)).error?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await loginAs(ctx.app, member.email, STAFF_PASSWORD)).toBeTruthy();
    expect(await auditOf('staff.deactivate', member.id)).toHaveLength(1);
    expect(await auditOf('staff.reactivate', member.id)).toHaveLength(1);
  });

  it('an INVITED account cannot be reactivated; deactivating it cancels its link', async () => {
    const { member } = await invite(
      { email: 'cancela@example.com', name: 'Cancela', role: 'SUPPORT' },
      admin,
    );
    const token = await invitationToken('cancela@example.com');
    const on = await call(SET_ACTIVE, { id: member!.id, active: true }, admin);
    expect(on.error?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(on.error?.message).toMatch(/reenvie o convite/);
    const off = await call(SET_ACTIVE, { id: member!.id, active: false }, admin);
    expect(off.data!.staffSetActive).toMatchObject({
      status: 'INVITED',
      invitationExpiresAt: null,
    });
    expect((await post('/auth/invitation/check/', { token })).status).toBe(400);
  });
});

describe('the last active ADMIN', () => {
  const fakeContext = (principal: StaffPrincipal): GraphQLContext =>
    ({
      db: ctx.db,
      config: ctx.config,
      staff: principal,
      request: { ip: '127.0.0.1', headers: {}, server: ctx.app },
      loaders: null,
    }) as unknown as GraphQLContext;

  async function twoAdmins(prefix: string) {
    const rows = await Promise.all(
      ['um', 'dois'].map((n) =>
        createStaffUser(ctx.db, {
          email: `${prefix}-${n}@example.com`,
          password: STAFF_PASSWORD,
          role: 'ADMIN',
        }),
      ),
    );
    // Only these two are active admins during the race.
    await ctx.db.update(staffTable).set({ active: false }).where(eq(staffTable.id, staff.admin.id));
    return rows.map((row): StaffPrincipal => ({
      id: row.id,
      role: 'ADMIN',
      brandIds: [],
      name: row.name,
      email: row.email,
    }));
  }

  async function activeAdmins() {
    return ctx.db
      .select({ id: staffTable.id })
      .from(staffTable)
      .where(and(eq(staffTable.role, 'ADMIN'), eq(staffTable.active, true)));
  }

  afterAll(async () => {
    await ctx.db.update(staffTable).set({ active: true }).where(eq(staffTable.id, staff.admin.id));
  });

  it('two admins demoting each other at once: one wins, one admin stays', async () => {
    const [a, b] = await twoAdmins('rebaixa');
    const deps = teamDeps(ctx.app);
    const results = await Promise.allSettled([
      updateAccess(fakeContext(a!), deps, b!.id, { role: 'SUPPORT' }),
      updateAccess(fakeContext(b!), deps, a!.id, { role: 'SUPPORT' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [refused] = results.filter((r) => r.status === 'rejected');
    expect(String((refused as PromiseRejectedResult).reason.message)).toBe(LAST_ADMIN_MESSAGE);
    expect(await activeAdmins()).toHaveLength(1);
    await ctx.db.update(staffTable).set({ role: 'SUPPORT' }).where(eq(staffTable.id, a!.id));
    await ctx.db.update(staffTable).set({ role: 'SUPPORT' }).where(eq(staffTable.id, b!.id));
  });

  it('two admins deactivating each other at once: one wins, one admin stays', async () => {
    const [a, b] = await twoAdmins('desativa');
    const deps = teamDeps(ctx.app);
    const results = await Promise.allSettled([
      setActive(fakeContext(a!), deps, b!.id, false),
      setActive(fakeContext(b!), deps, a!.id, false),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [refused] = results.filter((r) => r.status === 'rejected');
    const reason = (refused as PromiseRejectedResult).reason as GqlError;
    expect(reason.message).toBe(LAST_ADMIN_MESSAGE);
    expect(reason.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(await activeAdmins()).toHaveLength(1);
    expect(await auditOf('staff.deactivate', a!.id).then((x) => x.length)).toBeLessThanOrEqual(1);
    await ctx.db.update(staffTable).set({ active: false }).where(eq(staffTable.role, 'ADMIN'));
  });
});

describe('my account', () => {
  it('myProfileUpdate trims the name, refuses bad ones at "name", and audits', async () => {
    const token = await tokenOf('support');
    const { data, error } = await call(PROFILE, { name: '  Bruno Lima  ' }, token);
    expect(error).toBeUndefined();
    expect(data!.myProfileUpdate).toMatchObject({ name: 'Bruno Lima', id: staff.support.id });
    for (const name of ['', '  ', 'x'.repeat(81), 'com\ttab']) {
      const bad = await call(PROFILE, { name }, token);
      expect(bad.error?.extensions, name).toMatchObject({ code: 'BAD_USER_INPUT', field: 'name' });
    }
    const [entry] = await auditOf('account.profile_update', staff.support.id);
    expect(entry).toMatchObject({
      actorId: staff.support.id,
      before: { name: 'Bruno Suporte' },
      after: { name: 'Bruno Lima' },
    });
    expect((await call(PROFILE, { name: 'Alguém' })).error?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('myPasswordChange: wrong current password (throttled like the login), weak new one, then a new pair and the other sessions end', async () => {
    const email = 'senha@example.com';
    const member = await createStaffUser(ctx.db, {
      email,
      password: STAFF_PASSWORD,
      role: 'SUPPORT',
    });
    const here = await loginAs(ctx.app, email, STAFF_PASSWORD);
    const elsewhere = await post(
      '/auth/login/',
      { email, password: STAFF_PASSWORD },
      '203.0.113.50',
    );
    const next = 'outra frase secreta bem longa';

    const wrong = await call(PASSWORD, { current: 'não é esta', next }, here);
    expect(wrong.error?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'currentPassword',
    });
    expect(wrong.error?.message).toBe('Senha atual incorreta.');
    const throttled = await call(PASSWORD, { current: STAFF_PASSWORD, next }, here);
    expect(throttled.error?.extensions).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 1,
    });
    ctx.clock.advance(1000);
    const twice = await call(PASSWORD, { current: 'também não', next }, here);
    expect(twice.error?.extensions?.field).toBe('currentPassword');
    expect(
      (await call(PASSWORD, { current: STAFF_PASSWORD, next }, here)).error?.extensions,
    ).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 2,
    });
    ctx.clock.advance(2000);

    const weak = await call(PASSWORD, { current: STAFF_PASSWORD, next: 'curta' }, here);
    expect(weak.error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'newPassword' });
    expect(weak.error?.extensions?.problems?.length).toBeGreaterThan(0);
    const same = await call(PASSWORD, { current: STAFF_PASSWORD, next: STAFF_PASSWORD }, here);
    expect(same.error?.extensions?.field).toBe('newPassword');

    const done = await call(PASSWORD, { current: STAFF_PASSWORD, next }, here);
    expect(done.error).toBeUndefined();
    const pair = done.data!.myPasswordChange as { access: string; refresh: string };
    expect((await call(ME, {}, pair.access)).data!.me).toMatchObject({ id: member.id });
    expect((await post('/auth/token/refresh/', { refresh: pair.refresh })).status).toBe(200);
    // Every other session (and this one's old tokens) ended.
    expect((await call(ME, {}, here)).error?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await call(ME, {}, elsewhere.body.access as string)).error?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    expect((await post('/auth/token/refresh/', { refresh: elsewhere.body.refresh })).status).toBe(
      401,
    );
    expect(await loginAs(ctx.app, email, next)).toBeTruthy();

    const entries = await auditOf('account.password_change', member.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ before: null, after: null, actorId: member.id });
    expect(JSON.stringify(entries)).not.toContain(next);
    await ctx.app.mail.flush();
    expect(ctx.mail.sent.filter((m) => m.to === email).at(-1)?.subject).toBe(
      'Sua senha do painel de Vitrine foi alterada',
    );
  });

  it('signOutEverywhere is audited as a SESSION entry', async () => {
    const token = await tokenOf('manager');
    expect((await call(SIGN_OUT_EVERYWHERE, {}, token)).data).toEqual({ signOutEverywhere: true });
    const [entry] = await auditOf('auth.sign_out_everywhere', staff.manager.id);
    expect(entry).toMatchObject({ entity: 'SESSION', actorId: staff.manager.id });
    expect((await call(ME, {}, token)).error?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
