// `npm run staff -- <command> ...`: manages staff accounts from the shell.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db';
import { migrate } from '../db/migrate';
import { PasswordHasher } from '../modules/staff/password';
import {
  createStaffAccount,
  deactivateStaffAccount,
  parseRole,
  resetStaffPassword,
  StaffInputError,
} from '../modules/staff/staff.service';

export const USAGE = `Uso:
  npm run staff -- create --email <e-mail> --name <nome> --role <ADMIN|BRAND_MANAGER|SUPPORT> [--password <senha>] [--brand <id>]...
  npm run staff -- reset-password --email <e-mail> [--password <senha>]
  npm run staff -- deactivate --email <e-mail>

Sem --password, uma senha aleatória é gerada e mostrada uma única vez.`;

export class UsageError extends Error {}

interface Output {
  log(message: string): void;
}

/** Runs one CLI command against `db`; throws UsageError / StaffInputError on operator mistakes. */
export async function runStaffCommand(
  argv: string[],
  deps: { db: Database; hasher: PasswordHasher; out: Output },
): Promise<void> {
  const [command, ...rest] = argv;
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        password: { type: 'string' },
        brand: { type: 'string', multiple: true },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const values = parsed.values;
  const need = (name: 'email' | 'name' | 'role'): string => {
    const value = values[name];
    if (!value) throw new UsageError(`Falta a opção --${name}.`);
    return value;
  };
  const { db, hasher, out } = deps;
  switch (command) {
    case 'create': {
      const { staff, generatedPassword } = await createStaffAccount(db, hasher, {
        email: need('email'),
        name: need('name'),
        role: parseRole(need('role')),
        password: values.password,
        brandIds: values.brand,
      });
      out.log(`Conta criada: ${staff.email} (${staff.role}).`);
      if (generatedPassword)
        out.log(`Senha gerada (anote agora, não será mostrada de novo): ${generatedPassword}`);
      return;
    }
    case 'reset-password': {
      const { staff, generatedPassword } = await resetStaffPassword(
        db,
        hasher,
        need('email'),
        values.password,
      );
      out.log(`Senha de ${staff.email} redefinida; todas as sessões foram encerradas.`);
      if (generatedPassword)
        out.log(`Nova senha (anote agora, não será mostrada de novo): ${generatedPassword}`);
      return;
    }
    case 'deactivate': {
      const staff = await deactivateStaffAccount(db, need('email'));
      out.log(`Conta ${staff.email} desativada; todas as sessões foram encerradas.`);
      return;
    }
    case undefined:
      throw new UsageError('Informe um comando.');
    default:
      throw new UsageError(`Comando desconhecido: "${command}".`);
  }
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    console.log(USAGE);
    return argv.length === 0 ? 1 : 0;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrate(database.db);
    await runStaffCommand(argv, {
      db: database.db,
      hasher: new PasswordHasher(config.scrypt),
      out: { log: (message) => console.log(message) },
    });
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n\n${USAGE}`);
      return 2;
    }
    if (err instanceof StaffInputError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

const isMain =
  process.argv[1] !== undefined &&
  import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error('Falha inesperada:', err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
