// The benchmark data (100k customers, 1M emails, 20k products, 50k orders), shared by
// bench/search.ts and bench/dashboard.ts so one kept database (--keep-db) serves both.
import { DEFAULT_ADMIN_PASSWORD } from '../../apps/server/src/config';
import type { Database } from '../../apps/server/src/db/client';
import { createUser, ensureFirstAdmin } from '../../apps/server/src/modules/users/service';
import { seedCustomers } from './seed-customers';
import { seedOrders } from './seed-orders';
import { seedEmails, seedSearchProducts } from './seed-search';
import { BENCH_ADMIN_PASSWORD } from './server-process';

export type BusinessCounts = { customers: number; emails: number; products: number; orders: number };

/** The editor the benches sign in as: the mailbox is hers, and she handles every fourth email. */
export const BENCH_EDITOR = 'editor';

/** Names the seed, so a kept database is reused only for the same counts (and seed version). */
export const businessKey = (c: BusinessCounts) =>
  `business-v2 c${c.customers} e${c.emails} p${c.products} o${c.orders}`;

export async function seedBusiness(database: Database, counts: BusinessCounts): Promise<void> {
  const t0 = performance.now();
  await ensureFirstAdmin(database.db, BENCH_ADMIN_PASSWORD, DEFAULT_ADMIN_PASSWORD);
  const editor = await createUser(database.db, {
    username: BENCH_EDITOR,
    password: BENCH_ADMIN_PASSWORD,
    name: 'Bench editor',
    roles: ['editor'],
  });
  await seedCustomers(database, counts.customers);
  await seedEmails(database, counts.emails, counts.customers, editor.id);
  await seedSearchProducts(database, counts.products);
  await seedOrders(database, counts.orders);
  await database.query('VACUUM ANALYZE');
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
