import { createHash } from 'node:crypto';
import {
  closeSync,
  cpSync,
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type Database, migrateDatabase } from '../../db/client';
import { BACKUP_FORMAT, type Manifest } from './create';
import { DERIVED_TABLES, rebuildDerivedData } from './derived';
import { ident, inTransaction, type Query } from './snapshot';
import { readTar } from './tar';

const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

export class RestoreRefusedError extends Error {}

export type RestoreOptions = {
  /** Where a warning goes (one line, no secret): standard error unless given. */
  warn?: (message: string) => void;
};

/** The reverse of COPY's text escapes. */
function copyValue(field: string): string | null {
  if (field === '\\N') return null;
  return field.replace(/\\(.)/g, (_, c: string) => ({ n: '\n', r: '\r', t: '\t' })[c] ?? c);
}

/** Refuses unless the target holds no data: no rows in any table, no stored file. */
export async function assertEmptyTarget(database: Database, dataDir: string): Promise<void> {
  const filesDir = path.join(dataDir, 'files');
  if (existsSync(filesDir) && readdirSync(filesDir).length > 0) {
    throw new RestoreRefusedError(
      `${filesDir} already holds files: restore only into an empty place (move them away first).`,
    );
  }
  const { rows } = await database.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r'`,
  );
  for (const { name } of rows) {
    const found = await database.query(`SELECT 1 FROM public.${ident(name)} LIMIT 1`);
    if (found.rows.length > 0) {
      throw new RestoreRefusedError(
        `The database already holds data (table ${name}): restore only into an empty database, never over data.`,
      );
    }
  }
}

type Journal = { entries: { tag: string }[] };

const readJournal = () =>
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;

