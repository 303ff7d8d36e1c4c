import path from 'node:path';
import type { Config } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../platform/database.ts';
import { checkStorage, createStorage } from '../platform/storage/create-storage.ts';
import type { Storage } from '../platform/storage/storage.ts';

/**
 * The configured installation's database and file storage, as the server would open them, for the
 * command-line tools (seed, backup, restore). A missing bucket or refused keys stop here, before any
 * database work.
 */
export async function openInstallation(
  config: Config,
): Promise<{ database: DatabaseHandle; storage: Storage }> {
  await checkStorage(config.storage);
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pgdata'),
    poolSize: 2,
  });
  return { database, storage: createStorage(config.storage) };
}

/** Runs a command's main and exits with its code; anything thrown is printed and exits 1. */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
