import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { writeBackup } from './backup-archive.ts';
import { openInstallation, runCommand } from './command-line.ts';

const USAGE = `Usage: npm run backup -- [--output FILE]

Writes every table of the configured database (DATABASE_URL, or embedded PGlite in DATA_DIR) and every
stored file (DATA_DIR/uploads, or the S3 bucket) into one .tar.gz archive.
  --output FILE   where to write it (default: ./lectern-backup-<time>.tar.gz)
  --help          show this help

On PostgreSQL the servers may keep running: the tables are read as one consistent snapshot. The embedded
PGlite database can be opened by one process only: stop the server first.`;

async function main(): Promise<number> {
  let output: string;
  try {
    const { values } = parseArgs({
      options: { output: { type: 'string', short: 'o' }, help: { type: 'boolean', default: false } },
      strict: true,
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    output = path.resolve(
      values.output ?? `lectern-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`,
    );
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }

  const config = loadConfig();
  const { database, storage } = await openInstallation(config);
  try {
    const summary = await writeBackup({
      db: database.db,
      driver: database.driver,
      storage,
      file: output,
      log: (line) => console.log(line),
    });
    console.log(`Backup written to ${output} (${summary.rows} rows, ${summary.files} files).`);
  } finally {
    await database.close();
  }
  return 0;
}

runCommand(main);
