import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { quotations } from './documents';
import { users } from './users';

/**
 * Orders, invoices and packing lists: like quotations, each row is the document's current state for
 * lists and filters, and its content (lines, terms, totals) lives whole in document_versions under
 * kind 'order', 'invoice' or 'packing_list', append-only. docs/decisions/documents.md.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    name: text('name').notNull().default(''),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** The quotation and the version it was made from; a quotation with an order cannot be deleted. */
    quotationId: integer('quotation_id').references(() => quotations.id, { onDelete: 'restrict' }),
    quotationVersion: integer('quotation_version'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** in_progress, done (spec §3) */
    status: text('status').notNull().default('in_progress'),
    version: integer('version').notNull().default(1),
    currency: text('currency').notNull(),
    total: numeric('total', { precision: 18, scale: 4 }).notNull(),
    /** Σ payments, kept in the same transaction as each payment, so balance = total − paid is one column away. */
    paid: numeric('paid', { precision: 18, scale: 4 }).notNull().default('0'),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    /** Number, name, customer and line texts, for the search box. */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_customer').on(t.customerId),
    index('orders_quotation').on(t.quotationId),
    index('orders_owner').on(t.ownerId),
    /** The dashboard's day counts recount one day's orders (migration 0016). */
    index('orders_created').on(t.createdAt),
    index('orders_status_updated').on(t.status, t.updatedAt.desc(), t.id.desc()),
    index('orders_updated').on(t.updatedAt.desc(), t.id.desc()),
    index('orders_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Payments received against an order; append and delete only (a wrong entry is removed and entered again). */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 4 }).notNull(),
    remark: text('remark').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_payments_order').on(t.orderId, t.paidOn)],
);

/** Who changed an order's status to what, and when (spec §3 statuses with their trail). */
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_changes_order').on(t.orderId, t.changedAt)],
);

/** Proforma and commercial invoices, each kind with its own number series (PI-2026-0001, CI-2026-0001). */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    /** proforma, commercial (lookups INVOICE_KIND) */
    kind: text('kind').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    currency: text('currency').notNull(),
    total: numeric('total', { precision: 18, scale: 4 }).notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_order').on(t.orderId),
    index('invoices_customer').on(t.customerId),
    index('invoices_owner').on(t.ownerId),
    index('invoices_updated').on(t.updatedAt.desc(), t.id.desc()),
    index('invoices_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Packing lists, made from an order (optionally tied to one of its invoices); totals kept for the list. */
export const packingLists = pgTable(
  'packing_lists',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    totalCartons: numeric('total_cartons', { precision: 18, scale: 4 }).notNull().default('0'),
    totalGrossWeight: numeric('total_gross_weight', { precision: 18, scale: 4 }).notNull().default('0'),
    totalCbm: numeric('total_cbm', { precision: 18, scale: 4 }).notNull().default('0'),
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('packing_lists_order').on(t.orderId),
    index('packing_lists_customer').on(t.customerId),
    index('packing_lists_owner').on(t.ownerId),
    index('packing_lists_updated').on(t.updatedAt.desc(), t.id.desc()),
    index('packing_lists_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);
