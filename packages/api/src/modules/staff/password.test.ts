// scrypt hashing and the rules for new passwords.
import { describe, expect, it } from 'vitest';
import { PRODUCTION_SCRYPT } from '../../config';
import { scryptSync } from 'node:crypto';
import {
  decodeHash,
  encodeHash,
  PasswordHasher,
  PasswordHashingBusyError,
  passwordLength,
  Semaphore,
} from './password';
import { passwordProblems, rankedCommonPasswords } from './password-rules';

const FAST = { logN: 10, r: 8, p: 1 };

describe('PasswordHasher', () => {
  it('hashes with the production parameters N=2^17, r=8, p=1 (maxmem raised so Node does not throw)', async () => {
    const hasher = new PasswordHasher(PRODUCTION_SCRYPT);
    const encoded = await hasher.hash('uma senha de produção');
    expect(encoded).toMatch(/^scrypt\$v1\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await hasher.verify('uma senha de produção', encoded)).toEqual({
      ok: true,
      needsRehash: false,
    });
  }, 60_000);

  it('encodes version, parameters, a 16-byte salt and the hash', async () => {
    const encoded = await new PasswordHasher(FAST).hash('segredo');
    const decoded = decodeHash(encoded)!;
    expect(decoded.params).toEqual(FAST);
    expect(decoded.salt).toHaveLength(16);
    expect(encodeHash(decoded)).toBe(encoded);
  });

  it('salts every hash differently', async () => {
    const hasher = new PasswordHasher(FAST);
    expect(await hasher.hash('igual')).not.toBe(await hasher.hash('igual'));
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hasher = new PasswordHasher(FAST);
    const encoded = await hasher.hash('certa');
    expect((await hasher.verify('certa', encoded)).ok).toBe(true);
    expect((await hasher.verify('errada', encoded)).ok).toBe(false);
  });

  it('verifies a password of 128 emoji (256 UTF-16 units): the limit counts code points', async () => {
    const hasher = new PasswordHasher(FAST);
    const password = '🔑'.repeat(128);
    const encoded = await hasher.hash(password);
    expect((await hasher.verify(password, encoded)).ok).toBe(true);
    expect((await hasher.verify(`${password}🔑`, encoded)).ok).toBe(false);
  });

  it('asks for a rehash when the stored parameters are weaker than today’s', async () => {
    const old = await new PasswordHasher({ ...FAST, logN: 8 }).hash('senha');
    const current = new PasswordHasher(FAST);
    expect(await current.verify('senha', old)).toEqual({ ok: true, needsRehash: true });
    // A wrong password never triggers a rehash.
    expect(await current.verify('outra', old)).toEqual({ ok: false, needsRehash: false });
  });

  it('refuses a malformed stored hash after doing the same work as a real check', async () => {
    const hasher = new PasswordHasher(FAST);
    await hasher.prepare();
    const before = hasher.hashCount;
    for (const broken of [
      '',
      'bcrypt$2b$...',
      'scrypt$v2$1024$8$1$a$b',
      'scrypt$v1$1000$8$1$AAAA$BBBB',
    ]) {
      expect(await hasher.verify('x', broken)).toEqual({ ok: false, needsRehash: false });
    }
    expect(hasher.hashCount - before).toBe(4);
  });

  it('runs at most `concurrency` hashes at once', async () => {
    const semaphore = new Semaphore(2);
    let running = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        semaphore.run(async () => {
          running += 1;
          peak = Math.max(peak, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running -= 1;
        }),
      ),
    );
    expect(peak).toBe(2);
  });

  it('refuses at once past `maxWaiting` waiting tasks, and takes new ones when a slot frees', async () => {
    const semaphore = new Semaphore(1, 2);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const running = semaphore.run(() => held);
    const queued = [semaphore.run(async () => 'a'), semaphore.run(async () => 'b')];
    expect(semaphore.waiting).toBe(2);
    await expect(semaphore.run(async () => 'c')).rejects.toBeInstanceOf(PasswordHashingBusyError);
    expect(semaphore.waiting).toBe(2);
    release();
    await running;
    expect(await Promise.all(queued)).toEqual(['a', 'b']);
    expect(await semaphore.run(async () => 'd')).toBe('d');
  });

  it('makes the throwaway hash again when the queue refused it the first time', async () => {
    let closed = true;
    const waiters: Array<() => void> = [];
    const hasher = new PasswordHasher(FAST, {
      concurrency: 1,
      maxWaiting: 1,
      derive: async (password, salt, params) => {
        if (closed) await new Promise<void>((resolve) => waiters.push(resolve));
        return scryptSync(password, salt, 32, { N: 2 ** params.logN, r: params.r, p: params.p });
      },
    });
    const first = hasher.hash('uma'); // takes the slot
    const second = hasher.hash('duas'); // waits
    await expect(hasher.verifyDummy('x')).rejects.toBeInstanceOf(PasswordHashingBusyError);
    closed = false;
    for (const wake of waiters.splice(0)) wake();
    await Promise.all([first, second]);
    await expect(hasher.verifyDummy('x')).resolves.toBeUndefined();
  });
});

