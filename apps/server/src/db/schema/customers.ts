import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    companyName: text('company_name').notNull().default(''),
    name: text('name').notNull().default(''),
    /** Stored lower-case; '' when unknown. One live customer per address. */
    email: text('email').notNull().default(''),
    grade: integer('grade'),
    source: integer('source'),
    nation: integer('nation'),
    religion: integer('religion'),
    /** Communication method (spec: situation). */
    situation: integer('situation'),
    website: text('website').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    remark: text('remark').notNull().default(''),
    skype: text('skype').notNull().default(''),
    qq: text('qq').notNull().default(''),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    lastReceivedAt: timestamp('last_received_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Soft delete: an admin may restore for 30 days. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** What the search box looks through, kept by the database itself. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(company_name || ' ' || name || ' ' || email || ' ' || phone || ' ' || website || ' ' || remark)`,
      ),
  },
  (t) => [
    uniqueIndex('customers_email_live').on(t.email).where(sql`deleted_at IS NULL AND email <> ''`),
    index('customers_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The list's sorts with their id tiebreaker, so a page of a sorted list is read in index order.
    index('customers_created').on(t.createdAt.desc(), t.id.desc()),
    index('customers_last_received').on(t.lastReceivedAt.desc().nullsLast(), t.id.desc()),
    index('customers_company').on(sql`lower(${t.companyName})`),
    index('customers_owner').on(t.ownerId),
    /** The duplicate check by company domain (customers/duplicates.ts). */
    index('customers_email_domain')
      .on(sql`split_part(${t.email}, '@', 2)`)
      .where(sql`deleted_at IS NULL AND email <> ''`),
    index('customers_grade').on(t.grade),
    index('customers_nation').on(t.nation),
  ],
);

/**
 * Every change of a customer's owner: claim, release, transfer (an admin's, including an owner set in
 * an edit) and auto-return, one line per customer, written in the change's own transaction.
 */
export const customerOwnerChanges = pgTable(
  'customer_owner_changes',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    toUserId: integer('to_user_id').references(() => users.id, { onDelete: 'set null' }),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** claim, release, transfer, auto_return */
    reason: text('reason').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_owner_changes_customer').on(t.customerId, t.at)],
);
