// `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the embedded database).
import { loadConfig } from '../config';
import { openDatabase } from '../db';
import { migrate } from '../db/migrate';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const applied = await migrate(database.db);
    console.log(
      applied.length
        ? `Migrações aplicadas (${database.kind}): ${applied.join(', ')}`
        : `Banco de dados já está atualizado (${database.kind}).`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error('Falha ao migrar o banco de dados:', err instanceof Error ? err.message : err);
  process.exit(1);
});
