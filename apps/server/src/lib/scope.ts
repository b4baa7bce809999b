import type { Role } from '@quayside/contract';
import { type Column, or, type SQL, sql } from 'drizzle-orm';
import { forbidden } from './errors';

/**
 * Who sees which record: one rule per record kind, used by every read path (list, detail, export,
 * PDF, file, search, dashboard, history, events). A record outside the rule answers 403 FORBIDDEN,
 * exactly like a missing one (API.md). docs/decisions.md "Who sees what".
 *
 * - admin: everything.
 * - sales: customers she owns and the public pool (no owner); documents (inquiries excepted) whose
 *   owner she is or whose customer she owns; mail of the accounts she is assigned to.
 * - editor: spec §6 as written (customers and the dashboard); no documents, no mail.
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
 * Documents (quotations, orders, invoices, packing lists): admin all; anyone else those she owns or
 * whose customer she owns. `owner` and `customer` are the document's owner_id and customer_id columns.
 */
export function documentScope(viewer: Viewer, owner: Column | SQL, customer: Column | SQL): SQL | undefined {
  if (isAdmin(viewer)) return undefined;
  return or(
    sql`${owner} = ${viewer.id}`,
    sql`${customer} IN (SELECT id FROM customers WHERE owner_id = ${viewer.id})`,
  );
}

/** Mail (and what is mail: inquiries, campaigns' accounts): admin all; else the accounts assigned to her. */
export function mailScope(viewer: Viewer, account: Column | SQL): SQL | undefined {
  if (isAdmin(viewer)) return undefined;
  return sql`${account} IN (SELECT account_id FROM email_account_users WHERE user_id = ${viewer.id})`;
}

/** Throws 403 FORBIDDEN (answered like a missing record) unless `allowed`. */
export function assertVisible(allowed: boolean): void {
  if (!allowed) throw forbidden();
}
