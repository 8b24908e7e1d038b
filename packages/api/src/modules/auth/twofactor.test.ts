// Two-factor sign-in end to end (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): enrolment
// over GraphQL, the login's otp step (replay, recovery codes, throttling), the store-wide
// requirement, disabling and new recovery codes, and the security events of the audit log.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaffUser,
  createTestContext,
  graphql,
  type TestContext,
} from '../../../test/helpers';
import { auditLog } from '../audit/audit.tables';
import { staff, staffRecoveryCodes } from '../staff/staff.tables';
import { INVALID_CREDENTIALS } from './auth.routes';
import { totpCode } from './totp';
import {
  CODE_REQUIRED_MESSAGE,
  INVALID_CODE_MESSAGE,
  SETUP_REQUIRED_MESSAGE,
} from './twofactor.service';

const PASSWORD = 'uma senha bem comprida';
const STEP_MS = 30_000;
let ctx: TestContext;
let counter = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

function login(body: Record<string, unknown>, ip = '198.51.100.7') {
  return ctx.app.inject({
    method: 'POST',
    url: '/auth/login/',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', 'user-agent': 'Teste/1.0' },
    payload: JSON.stringify(body),
  });
}

async function newStaff() {
  counter += 1;
  const email = `dupla${counter}@vitrine.test`;
  const row = await createStaffUser(ctx.db, {
    email,
    password: PASSWORD,
    role: 'ADMIN',
    name: `Dupla ${counter}`,
  });
  const response = await login({ email, password: PASSWORD });
  expect(response.statusCode).toBe(200);
  const { access } = response.json() as { access: string };
  return { id: row.id, email, access };
}

/** A new account with two-factor sign-in enabled: its secret and recovery codes. */
async function enrolledStaff() {
  const person = await newStaff();
  const start = await graphql(
    ctx.app,
    'mutation { twoFactorEnrolStart { secret otpauthUri qrCodeSvg } }',
    {},
    person.access,
  );
  const secret = (start.body.data!.twoFactorEnrolStart as { secret: string }).secret;
  const confirm = await graphql(
    ctx.app,
    'mutation ($code: String!) { twoFactorEnrolConfirm(code: $code) }',
    { code: totpCode(secret, ctx.clock.now()) },
    person.access,
  );
  expect(confirm.body.errors).toBeUndefined();
  const recoveryCodes = confirm.body.data!.twoFactorEnrolConfirm as string[];
  // The confirming code's step is spent: move to the next one.
  ctx.clock.advance(STEP_MS);
  return { ...person, secret, recoveryCodes };
}