/** Applies the first `level` migrations only: the backup's rows fit the schema of that level. */
export async function migrateTo(database: Database, level: number): Promise<void> {
  const journal = readJournal();
  if (level > journal.entries.length) {
    throw new RestoreRefusedError(
      `The backup comes from a newer Quayside (${level} migrations, this one knows ${journal.entries.length}): update Quayside first.`,
    );
  }
  const partial = mkdtempSync(path.join(os.tmpdir(), 'quayside-migrations-'));
  try {
    mkdirSync(path.join(partial, 'meta'));
    const entries = journal.entries.slice(0, level);
    writeFileSync(path.join(partial, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const e of entries)
      cpSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(partial, `${e.tag}.sql`));
    await database.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    if (database.pglite) await migratePglite(drizzlePglite(database.pglite), { migrationsFolder: partial });
    else if (database.pool) await migratePg(drizzlePg(database.pool), { migrationsFolder: partial });
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

/**
 * Loads the rows of data.sql. Those of the tables of derived data skip a key their triggers wrote
 * already (`rebuildDerivedData` sets the figures right after).
 */
async function loadData(
  query: Query,
  sqlFile: string,
  warn: (message: string) => void,
): Promise<Map<string, number>> {
  // Foreign keys and triggers off while loading, as pg_dump --disable-triggers does; needs a
  // superuser (PGlite is one). Otherwise the dump's order (referenced tables first) still loads,
  // and the data the triggers keep comes right as restoreBackup counts it again (derived.ts).
  await query('SAVEPOINT replica');
  try {
    await query('SET LOCAL session_replication_role = replica');
    await query('RELEASE SAVEPOINT replica');
  } catch (err) {
    await query('ROLLBACK TO SAVEPOINT replica');
    const reason = (err instanceof Error ? err.message : String(err)).split('\n')[0];
    warn(
      `Warning: SET session_replication_role = replica was refused (${reason}), as it is for a database user ` +
        'that is not a superuser: triggers stay on while the rows load. The restore goes on, and the counts the ' +
        'triggers keep are counted again from the restored rows.',
    );
  }
  const counts = new Map<string, number>();
  let table: string | null = null;
  let derived = false;
  let columns = '';
  let width = 0;
  let batch: (string | null)[][] = [];
  const flush = async () => {
    if (!table || batch.length === 0) return;
    const params: (string | null)[] = [];
    const values = batch.map((row) => `(${row.map((v) => `$${params.push(v)}`).join(', ')})`).join(', ');
    const conflict = derived ? ' ON CONFLICT DO NOTHING' : '';
    await query(`INSERT INTO public.${ident(table)} (${columns}) VALUES ${values}${conflict}`, params);
    counts.set(table, (counts.get(table) ?? 0) + batch.length);
    batch = [];
  };
  const lines = createInterface({
    input: createReadStream(sqlFile, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) {
    if (table) {
      if (line === '\\.') {
        await flush();
        table = null;
        continue;
      }
      batch.push(line.split('\t').map(copyValue));
      if (batch.length * width >= 20_000) await flush();
      continue;
    }
    const copy = /^COPY public\.("(?:[^"]|"")+") \((.*)\) FROM stdin;$/.exec(line);
    if (copy) {
      table = (copy[1] as string).slice(1, -1).replace(/""/g, '"');
      derived = DERIVED_TABLES.has(table);
      columns = copy[2] as string;
      width = columns.split(', ').length;
      counts.set(table, 0);
    } else if (line.startsWith('SELECT pg_catalog.setval(')) {
      await query(line);
    }
  }
  return counts;
}

/**
 * Restores a backup into an empty place: verifies the files against the manifest, migrates the
 * database to the backup's level, loads the rows in one transaction, then applies the newer
 * migrations of this Quayside. The data kept by triggers (derived.ts) is counted again from the
 * restored rows: in the loading transaction when the backup has this Quayside's level, else after
 * the newer migrations (the schema the counting is written for).
 */
export async function restoreBackup(
  database: Database,
  dataDir: string,
  backupFile: string,
  options: RestoreOptions = {},
): Promise<Manifest> {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  mkdirSync(dataDir, { recursive: true });
  await assertEmptyTarget(database, dataDir);
  const work = mkdtempSync(path.join(os.tmpdir(), 'quayside-restore-'));
  const staged = path.join(dataDir, `restoring-${process.pid}`);
  try {
    let manifest: Manifest | null = null;
    const written: Record<string, string> = {};
    for (const entry of readTar(backupFile)) {
      const isFile = entry.name.startsWith('files/') || entry.name === 'secret.key';
      if (!isFile && entry.name !== 'data.sql' && entry.name !== 'manifest.json') continue;
      if (entry.name.includes('..')) throw new Error(`Bad path in backup: ${entry.name}`);
      const target = isFile ? path.join(staged, entry.name) : path.join(work, entry.name);
      mkdirSync(path.dirname(target), { recursive: true });
      const hash = createHash('sha256');
      const fd = openSync(target, 'w');
      for (const chunk of entry.chunks()) {
        hash.update(chunk);
        writeSync(fd, chunk);
      }
      closeSync(fd);
      if (isFile) written[entry.name] = hash.digest('hex');
    }
    if (existsSync(path.join(work, 'manifest.json'))) {
      manifest = JSON.parse(readFileSync(path.join(work, 'manifest.json'), 'utf8')) as Manifest;
    }
    if (!manifest || manifest.format !== BACKUP_FORMAT || !existsSync(path.join(work, 'data.sql'))) {
      throw new RestoreRefusedError(`${backupFile} is not a Quayside backup (no manifest.json or data.sql).`);
    }
    for (const [name, sha] of Object.entries(manifest.files)) {
      if (written[name] !== sha)
        throw new Error(`The backup is damaged: ${name} is missing or its bytes differ.`);
    }
    await migrateTo(database, manifest.migrations);
    const latest = manifest.migrations === readJournal().entries.length;
    const counts = await inTransaction(database, 'BEGIN', async (query) => {
      const loaded = await loadData(query, path.join(work, 'data.sql'), warn);
      if (latest) await rebuildDerivedData(query);
      return loaded;
    });
    for (const t of manifest.tables) {
      if (counts.get(t.name) !== t.rows)
        throw new Error(
          `Table ${t.name}: ${counts.get(t.name) ?? 0} rows loaded, the backup says ${t.rows}.`,
        );
    }
    await migrateDatabase(database);
    if (!latest) await inTransaction(database, 'BEGIN', rebuildDerivedData);
    // The database was empty, so nothing is encrypted with a key this place may have generated.
    if (existsSync(path.join(staged, 'secret.key'))) {
      renameSync(path.join(staged, 'secret.key'), path.join(dataDir, 'secret.key'));
    }
    if (existsSync(path.join(staged, 'files'))) {
      rmSync(path.join(dataDir, 'files'), { recursive: true, force: true });
      renameSync(path.join(staged, 'files'), path.join(dataDir, 'files'));
    }
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(staged, { recursive: true, force: true });
  }
}
