import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { emails } from './email';
import { users } from './users';

/**
 * Number series of business documents (quotations, orders, invoices, packing lists): one counter per
 * series and year, taken with an UPSERT inside the creating transaction, so concurrent creates wait on
 * the row and a rolled-back create gives its number back (no gaps, no duplicates).
 */
export const numberSeries = pgTable(
  'number_series',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/** Small settings documents by key (company letterhead, number prefixes), each a JSON object. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every saved version of a document, whole, as JSON: append-only (a trigger refuses UPDATE).
 * `kind` names the document type ('quotation', later 'order', 'invoice', …).
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    kind: text('kind').notNull(),
    documentId: integer('document_id').notNull(),
    version: integer('version').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    summary: text('summary').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.documentId, t.version] })],
);

/** A quotation's current state; its content lives in document_versions (kind 'quotation'). */
export const quotations = pgTable(
  'quotations',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    inquiryEmailId: integer('inquiry_email_id').references(() => emails.id, { onDelete: 'set null' }),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** draft, sent, accepted, rejected; "expired" is derived from valid_until at read. */
    status: text('status').notNull().default('draft'),
    version: integer('version').notNull().default(1),
    currency: text('currency').notNull(),
    total: numeric('total', { precision: 18, scale: 4 }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }),
    /** Number, customer, contact and line texts, for the search box. */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quotations_customer').on(t.customerId),
    index('quotations_owner').on(t.ownerId),
    index('quotations_inquiry').on(t.inquiryEmailId),
    index('quotations_updated').on(t.updatedAt.desc(), t.id.desc()),
    index('quotations_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Mails sent with a quotation's PDF: which version went out in which email. */
export const quotationEmails = pgTable(
  'quotation_emails',
  {
    quotationId: integer('quotation_id')
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    emailId: integer('email_id')
      .notNull()
      .references(() => emails.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.quotationId, t.emailId] }), index('quotation_emails_email').on(t.emailId)],
);

/** The sales pipeline state of an inquiry email (no row: new). */
export const inquiryStates = pgTable('inquiry_states', {
  emailId: integer('email_id')
    .primaryKey()
    .references(() => emails.id, { onDelete: 'cascade' }),
  /** new, quoted, won, lost */
  state: text('state').notNull(),
  lostReason: text('lost_reason'),
  lostNote: text('lost_note').notNull().default(''),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