async function auditOf(email: string) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.entityLabel} = ${email} OR ${auditLog.actorEmail} = ${email}`)
    .orderBy(auditLog.at);
}

async function setStoreRequirement(required: boolean) {
  await ctx.db.execute(sql`UPDATE store_settings SET require_two_factor = ${required}`);
}

describe('enrolment', () => {
  it('starts with a base32 secret, its otpauth URI and a QR code, stored encrypted', async () => {
    const person = await newStaff();
    const start = await graphql(
      ctx.app,
      'mutation { twoFactorEnrolStart { secret otpauthUri qrCodeSvg } }',
      {},
      person.access,
    );
    expect(start.body.errors).toBeUndefined();
    const enrolment = start.body.data!.twoFactorEnrolStart as {
      secret: string;
      otpauthUri: string;
      qrCodeSvg: string;
    };
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUri).toBe(
      `otpauth://totp/Vitrine:${encodeURIComponent(person.email)}?secret=${enrolment.secret}&issuer=Vitrine&algorithm=SHA1&digits=6&period=30`,
    );
    expect(enrolment.qrCodeSvg).toMatch(/^<svg/);
    const [row] = await ctx.db.select().from(staff).where(eq(staff.id, person.id));
    expect(row!.twoFactorSecret).toMatch(/^v1\./);
    expect(row!.twoFactorSecret).not.toContain(enrolment.secret);
    // Nothing changes until confirmed: the login still needs no code.
    expect(row!.twoFactorEnabledAt).toBeNull();
    expect((await login({ email: person.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a wrong code at confirm with BAD_USER_INPUT on "code", then enables with a right one', async () => {
    const person = await newStaff();
    const start = await graphql(
      ctx.app,
      'mutation { twoFactorEnrolStart { secret } }',
      {},
      person.access,
    );
    const secret = (start.body.data!.twoFactorEnrolStart as { secret: string }).secret;
    const right = totpCode(secret, ctx.clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await graphql(
      ctx.app,
      'mutation ($code: String!) { twoFactorEnrolConfirm(code: $code) }',
      { code: wrong },
      person.access,
    );
    expect(refused.body.errors?.[0]).toMatchObject({
      message: INVALID_CODE_MESSAGE,
      extensions: { code: 'BAD_USER_INPUT', field: 'code' },
    });
    ctx.clock.advance(1_000); // the code throttle's first delay
    const confirmed = await graphql(
      ctx.app,
      'mutation ($code: String!) { twoFactorEnrolConfirm(code: $code) }',
      { code: right },
      person.access,
    );
    expect(confirmed.body.errors).toBeUndefined();
    const codes = confirmed.body.data!.twoFactorEnrolConfirm as string[];
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await ctx.db
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.staffId, person.id));
    expect(stored).toHaveLength(10);
    const hashes = stored.map((entry) => entry.codeHash).join(' ');
    for (const code of codes) expect(hashes).not.toContain(code);

    const me = await graphql(
      ctx.app,
      '{ me { id twoFactorEnabled twoFactorSetupRequired } }',
      {},
      person.access,
    );
    expect(me.body.data!.me).toMatchObject({
      twoFactorEnabled: true,
      twoFactorSetupRequired: false,
    });
    // Enrolling again while enabled is refused (it would replace the phone's secret).
    const again = await graphql(
      ctx.app,
      'mutation { twoFactorEnrolStart { secret } }',
      {},
      person.access,
    );
    expect(again.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('throttles wrong codes like passwords: RATE_LIMITED inside the delay, even for a right code', async () => {
    const person = await newStaff();
    const start = await graphql(
      ctx.app,
      'mutation { twoFactorEnrolStart { secret } }',
      {},
      person.access,
    );
    const secret = (start.body.data!.twoFactorEnrolStart as { secret: string }).secret;
    const right = totpCode(secret, ctx.clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const confirm = (code: string) =>
      graphql(
        ctx.app,
        'mutation ($code: String!) { twoFactorEnrolConfirm(code: $code) }',
        { code },
        person.access,
      );
    expect((await confirm(wrong)).body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const throttled = await confirm(right);
    expect(throttled.body.errors?.[0]?.extensions).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 1,
    });
    ctx.clock.advance(1_000);
    expect((await confirm(wrong)).body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    // The second failure doubles the delay.
    ctx.clock.advance(1_000);
    expect((await confirm(right)).body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });
});

describe('POST /auth/login/ with two-factor sign-in', () => {
  it('asks for the code, refuses a wrong one, accepts a right one and refuses its replay', async () => {
    const person = await enrolledStaff();
    const withoutCode = await login({ email: person.email, password: PASSWORD });
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json()).toEqual({ detail: CODE_REQUIRED_MESSAGE, two_factor: 'required' });

    // Asking again is no failure: no delay builds up.
    const again = await login({ email: person.email, password: PASSWORD });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ two_factor: 'required' });

    const code = totpCode(person.secret, ctx.clock.now());
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await login({ email: person.email, password: PASSWORD, otp: wrong });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: INVALID_CODE_MESSAGE, two_factor: 'invalid' });

    ctx.clock.advance(1_000);
    const accepted = await login({ email: person.email, password: PASSWORD, otp: code });
    expect(accepted.statusCode).toBe(200);
    expect(Object.keys(accepted.json()).sort()).toEqual(['access', 'refresh']);

    const replay = await login({ email: person.email, password: PASSWORD, otp: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ two_factor: 'invalid' });

    // A wrong password is answered as always, code or not.
    ctx.clock.advance(5_000);
    const badPassword = await login({ email: person.email, password: 'errada!!', otp: code });
    expect(badPassword.statusCode).toBe(401);
    expect(badPassword.json()).toEqual({ detail: INVALID_CREDENTIALS });
  });

  it('refuses an older code once a newer step was used (no replay of the previous step)', async () => {
    const person = await enrolledStaff();
    const older = totpCode(person.secret, ctx.clock.now() - STEP_MS);
    const current = totpCode(person.secret, ctx.clock.now());
    expect(
      (await login({ email: person.email, password: PASSWORD, otp: current })).statusCode,
    ).toBe(200);
    const stale = await login({ email: person.email, password: PASSWORD, otp: older });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ two_factor: 'invalid' });
  });

  it('accepts a code once when two sign-ins race with it (from two addresses)', async () => {
    const person = await enrolledStaff();
    const code = totpCode(person.secret, ctx.clock.now());
    const answers = await Promise.all([
      login({ email: person.email, password: PASSWORD, otp: code }, '192.0.2.1'),
      login({ email: person.email, password: PASSWORD, otp: code }, '192.0.2.2'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('accepts a recovery code once (any case, with or without the dash)', async () => {
    const person = await enrolledStaff();
    const code = person.recoveryCodes[3]!;
    const typed = code.replace('-', '').toUpperCase();
    const first = await login({ email: person.email, password: PASSWORD, otp: typed });
    expect(first.statusCode).toBe(200);
    const second = await login({ email: person.email, password: PASSWORD, otp: code });
    expect(second.statusCode).toBe(401);
    expect(second.json()).toMatchObject({ two_factor: 'invalid' });
    const events = await auditOf(person.email);
    const used = events.find((event) => event.action === 'auth.recovery_code_used');
    expect(used?.summary).toContain('restam 9');
  });

  it('counts a wrong code as a failed attempt: 429 with Retry-After inside the delay', async () => {
    const person = await enrolledStaff();
    const code = totpCode(person.secret, ctx.clock.now());
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await login({ email: person.email, password: PASSWORD, otp: wrong })).statusCode).toBe(
      401,
    );
    const throttled = await login({ email: person.email, password: PASSWORD, otp: code });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('1');
  });

  it('refuses an otp that is not text or is over 20 characters with 400', async () => {
    const person = await enrolledStaff();
    const notText = await login({ email: person.email, password: PASSWORD, otp: 123456 });
    expect(notText.statusCode).toBe(400);
    expect(notText.json().detail).toContain('"otp"');
    const long = await login({ email: person.email, password: PASSWORD, otp: '1'.repeat(21) });
    expect(long.statusCode).toBe(400);
  });

  it('sets last_sign_in_at on a successful sign-in; an account without 2FA ignores otp', async () => {
    const person = await newStaff();
    const before = await ctx.db.select().from(staff).where(eq(staff.id, person.id));
    expect(before[0]!.lastSignInAt?.getTime()).toBe(ctx.clock.now());
    ctx.clock.advance(60_000);
    const response = await login({ email: person.email, password: PASSWORD, otp: '123456' });
    expect(response.statusCode).toBe(200);
    const after = await ctx.db.select().from(staff).where(eq(staff.id, person.id));
    expect(after[0]!.lastSignInAt?.getTime()).toBe(ctx.clock.now());
  });

  it('never signs in an invited account (unusable hash, inactive) and does not throw', async () => {
    counter += 1;
    const email = `convidada${counter}@vitrine.test`;
    await ctx.db.insert(staff).values({
      email,
      name: 'Convidada',
      role: 'SUPPORT',
      passwordHash: '!invited',
      active: false,
      invitedAt: new Date(ctx.clock.now()),
    });
    const response = await login({ email, password: PASSWORD });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: INVALID_CREDENTIALS });
  });
});

