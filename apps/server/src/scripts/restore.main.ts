import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { RestoreRefusedError, restoreBackup } from './restore-archive.ts';
import { openInstallation, runCommand } from './command-line.ts';

const USAGE = `Usage: npm run restore -- FILE [--force]

Restores an archive written by \`npm run backup\` into the configured database (DATABASE_URL, or embedded
PGlite in DATA_DIR) and storage (DATA_DIR/uploads, or the S3 bucket). Stop every Lectern process first.
  --force   replace whatever the database and storage hold (otherwise both must be empty)
  --help    show this help

The database schema must be the one the backup was made with: restore with the same Lectern version,
then upgrade. A backup of PGlite restores into PostgreSQL and the other way round.`;

async function main(): Promise<number> {
  let file: string;
  let force: boolean;
  try {
    const { values, positionals } = parseArgs({
      options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    const [named, ...more] = positionals;
    if (named === undefined || more.length > 0) throw new Error('Name one backup file.');
    file = path.resolve(named);
    force = values.force;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }

  const config = loadConfig();
  const { database, storage } = await openInstallation(config);
  try {
    const summary = await restoreBackup({
      db: database.db,
      storage,
      file,
      force,
      log: (line) => console.log(line),
    });
    console.log(`Restored ${summary.rows} rows and ${summary.files} files from ${file}.`);
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefusedError) {
      console.error(`Nothing restored: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

runCommand(main);
