import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Metadata of a stored file; the bytes live under <data>/files/<sha256 path>, shared by identical uploads. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    sha256: text('sha256').notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: text('mime').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_sha256').on(t.sha256)],
);
