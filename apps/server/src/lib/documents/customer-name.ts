import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema';
import { invalid } from '../errors';

/** How documents, lists and search hits name a customer: the company, else the person. */
export const customerName = sql<string>`coalesce(nullif(${customers.companyName}, ''), ${customers.name})`;

/** The name of a live customer a document is made for; 400 on `customer_id` when there is none. */
export async function customerNameOf(db: Db, id: number): Promise<string> {
  const [row] = await db
    .select({ name: customerName })
    .from(customers)
    .where(and(eq(customers.id, id), sql`${customers.deletedAt} IS NULL`));
  if (!row) throw invalid('customer_id', 'recordNotFound', { thing: 'thingCustomer' });
  return row.name;
}
