import { date, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The dashboard's order figures per UTC day of the order's creation (the order list's date filter),
 * salesperson (0: none) and currency: how many orders and their value. Kept by statement triggers on
 * `orders` and `document_versions` in the same transaction as each change, which count each changed
 * day again from its orders (migration 0016, which also filled it); nothing in the app writes it.
 */
export const orderDayTotals = pgTable(
  'order_day_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    ownerId: integer('owner_id').notNull(),
    currency: text('currency').notNull(),
    n: integer('n').notNull(),
    total: numeric('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.ownerId, t.currency] })],
);

/**
 * The lines of the current version of those orders, per what the top-products chart ranks (`k`: a
 * product, else a model, else a description, case aside): how many orders have it, its value, and
 * the label of its largest line that day (with that line's amount, to pick the label over days).
 */
export const orderDayLines = pgTable(
  'order_day_lines',
  {
    day: date('day', { mode: 'string' }).notNull(),
    ownerId: integer('owner_id').notNull(),
    currency: text('currency').notNull(),
    k: text('k').notNull(),
    productId: integer('product_id'),
    label: text('label').notNull(),
    labelAmount: numeric('label_amount').notNull(),
    n: integer('n').notNull(),
    amount: numeric('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.ownerId, t.currency, t.k] })],
);
