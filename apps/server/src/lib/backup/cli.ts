import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config';
import { type Database, openPglite, openPostgres } from '../../db/client';
import { DataDirLockedError, lockDataDir } from '../data-lock';
import { createBackup } from './create';
import { restoreBackup } from './restore';

/** `npm run backup -- [FILE]` and `npm run restore -- FILE`, on the configured database and data directory. */
async function main() {
  const [command, file] = process.argv.slice(2);
  const config = loadConfig();
  if (command !== 'backup' && command !== 'restore')
    throw new Error('usage: cli.ts backup [FILE] | restore FILE');
  if (command === 'restore' && !file) throw new Error('Name the backup to restore: npm run restore -- FILE');
  let unlock = () => {};
  if (!config.databaseUrl) {
    mkdirSync(config.dataDir, { recursive: true });
    try {
      unlock = lockDataDir(config.dataDir);
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
      throw new Error(
        `${err.message}\nThe embedded database can be read by one process only: stop the server for the backup (a few seconds for most companies), or move to PostgreSQL, which backs up while running.`,
      );
    }
  }
  let database: Database | null = null;
  try {
    database = config.databaseUrl
      ? await openPostgres(config.databaseUrl, 2)
      : await openPglite(path.join(config.dataDir, 'db'));
    const t0 = performance.now();
    if (command === 'backup') {
      const stamp = new Date().toISOString().replace(/[:T]/g, '-').slice(0, 19);
      const out = path.resolve(file ?? path.join('backups', `quayside-${stamp}.tar`));
      mkdirSync(path.dirname(out), { recursive: true });
      const m = await createBackup(database, config.dataDir, out);
      const rows = m.tables.reduce((sum, t) => sum + t.rows, 0);
      console.log(
        `Backup written to ${out}: ${rows} rows in ${m.tables.length} tables, ${Object.keys(m.files).length} files (${Math.round(performance.now() - t0)} ms).`,
      );
    } else {
      const m = await restoreBackup(database, config.dataDir, path.resolve(file as string));
      const rows = m.tables.reduce((sum, t) => sum + t.rows, 0);
      const where = config.databaseUrl ? 'the PostgreSQL database' : `${config.dataDir}`;
      console.log(
        `Restored ${rows} rows and ${Object.keys(m.files).length} files into ${where} (${Math.round(performance.now() - t0)} ms).`,
      );
    }
  } finally {
    await database?.close();
    unlock();
  }
}

main().catch((err: unknown) => {
  console.error(`\n${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
