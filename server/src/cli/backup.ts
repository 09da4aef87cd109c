import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrateToLatest, migrationState } from '../db/migrate';
import { createBackup, listAllBackups, restoreBackup } from '../features/backups/sqlite-backup';

// `npm run backup` and `npm run restore -- FILE`: the embedded database by hand.
// A backup works while the server runs; a restore needs the server stopped.
const USAGE = `Usage:
  npm run backup                 copy the database into DATA_DIR/backups (safe while the server runs)
  npm run restore -- FILE        replace the database with FILE (stop the server first)
  npm run restore -- --list      list the backups in DATA_DIR/backups (those taken before upgrades too)`;

const POSTGRES_HINT = `DATABASE_URL points to PostgreSQL: use its own tools instead, for example
  pg_dump --format=custom --file=voters.dump "$DATABASE_URL"
  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" voters.dump
(see README, "Backups").`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const config = loadConfig();
  if (command !== 'backup' && command !== 'restore') {
    console.error(USAGE);
    return 1;
  }
  if (config.databaseUrl) {
    console.error(POSTGRES_HINT);
    return 1;
  }

  if (command === 'backup') {
    const database = openDatabase({ dataDir: config.dataDir });
    try {
      // A new data folder gets its tables first, so the copy is one a restore accepts. An
      // existing database is copied as it is: migrating it here would upgrade it without the
      // backup `npm start` takes before its migrations.
      if ((await migrationState(database.db)).applied.length === 0) await migrateToLatest(database.db);
      const file = await createBackup(database.dialect, config.dataDir);
      console.log(`Backup written: ${file}`);
      return 0;
    } finally {
      await database.close();
    }
  }

  const [file] = rest;
  if (file === '--list') {
    const backups = listAllBackups(config.dataDir);
    console.log(backups.length ? backups.join('\n') : 'No backups yet.');
    return 0;
  }
  if (!file) {
    console.error(`restore needs the backup FILE\n\n${USAGE}`);
    return 1;
  }
  const { safetyCopy } = await restoreBackup(path.resolve(file), config.dataDir);
  console.log(`Restored ${path.resolve(file)}.${safetyCopy ? `\nThe database it replaced was saved as ${safetyCopy}.` : ''}`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
