import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from './config.ts';
import { seedDemo } from './seed/demo-seed.ts';
import { openInstallation, runCommand } from './scripts/command-line.ts';

const USAGE = `Usage: node apps/server/dist/seed.js [--reset]

Loads the demo organisation into the configured database (DATABASE_URL, or embedded PGlite in DATA_DIR).
  --reset   drop all existing data first
  --help    show this help`;

const LEVEL_NAMES: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

/**
 * A person runs this from a terminal and pino-pretty is only a dev dependency, so log lines are
 * rendered as short readable text rather than the server's JSON.
 */
const terminal = {
  write(line: string): void {
    const entry = JSON.parse(line) as { level: number; msg?: string; err?: { stack?: string } };
    const level = LEVEL_NAMES[entry.level] ?? String(entry.level);
    const text = `${level.padEnd(5)} ${entry.msg ?? ''}${entry.err?.stack ? `\n${entry.err.stack}` : ''}\n`;
    (entry.level >= 50 ? process.stderr : process.stdout).write(text);
  },
};

async function main(): Promise<number> {
  let reset: boolean;
  try {
    const { values } = parseArgs({
      options: { reset: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
      strict: true,
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    reset = values.reset;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }

  const config = loadConfig();
  const log = pino({ level: config.logLevel }, terminal);
  const { database, storage } = await openInstallation(config);
  try {
    const where = database.driver === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
    // Said on the console, not the logger, so LOG_LEVEL=warn in a server's environment can't hide the outcome.
    console.log(`${reset ? 'Resetting and seeding' : 'Seeding'} demo data (${where})...`);
    const loaded = await seedDemo(database.db, log, { reset, storage });
    console.log(
      loaded
        ? 'Demo data loaded. Every demo login uses the password lectern-demo.'
        : 'Nothing loaded: the database already holds data. Use --reset to rebuild the demo data.',
    );
  } finally {
    await database.close();
  }
  return 0;
}

runCommand(main);
