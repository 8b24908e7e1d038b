// The embedded database (PGlite under DATA_DIR) is single-process: a second open of the same
// directory, by another process (`npm run db:migrate` while the server runs) or by this one, is
// refused with a clear message instead of corrupting the data.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_LOCK_FILE, openDatabase } from '../db';

const API_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MIGRATE_ENTRY = path.join(API_ROOT, 'src', 'cli', 'migrate.ts');

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-lock-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const lockPath = () => path.join(dataDir, EMBEDDED_LOCK_FILE);
const message = (pid: number) =>
  `O banco embutido em ${path.join(dataDir, 'pglite')} já está aberto pelo processo ${pid}; pare o servidor ou use DATABASE_URL.`;

/** Runs `npm run db:migrate`'s entry point on DATA_DIR; resolves with its exit code and output. */
function runMigrate(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', MIGRATE_ENTRY], {
      cwd: API_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** The pid of a process that has already exited. */
function deadPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', () => resolve(child.pid!));
  });
}

describe('the embedded database lock', () => {
  it('refuses a second open in this process while the first is open, and allows it after close', async () => {
    const first = await openDatabase({ databaseUrl: null, dataDir });
    try {
      expect((await readFile(lockPath(), 'utf8')).split(' ')[0]).toBe(String(process.pid));
      await expect(openDatabase({ databaseUrl: null, dataDir })).rejects.toThrow(
        message(process.pid),
      );
    } finally {
      await first.close();
    }
    expect(existsSync(lockPath())).toBe(false);
    const again = await openDatabase({ databaseUrl: null, dataDir });
    await again.close();
  }, 120_000);

  it('makes npm run db:migrate refuse while another process has the directory open', async () => {
    const held = await openDatabase({ databaseUrl: null, dataDir });
    try {
      const { code, output } = await runMigrate();
      expect(code).toBe(1);
      expect(output).toContain(message(process.pid));
    } finally {
      await held.close();
    }
    // Once the holder is gone, the command works.
    const { code, output } = await runMigrate();
    expect(output).toMatch(/Migrações aplicadas|Banco de dados já está atualizado/);
    expect(code).toBe(0);
    expect(existsSync(lockPath())).toBe(false);
  }, 180_000);

  it('takes over a lock left by a process that is gone', async () => {
    await writeFile(lockPath(), `${await deadPid()} restos\n`);
    const opened = await openDatabase({ databaseUrl: null, dataDir });
    try {
      expect((await readFile(lockPath(), 'utf8')).split(' ')[0]).toBe(String(process.pid));
    } finally {
      await opened.close();
    }
  }, 120_000);
});
