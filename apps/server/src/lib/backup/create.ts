import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../db/client';
import { ident, inTransaction, listTables, migrationLevel, SESSION_SETTINGS } from './snapshot';
import { tarWriter } from './tar';

export const BACKUP_FORMAT = 'quayside-backup/1';

export type Manifest = {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  engine: Database['kind'];
  serverVersion: string;
  /** Migrations applied (drizzle's journal): restore brings the target to this level before loading. */
  migrations: number;
  /** Tables in load order, with their row counts. */
  tables: { name: string; rows: number }[];
  /** Path inside the archive (files/…, secret.key) → sha256 of its bytes. */
  files: Record<string, string>;
};

/** COPY's text format: backslash escapes, \N for NULL. */
function copyField(value: string | null): string {
  if (value === null) return '\\N';
  return value.replace(
    /[\\\n\r\t]/g,
    (c) => ({ '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' })[c] as string,
  );
}

const FETCH = 2000;

/**
 * Writes every table of the snapshot as pg_dump's plain format does (`COPY … FROM stdin` blocks), so
 * the file loads with psql into a migrated database as well as with `restoreBackup`.
 */
async function dumpDatabase(
  database: Database,
  out: number,
): Promise<Omit<Manifest, 'files' | 'createdAt' | 'format'>> {
  return inTransaction(database, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async (query) => {
    const write = (text: string) => writeSync(out, text);
    const [{ version }] = (await query<{ version: string }>('SHOW server_version')).rows as [
      { version: string },
    ];
    write(
      `-- Quayside backup: data only, into a database migrated to the same level (see manifest.json).\n` +
        `SET client_encoding = 'UTF8';\n${SESSION_SETTINGS.map((s) => `${s};`).join('\n')}\n` +
        `SET session_replication_role = replica;\nBEGIN;\n\n`,
    );
    const tables = await listTables(query);
    const counts: Manifest['tables'] = [];
    for (const table of tables) {
      const cols = table.columns.map(ident).join(', ');
      write(`COPY public.${ident(table.name)} (${cols}) FROM stdin;\n`);
      const select = table.columns.map((c) => `${ident(c)}::text`).join(', ');
      await query(
        `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT ${select} FROM public.${ident(table.name)}`,
      );
      let rows = 0;
      for (;;) {
        const batch = (await query<Record<string, string | null>>(`FETCH ${FETCH} FROM backup_rows`)).rows;
        if (batch.length === 0) break;
        let text = '';
        for (const row of batch) text += `${Object.values(row).map(copyField).join('\t')}\n`;
        write(text);
        rows += batch.length;
      }
      await query('CLOSE backup_rows');
      write('\\.\n\n');
      counts.push({ name: table.name, rows });
    }
    for (const table of tables) {
      for (const col of table.serials) {
        const name = `${ident(table.name)}`;
        write(
          `SELECT pg_catalog.setval(pg_get_serial_sequence('public.${name.replace(/'/g, "''")}', '${col}'), ` +
            `coalesce((SELECT max(${ident(col)}) FROM public.${name}), 0) + 1, false);\n`,
        );
      }
    }
    write('COMMIT;\n');
    return {
      engine: database.kind,
      serverVersion: version,
      migrations: await migrationLevel(query),
      tables: counts,
    };
  });
}

/** Every stored file under <dataDir>/files, as paths relative to the data directory. */
export function storedFiles(dataDir: string): string[] {
  const found: string[] = [];
  const walk = (rel: string) => {
    const full = path.join(dataDir, rel);
    if (!existsSync(full)) return;
    for (const entry of readdirSync(full, { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && !entry.name.includes('.tmp')) found.push(child);
    }
  };
  walk('files');
  return found.sort();
}

/**
 * One tar file: data.sql (the database), files/… (the content-addressed store) and manifest.json.
 * The database is read in one REPEATABLE READ transaction, so it is consistent while the server
 * runs; files are written before the rows naming them and never change, so every file a row of the
 * snapshot names is already there.
 */
export async function createBackup(database: Database, dataDir: string, outFile: string): Promise<Manifest> {
  if (existsSync(outFile)) throw new Error(`${outFile} exists already: choose another name.`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'quayside-backup-'));
  try {
    const sqlFile = path.join(work, 'data.sql');
    const out = openSync(sqlFile, 'w');
    let dumped: Awaited<ReturnType<typeof dumpDatabase>>;
    try {
      dumped = await dumpDatabase(database, out);
    } finally {
      closeSync(out);
    }
    const tar = tarWriter(outFile);
    try {
      tar.addFile('data.sql', sqlFile, statSync(sqlFile).size);
      const files: Manifest['files'] = {};
      // The generated key that encrypts mailbox passwords: without it the restored passwords are noise.
      const secret = existsSync(path.join(dataDir, 'secret.key')) ? ['secret.key'] : [];
      for (const rel of [...secret, ...storedFiles(dataDir)]) {
        const bytes = readFileSync(path.join(dataDir, rel));
        files[rel] = createHash('sha256').update(bytes).digest('hex');
        tar.add(rel, bytes);
      }
      const manifest: Manifest = {
        format: BACKUP_FORMAT,
        createdAt: new Date().toISOString(),
        ...dumped,
        files,
      };
      tar.add('manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
      tar.close();
      return manifest;
    } catch (err) {
      tar.close();
      rmSync(outFile, { force: true });
      throw err;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
