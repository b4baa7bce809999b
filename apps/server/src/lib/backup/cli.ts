import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config';
import { type Database, openPglite, openPostgres } from '../../db/client';
import { DataDirLockedError, lockDataDir } from '../data-lock';
import { createBackup } from './create';
import { backupThroughDoor } from './door';
import { restoreBackup } from './restore';

/** `npm run backup -- [FILE]` and `npm run restore -- FILE`, on the configured database and data directory. */
async function main() {
  const [command, file] = process.argv.slice(2);
  const config = loadConfig();
  if (command !== 'backup' && command !== 'restore')
    throw new Error('usage: cli.ts backup [FILE] | restore FILE');
  if (command === 'restore' && !file) throw new Error('Name the backup to restore: npm run restore -- FILE');
  const stamp = new Date().toISOString().replace(/[:T]/g, '-').slice(0, 19);
  const out = path.resolve(file ?? path.join('backups', `quayside-${stamp}.tar`));
  let unlock = () => {};
  if (!config.databaseUrl) {
    mkdirSync(config.dataDir, { recursive: true });
    try {
      unlock = lockDataDir(config.dataDir);
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
      // The embedded database belongs to the running server: it writes the backup for us.
      if (command === 'backup') {
        if (existsSync(out)) throw new Error(`${out} exists already: choose another name.`);
        mkdirSync(path.dirname(out), { recursive: true });
        const t0 = performance.now();
        const done = await backupThroughDoor(config.dataDir, out);
        if (done) {
          console.log(
            `Backup written to ${out} by the running server: ${done.rows} rows in ${done.tables} tables, ${done.files} files (${Math.round(performance.now() - t0)} ms).`,
          );
          return;
        }
      }
      throw new Error(
        command === 'backup'
          ? `${err.message}\nThe running server did not answer at its backup door (${config.dataDir}/backup-door.json): is it an older Quayside? Stop it for the backup, or update it.`
          : `${err.message}\nRestore needs the server stopped (and an empty place).`,
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