describe('disabling and new recovery codes', () => {
  it('regenerates recovery codes with a current code: the old ones stop working', async () => {
    const person = await enrolledStaff();
    const regenerated = await graphql(
      ctx.app,
      'mutation ($code: String!) { twoFactorRecoveryCodesRegenerate(code: $code) }',
      { code: totpCode(person.secret, ctx.clock.now()) },
      person.access,
    );
    expect(regenerated.body.errors).toBeUndefined();
    const fresh = regenerated.body.data!.twoFactorRecoveryCodesRegenerate as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(person.recoveryCodes[0]);
    const old = await login({
      email: person.email,
      password: PASSWORD,
      otp: person.recoveryCodes[0],
    });
    expect(old.statusCode).toBe(401);
    ctx.clock.advance(1_000);
    expect(
      (await login({ email: person.email, password: PASSWORD, otp: fresh[0] })).statusCode,
    ).toBe(200);
  });

  it('disables with a code: the login needs no code again and the recovery codes are gone', async () => {
    const person = await enrolledStaff();
    const wrong = await graphql(
      ctx.app,
      'mutation { twoFactorDisable(code: "abcde-fgh23") { id twoFactorEnabled } }',
      {},
      person.access,
    );
    expect(wrong.body.errors?.[0]).toMatchObject({
      message: INVALID_CODE_MESSAGE,
      extensions: { code: 'BAD_USER_INPUT', field: 'code' },
    });
    ctx.clock.advance(1_000);
    const disabled = await graphql(
      ctx.app,
      'mutation ($code: String!) { twoFactorDisable(code: $code) { id email twoFactorEnabled } }',
      { code: totpCode(person.secret, ctx.clock.now()) },
      person.access,
    );
    expect(disabled.body.errors).toBeUndefined();
    expect(disabled.body.data!.twoFactorDisable).toEqual({
      id: person.id,
      email: person.email,
      twoFactorEnabled: false,
    });
    const [row] = await ctx.db.select().from(staff).where(eq(staff.id, person.id));
    expect(row!.twoFactorSecret).toBeNull();
    const codes = await ctx.db
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.staffId, person.id));
    expect(codes).toEqual([]);
    expect((await login({ email: person.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('refuses to disable while the store requires two-factor sign-in', async () => {
    const person = await enrolledStaff();
    await setStoreRequirement(true);
    try {
      const refused = await graphql(
        ctx.app,
        'mutation ($code: String!) { twoFactorDisable(code: $code) { id } }',
        { code: totpCode(person.secret, ctx.clock.now()) },
        person.access,
      );
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const [row] = await ctx.db.select().from(staff).where(eq(staff.id, person.id));
      expect(row!.twoFactorEnabledAt).not.toBeNull();
    } finally {
      await setStoreRequirement(false);
    }
  });
});

describe('the store-wide requirement', () => {
  it('lets an account that has not enrolled run only me and the enrolment', async () => {
    const person = await newStaff();
    await setStoreRequirement(true);
    try {
      const me = await graphql(
        ctx.app,
        '{ me { id twoFactorEnabled twoFactorSetupRequired } }',
        {},
        person.access,
      );
      expect(me.body.errors).toBeUndefined();
      expect(me.body.data!.me).toEqual({
        id: person.id,
        twoFactorEnabled: false,
        twoFactorSetupRequired: true,
      });
      // The dashboard's frame asks for the store's name with `me`: that answers too, so the
      // frame knows the person's role and sends them to the enrolment.
      const frame = await graphql(
        ctx.app,
        '{ me { id role } storeSettings { storeName } }',
        {},
        person.access,
      );
      expect(frame.body.errors).toBeUndefined();
      expect(frame.body.data).toMatchObject({
        me: { id: person.id },
        storeSettings: { storeName: expect.any(String) },
      });

      const settings = await graphql(
        ctx.app,
        '{ settings { requireTwoFactor } }',
        {},
        person.access,
      );
      expect(settings.statusCode).toBe(200);
      expect(settings.body.data ?? null).toBeNull();
      expect(settings.body.errors?.[0]).toMatchObject({
        message: SETUP_REQUIRED_MESSAGE,
        extensions: { code: 'TWO_FACTOR_SETUP_REQUIRED' },
      });
      // A disallowed field next to an allowed one (or behind a fragment) is refused too.
      const mixed = await graphql(
        ctx.app,
        'query { me { id } ...F } fragment F on Query { settings { requireTwoFactor } }',
        {},
        person.access,
      );
      expect(mixed.body.errors?.[0]?.extensions?.code).toBe('TWO_FACTOR_SETUP_REQUIRED');

      const exportAnswer = await ctx.app.inject({
        method: 'POST',
        url: '/admin/exports/orders',
        headers: { authorization: `Bearer ${person.access}` },
        payload: {},
      });
      expect(exportAnswer.statusCode).toBe(403);
      expect(exportAnswer.json()).toEqual({
        detail: SETUP_REQUIRED_MESSAGE,
        code: 'TWO_FACTOR_SETUP_REQUIRED',
      });

      // Enrolling lifts it.
      const start = await graphql(
        ctx.app,
        'mutation { twoFactorEnrolStart { secret } }',
        {},
        person.access,
      );
      const secret = (start.body.data!.twoFactorEnrolStart as { secret: string }).secret;
      const confirmed = await graphql(
        ctx.app,
        'mutation ($code: String!) { twoFactorEnrolConfirm(code: $code) }',
        { code: totpCode(secret, ctx.clock.now()) },
        person.access,
      );
      expect(confirmed.body.errors).toBeUndefined();
      const after = await graphql(ctx.app, '{ settings { requireTwoFactor } }', {}, person.access);
      expect(after.body.errors).toBeUndefined();
      expect(after.body.data).toEqual({ settings: { requireTwoFactor: true } });
    } finally {
      await setStoreRequirement(false);
    }
  });

  it('still lets such an account sign out everywhere', async () => {
    const person = await newStaff();
    await setStoreRequirement(true);
    try {
      const out = await graphql(ctx.app, 'mutation { signOutEverywhere }', {}, person.access);
      expect(out.body).toEqual({ data: { signOutEverywhere: true } });
    } finally {
      await setStoreRequirement(false);
    }
  });

  it('does not touch accounts that enrolled, nor anyone when the store does not require it', async () => {
    const plain = await newStaff();
    const open = await graphql(ctx.app, '{ settings { requireTwoFactor } }', {}, plain.access);
    expect(open.body.errors).toBeUndefined();
    const enrolled = await enrolledStaff();
    await setStoreRequirement(true);
    try {
      const allowed = await graphql(
        ctx.app,
        '{ settings { requireTwoFactor } }',
        {},
        enrolled.access,
      );
      expect(allowed.body.errors).toBeUndefined();
    } finally {
      await setStoreRequirement(false);
    }
  });
});

describe('security events in the audit log', () => {
  it('records sign-ins, failures, codes, throttling, resets and logouts without any secret', async () => {
    const person = await enrolledStaff();
    const secrets: string[] = [PASSWORD, person.secret, ...person.recoveryCodes];

    const unknownEmail = `ninguem${counter}@vitrine.test`;
    await login({ email: unknownEmail, password: 'chute qualquer' }, '198.51.100.99');
    const unknown = await auditOf(unknownEmail);
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({
      action: 'auth.login_failed',
      entity: 'SESSION',
      actorId: null,
      entityLabel: unknownEmail,
      ip: '198.51.100.99',
      userAgent: 'Teste/1.0',
    });

    await login({ email: person.email, password: 'senha errada mesmo' });
    // Inside the delay that failure started: throttled (twice, written once).
    expect((await login({ email: person.email, password: PASSWORD })).statusCode).toBe(429);
    expect((await login({ email: person.email, password: PASSWORD })).statusCode).toBe(429);
    ctx.clock.advance(1_000);
    const code = totpCode(person.secret, ctx.clock.now());
    const wrong = code === '000000' ? '111111' : '000000';
    await login({ email: person.email, password: PASSWORD, otp: wrong });
    ctx.clock.advance(2_000);
    secrets.push(code);
    const signedIn = await login({ email: person.email, password: PASSWORD, otp: code });
    expect(signedIn.statusCode).toBe(200);
    const tokens = signedIn.json() as { access: string; refresh: string };
    secrets.push(tokens.access, tokens.refresh);
    ctx.clock.advance(1_000);
    await login({ email: person.email, password: PASSWORD, otp: person.recoveryCodes[0] });

    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout/',
      payload: { refresh: tokens.refresh },
    });
    expect(logout.statusCode).toBe(200);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/auth/password/reset/',
      payload: { email: person.email },
    });
    expect(reset.statusCode).toBe(200);
    await ctx.app.mail.flush();

    const events = await auditOf(person.email);
    const actions = events.map((event) => event.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'auth.two_factor_enabled',
        'auth.login_failed',
        'auth.login_throttled',
        'auth.two_factor_failed',
        'auth.login',
        'auth.recovery_code_used',
        'auth.logout',
        'auth.password_reset_requested',
      ]),
    );
    expect(events.filter((event) => event.action === 'auth.login_throttled')).toHaveLength(1);
    const failed = events.find((event) => event.action === 'auth.login_failed')!;
    expect(failed).toMatchObject({ actorId: person.id, entity: 'SESSION' });
    const enabled = events.find((event) => event.action === 'auth.two_factor_enabled')!;
    expect(enabled).toMatchObject({ entity: 'STAFF', entityId: person.id, actorId: person.id });
    for (const event of events) expect(event.summary).toMatch(/\S/);

    const dump = JSON.stringify(events);
    for (const secret of secrets) expect(dump).not.toContain(secret);
  });
});
