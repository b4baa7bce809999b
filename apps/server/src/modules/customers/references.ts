import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Tables of other modules that point at a customer: a merge moves their rows to the survivor.
 * A module that adds a customer_id column adds its table here.
 */
export const CUSTOMER_REFERENCES: { table: string; column: string }[] = [
  { table: 'emails', column: 'customer_id' },
];

export async function moveCustomerReferences(db: Db, fromId: number, toId: number): Promise<void> {
  for (const ref of CUSTOMER_REFERENCES) {
    await db.execute(
      sql`UPDATE ${sql.identifier(ref.table)} SET ${sql.identifier(ref.column)} = ${toId} WHERE ${sql.identifier(ref.column)} = ${fromId}`,
    );
  }
}
