import { and, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema';
import { customerScope, type Viewer } from '../../lib/scope';

/** Live customers whose email is one of the addresses (case-insensitive). */
export async function findCustomersByEmails(
  db: Db,
  emails: string[],
): Promise<{ id: number; email: string }[]> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length === 0) return [];
  return db
    .select({ id: customers.id, email: customers.email })
    .from(customers)
    .where(and(inArray(customers.email, wanted), isNull(customers.deletedAt)));
}

/** A customer's last-received time moves forward only (an old mail synced late does not move it back). */
export async function recordCustomerReceived(db: Db, customerId: number, at: Date): Promise<void> {
  await db
    .update(customers)
    .set({ lastReceivedAt: at })
    .where(
      and(
        sql`${customers.id} = ${customerId}`,
        or(isNull(customers.lastReceivedAt), lt(customers.lastReceivedAt, at)),
      ),
    );
}

/** What the mail screens show of a customer: the card beside an email, the list column. */
export type CustomerCard = {
  id: number;
  company_name: string;
  name: string;
  email: string;
  nation: number | null;
};

/** Cards of the given customers (deleted ones too: an old email still names its customer). */
export async function findCustomerCards(db: Db, ids: number[]): Promise<Map<number, CustomerCard>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: customers.id,
      company_name: customers.companyName,
      name: customers.name,
      email: customers.email,
      nation: customers.nation,
    })
    .from(customers)
    .where(inArray(customers.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Live customers whose email, name or company starts with the text: address completion when writing
 * mail. Given the `viewer`, only customers she may read (lib/scope.ts `customerScope`).
 */
export async function searchCustomerContacts(
  db: Db,
  text: string,
  limit: number,
  viewer?: Viewer,
): Promise<{ id: number; name: string; email: string }[]> {
  const prefix = `${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, '\\$&')}%`;
  return db
    .select({ id: customers.id, name: customers.name, email: customers.email })
    .from(customers)
    .where(
      and(
        isNull(customers.deletedAt),
        viewer ? customerScope(viewer, customers.ownerId) : undefined,
        sql`${customers.email} <> ''`,
        or(
          sql`${customers.email} LIKE ${prefix}`,
          sql`lower(${customers.name}) LIKE ${prefix}`,
          sql`lower(${customers.companyName}) LIKE ${prefix}`,
        ),
      ),
    )
    .orderBy(customers.email)
    .limit(limit);
}
