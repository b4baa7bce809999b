import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per finished spreadsheet import (lib/imports.ts), written in the import's own transaction:
 * an import that did not commit left no row. The file's sha-256 finds an earlier import of the same file.
 */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    /** What was imported: 'customer', 'product', … */
    kind: text('kind').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    created: integer('created').notNull(),
    updated: integer('updated').notNull(),
    skipped: integer('skipped').notNull(),
    failed: integer('failed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('imports_kind_sha256').on(t.kind, t.sha256)],
);
