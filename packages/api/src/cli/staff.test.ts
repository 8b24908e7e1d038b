// `npm run staff -- ...` commands, run against a test database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_SCRYPT, type TestContext } from '../../test/helpers';
import { PasswordHasher } from '../modules/staff/password';
import { findStaffByEmail } from '../modules/staff/staff.repository';
import { ensureFirstAdmin, StaffInputError } from '../modules/staff/staff.service';
import { runStaffCommand, UsageError } from './staff';

let ctx: TestContext;
const hasher = new PasswordHasher(TEST_SCRYPT);
let lines: string[] = [];

function run(...argv: string[]) {
  lines = [];
  return runStaffCommand(argv, { db: ctx.db, hasher, out: { log: (m) => lines.push(m) } });
}

function login(email: string, password: string) {
  return ctx.app.inject({ method: 'POST', url: '/auth/login/', payload: { email, password } });
}

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('first admin', () => {
  it('creates an admin with a random password, logged once, when the staff table is empty', async () => {
    const warnings: string[] = [];
    const created = await ensureFirstAdmin(
      ctx.db,
      hasher,
      { adminEmail: null, adminPassword: null },
      { info: () => undefined, warn: (m) => warnings.push(m) },
    );
    expect(created?.staff.email).toBe('admin@vitrine.local');
    expect(created?.staff.role).toBe('ADMIN');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(created!.generatedPassword!);
    expect((await login('admin@vitrine.local', created!.generatedPassword!)).statusCode).toBe(200);
  });

  it('does nothing once any staff account exists', async () => {
    const again = await ensureFirstAdmin(
      ctx.db,
      hasher,
      { adminEmail: 'outra@vitrine.test', adminPassword: 'Uma-senha-boa-123' },
      { info: () => undefined, warn: () => undefined },
    );
    expect(again).toBeNull();
    expect(await findStaffByEmail(ctx.db, 'outra@vitrine.test')).toBeNull();
  });
});

describe('first admin from ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  let fresh: TestContext;
  beforeAll(async () => {
    fresh = await createTestContext();
  });
  afterAll(async () => {
    await fresh?.close();
  });

  it('refuses a weak ADMIN_PASSWORD with a clear message', async () => {
    await expect(
      ensureFirstAdmin(
        fresh.db,
        hasher,
        { adminEmail: 'dona@loja.com.br', adminPassword: 'admin123' },
        { info: () => undefined, warn: () => undefined },
      ),
    ).rejects.toThrow(/ADMIN_PASSWORD recusada: A senha deve ter pelo menos 10 caracteres/);
  });

  it('uses the configured e-mail and password and logs no password', async () => {
    const infos: string[] = [];
    const created = await ensureFirstAdmin(
      fresh.db,
      hasher,
      { adminEmail: 'dona@loja.com.br', adminPassword: 'Cafe-com-pao-de-queijo' },
      { info: (m) => infos.push(m), warn: (m) => infos.push(m) },
    );
    expect(created?.generatedPassword).toBeNull();
    expect(infos.join('\n')).not.toContain('Cafe-com-pao-de-queijo');
    const response = await fresh.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { email: 'dona@loja.com.br', password: 'Cafe-com-pao-de-queijo' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('npm run staff', () => {
  it('creates an account with the given password', async () => {
    await run(
      'create',
      '--email',
      'Bia@Loja.com.br',
      '--name',
      'Bia',
      '--role',
      'brand_manager',
      '--password',
      'Tres-pratos-de-trigo',
    );
    expect(lines).toEqual(['Conta criada: bia@loja.com.br (BRAND_MANAGER).']);
    expect((await login('bia@loja.com.br', 'Tres-pratos-de-trigo')).statusCode).toBe(200);
  });

  it('creates an account with a generated password shown once', async () => {
    await run('create', '--email', 'caio@loja.com.br', '--name', 'Caio', '--role', 'SUPPORT');
    const password = /: (\S+)$/.exec(lines[1]!)![1]!;
    expect((await login('caio@loja.com.br', password)).statusCode).toBe(200);
  });

  it('resets a password, ending every session', async () => {
    await run(
      'create',
      '--email',
      'duda@loja.com.br',
      '--name',
      'Duda',
      '--role',
      'ADMIN',
      '--password',
      'Primeira-senha-longa',
    );
    const tokens = (await login('duda@loja.com.br', 'Primeira-senha-longa')).json();
    await run('reset-password', '--email', 'duda@loja.com.br', '--password', 'Segunda-senha-longa');
    expect((await login('duda@loja.com.br', 'Primeira-senha-longa')).statusCode).toBe(401);
    ctx.clock.advance(1000); // the brute-force delay after that failure
    expect((await login('duda@loja.com.br', 'Segunda-senha-longa')).statusCode).toBe(200);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token/refresh/',
      payload: { refresh: tokens.refresh },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it('deactivates an account: no login, no refresh', async () => {
    await run(
      'create',
      '--email',
      'edu@loja.com.br',
      '--name',
      'Edu',
      '--role',
      'SUPPORT',
      '--password',
      'Uma-senha-de-verdade',
    );
    const tokens = (await login('edu@loja.com.br', 'Uma-senha-de-verdade')).json();
    await run('deactivate', '--email', 'edu@loja.com.br');
    expect(lines).toEqual(['Conta edu@loja.com.br desativada; todas as sessões foram encerradas.']);
    ctx.clock.advance(2000);
    expect((await login('edu@loja.com.br', 'Uma-senha-de-verdade')).statusCode).toBe(401);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token/refresh/',
      payload: { refresh: tokens.refresh },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it('explains usage mistakes', async () => {
    await expect(run()).rejects.toThrow(UsageError);
    await expect(run('launch')).rejects.toThrow('Comando desconhecido: "launch".');
    await expect(run('create', '--email', 'x@y.z')).rejects.toThrow('Falta a opção --name.');
    await expect(run('create', '--mail', 'x@y.z')).rejects.toThrow(UsageError);
  });

  it('explains operator mistakes in Portuguese', async () => {
    await expect(
      run('create', '--email', 'f@loja.com.br', '--name', 'F', '--role', 'CHEFE'),
    ).rejects.toThrow('Papel inválido: "CHEFE". Use ADMIN, BRAND_MANAGER, SUPPORT.');
    await expect(
      run('create', '--email', 'bia@loja.com.br', '--name', 'Bia', '--role', 'ADMIN'),
    ).rejects.toThrow('Já existe uma conta com o e-mail bia@loja.com.br.');
    await expect(
      run(
        'create',
        '--email',
        'g@loja.com.br',
        '--name',
        'G',
        '--role',
        'ADMIN',
        '--password',
        '123456',
      ),
    ).rejects.toThrow(StaffInputError);
    await expect(run('deactivate', '--email', 'ninguem@loja.com.br')).rejects.toThrow(
      'Nenhuma conta com o e-mail ninguem@loja.com.br.',
    );
  });
});
