// Two real server processes (the built server, test/server-process.ts) on one scratch PostgreSQL
// database, migrated, with one ADMIN and one token secret (a token signed by A is honoured by B,
// as behind one load balancer), each with a data folder of its own: the multi-instance tests'
// common set-up.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type OpenedDatabase } from '../src/db';
import { migrate } from '../src/db/migrate';
import { createScratchDatabase, createStaffUser, STAFF_PASSWORD } from './helpers';
import { startServerProcess, type ServerProcess } from './server-process';

export interface TwoServers {
  a: ServerProcess;
  b: ServerProcess;
  /** The shared database, opened by the test itself. */
  opened: OpenedDatabase;
  /** The parent of the servers' data folders (`<dataDir>/a`, `<dataDir>/b`). */
  dataDir: string;
  /** Stops both servers and drops the database and the folders. */
  close(): Promise<void>;
}

export async function startTwoServers(
  baseUrl: string,
  options: { adminEmail: string; env?: Record<string, string> },
): Promise<TwoServers> {
  const scratch = await createScratchDatabase(baseUrl);
  const opened = await openDatabase({ databaseUrl: scratch.url, dataDir: 'unused' });
  await migrate(opened.db);
  await createStaffUser(opened.db, {
    email: options.adminEmail,
    password: STAFF_PASSWORD,
    role: 'ADMIN',
  });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-two-'));
  const jwtSecret = randomBytes(32).toString('base64url');
  const start = (name: string) =>
    startServerProcess({
      databaseUrl: scratch.url,
      dataDir: path.join(dataDir, name),
      jwtSecret,
      ...(options.env ? { env: options.env } : {}),
    });
  const [a, b] = await Promise.all([start('a'), start('b')]);
  return {
    a,
    b,
    opened,
    dataDir,
    async close() {
      await Promise.all([a.stop(), b.stop()]);
      await opened.close();
      await scratch.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