describe('rules for a new password', () => {
  it('ships the published ranking of the 1,000 most common passwords', () => {
    const ranked = rankedCommonPasswords();
    expect(ranked).toHaveLength(1000);
    expect(new Set(ranked).size).toBe(1000);
    // The ranking's head, most common first.
    expect(ranked.slice(0, 5)).toEqual(['123456', 'password', '12345678', 'qwerty', '123456789']);
  });

  it('refuses every password of the ranking that the length rule would let through', () => {
    const long = rankedCommonPasswords().filter((password) => password.length >= 10);
    expect(long.length).toBeGreaterThan(0);
    for (const common of long) {
      expect(passwordProblems(common, 'ana@loja.com.br')).toEqual([
        'Essa senha é muito comum e fácil de adivinhar. Escolha outra.',
      ]);
    }
  });

  it('accepts a long, unusual password', () => {
    expect(passwordProblems('Cavalo-correto-bateria-grampo', 'ana.souza@loja.com.br')).toEqual([]);
  });

  it('requires at least 10 characters', () => {
    expect(passwordProblems('curtinha9', 'ana@loja.com.br')).toEqual([
      'A senha deve ter pelo menos 10 caracteres.',
    ]);
  });

  it('allows at most 128 characters', () => {
    expect(passwordProblems('a'.repeat(129), 'ana@loja.com.br')).toEqual([
      'A senha deve ter no máximo 128 caracteres.',
    ]);
    expect(passwordProblems('Zq8'.repeat(42) + 'xy', 'ana@loja.com.br')).toEqual([]);
  });

  it('counts characters as code points: 100 emoji are 100 characters, 129 are too many', () => {
    const emoji = (n: number) => '🔑'.repeat(n);
    expect(emoji(100)).toHaveLength(200); // UTF-16 units
    expect(passwordLength(emoji(100))).toBe(100);
    expect(passwordProblems(emoji(100), 'ana@loja.com.br')).toEqual([]);
    expect(passwordProblems(emoji(128), 'ana@loja.com.br')).toEqual([]);
    expect(passwordProblems(emoji(129), 'ana@loja.com.br')).toEqual([
      'A senha deve ter no máximo 128 caracteres.',
    ]);
  });

  it('refuses a password containing the e-mail local part, whatever the case', () => {
    expect(passwordProblems('Fernanda.Lima-2024!', 'fernanda.lima@loja.com.br')).toEqual([
      'A senha não pode conter o seu e-mail (a parte antes do @).',
    ]);
  });

  it('refuses the common passwords, whatever the case', () => {
    for (const common of ['1234567890', 'qwertyuiop', 'Flamengo123', 'senha12345', 'corinthians']) {
      expect(passwordProblems(common, 'ana@loja.com.br')).toContain(
        'Essa senha é muito comum e fácil de adivinhar. Escolha outra.',
      );
    }
  });

  it('lists every broken rule at once', () => {
    expect(passwordProblems('senha', 'senha@loja.com.br')).toHaveLength(3);
  });
});
