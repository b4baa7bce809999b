import type { Role } from '@quayside/contract';
import { and, type Column, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customers, emailAccountUsers, invoices, orders, packingLists, quotations } from '../db/schema';
import { type AppError, forbidden, notFound } from './errors';
import type { MessageKey } from './i18n';

/**
 * Who sees which record: one rule per record kind, used by every read path (list, detail, export,
 * PDF, file, search, dashboard, history, events). A record outside the rule answers 403 FORBIDDEN,
 * exactly like a missing one (API.md). docs/decisions/who-sees-what.md.
 *
 * - admin: everything.
 * - sales: customers she owns and the public pool (no owner); documents (inquiries excepted) whose
 *   owner she is or whose customer she owns; mail of the accounts she is assigned to.
 * - editor: spec §6 as written (customers and the dashboard); of documents only the quotations she
 *   made (createQuotation and updateQuotation are open routes of spec §2), no mail.
 *
 * `undefined` means "no narrowing" (drizzle's `and` skips it).
 */
export type Viewer = { id: number; roles: readonly Role[] | readonly string[] };

export const isAdmin = (viewer: Viewer): boolean => viewer.roles.includes('admin');
/** A salesperson and not an admin: her reads are narrowed to what is hers. */
export const isSalesOnly = (viewer: Viewer): boolean => !isAdmin(viewer) && viewer.roles.includes('sales');

/** Customers: admin and editor every one; sales her own and the pool. `owner` is customers.owner_id. */
export function customerScope(viewer: Viewer, owner: Column | SQL): SQL | undefined {
  if (!isSalesOnly(viewer)) return undefined;
  return sql`(${owner} = ${viewer.id} OR ${owner} IS NULL)`;
}

/** Whether one loaded customer is within `customerScope`. */
export function mayReadCustomer(viewer: Viewer, ownerId: number | null): boolean {
  return !isSalesOnly(viewer) || ownerId === null || ownerId === viewer.id;
}

/** Customers a salesperson may change (edit, release): her own; an admin any; an editor any (spec). */
export function mayWorkCustomer(viewer: Viewer, ownerId: number | null): boolean {
  return !isSalesOnly(viewer) || ownerId === viewer.id;
}

/**
 * Documents (quotations, orders, invoices, packing lists): admin all; sales those she owns or whose
 * customer she owns; anyone else (editor: spec §6, quotations only) those she owns. `owner` and
 * `customer` are the document's owner_id and customer_id columns.
 */
export function documentScope(viewer: Viewer, owner: Column | SQL, customer: Column | SQL): SQL | undefined {
  if (isAdmin(viewer)) return undefined;
  if (!viewer.roles.includes('sales')) return sql`${owner} = ${viewer.id}`;
  return or(
    sql`${owner} = ${viewer.id}`,
    sql`${customer} IN (SELECT id FROM customers WHERE owner_id = ${viewer.id})`,
  );
}

/** A document table: its owner and customer columns. */
type DocumentTable = { ownerId: Column; customerId: Column };
/** `documentScope` of one document table, e.g. `documentsOf(viewer, quotations)`. */
export const documentsOf = (viewer: Viewer, table: DocumentTable): SQL | undefined =>
  documentScope(viewer, table.ownerId, table.customerId);
/** The rule per document kind, for every read path (lists, exports, search, dashboard figures). */
export const quotationScope = (viewer: Viewer) => documentsOf(viewer, quotations);
export const orderScope = (viewer: Viewer) => documentsOf(viewer, orders);
export const invoiceScope = (viewer: Viewer) => documentsOf(viewer, invoices);
export const packingListScope = (viewer: Viewer) => documentsOf(viewer, packingLists);

/**
 * Whether one loaded document is within `documentScope`: `ownerId` is the document's owner,
 * `customerOwnerId` the owner of its customer (null: a pool customer).
 */
export function mayReadDocument(
  viewer: Viewer,
  ownerId: number | null,
  customerOwnerId: number | null,
): boolean {
  if (isAdmin(viewer) || ownerId === viewer.id) return true;
  return viewer.roles.includes('sales') && customerOwnerId === viewer.id;
}

/**
 * The customers a user may make documents for: admin and editor (customers are shared, spec §2) any;
 * a salesperson only her own (a pool customer is claimed first).
 */
export function mayMakeDocumentFor(viewer: Viewer, customerOwnerId: number | null): boolean {
  return !isSalesOnly(viewer) || customerOwnerId === viewer.id;
}

/**
 * What a missing record answers: 404 to an admin (who sees everything, so nothing is given away);
 * to anyone else 403 FORBIDDEN, exactly as a record outside her scope, so ids cannot be probed.
 */
export function missing(viewer: Viewer, thing: MessageKey): AppError {
  return isAdmin(viewer) ? notFound(thing) : forbidden();
}

/** Mail (and what is mail: inquiries, campaigns' accounts): admin all; else the accounts assigned to her. */
export function mailScope(viewer: Viewer, account: Column | SQL): SQL | undefined {
  if (isAdmin(viewer)) return undefined;
  return sql`${account} IN (SELECT account_id FROM email_account_users WHERE user_id = ${viewer.id})`;
}

/** Whether one loaded email (its account) is within `mailScope`: admin any, else an assigned account. */
export async function mayReadMail(db: Db, viewer: Viewer, accountId: number): Promise<boolean> {
  if (isAdmin(viewer)) return true;
  const [row] = await db
    .select({ id: emailAccountUsers.accountId })
    .from(emailAccountUsers)
    .where(and(eq(emailAccountUsers.accountId, accountId), eq(emailAccountUsers.userId, viewer.id)));
  return row !== undefined;
}

/** Of these customers, those within `customerScope` (deleted ones too: an old record still names them). */
export async function readableCustomers(
  db: Db,
  viewer: Viewer,
  ids: readonly number[],
): Promise<Set<number>> {
  const wanted = [...new Set(ids)];
  if (!isSalesOnly(viewer)) return new Set(wanted);
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(inArray(customers.id, wanted), customerScope(viewer, customers.ownerId)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Records a user made herself (tasks, i.e. campaigns): admin all; a salesperson her own. Others (the
 * editor) keep the rule of their record kind (a task: the accounts they may send from).
 */
export function ownScope(viewer: Viewer, createdBy: Column | SQL): SQL | undefined {
  if (!isSalesOnly(viewer)) return undefined;
  return sql`${createdBy} = ${viewer.id}`;
}

/** Throws 403 FORBIDDEN (answered like a missing record) unless `allowed`. */
export function assertVisible(allowed: boolean): void {
  if (!allowed) throw forbidden();
}
