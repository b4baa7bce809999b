import { date, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Acknowledgements of website inquiries sent, one row per recipient address and UTC day: the insert
 * that claims the row decides whether one more goes out (at most one a day per address, on every
 * instance). Rows older than a few days are deleted as new ones are written.
 */
export const websiteAcks = pgTable(
  'website_acks',
  {
    address: text('address').notNull(),
    day: date('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.address, t.day] })],
);
