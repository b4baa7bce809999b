import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './client';
import { migrationsFolder } from './client';

type Journal = { entries: { when: number }[] };

/** The migrations this build ships (drizzle-kit's journal), read once. */
const journal = JSON.parse(
  readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
) as Journal;
const expected = journal.entries.length;
const newest = Math.max(0, ...journal.entries.map((e) => e.when));

export type MigrationState = { ok: boolean; applied: number; expected: number };

/**
 * Whether the database has every migration of this build. drizzle's migrator records each applied
 * one in drizzle.__drizzle_migrations with the journal's time; the newest must be there. A database
 * an older build migrated (or none at all) is not ok.
 */
export async function migrationState(database: Database): Promise<MigrationState> {
  try {
    const { rows } = await database.query<{ applied: number; newest: string | null }>(
      'SELECT count(*)::int AS applied, max(created_at)::text AS newest FROM drizzle.__drizzle_migrations',
    );
    const applied = rows[0]?.applied ?? 0;
    return { ok: Number(rows[0]?.newest ?? 0) >= newest, applied, expected };
  } catch {
    return { ok: false, applied: 0, expected };
  }
}
