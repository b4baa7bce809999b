// The public product page under load with 20,000 published products, and what it does to the back
// office: the product list API's p95 alone and while the site is under load.
//   npx tsx bench/website-load.ts [--db=postgres|pglite|both] [--rows=20000] [--seconds=15] [--clients=50]
//     [--generator=wrk|socket|agent] [--keep-db=<name>]
// The site's load comes from wrk when Debian's package is installed, else from a light raw-socket
// client (website-load-generator.ts); the output names the one that ran. The server's own CPU time
// per site request is printed beside the figures (the generator shares the two cores).
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a fresh database is made beside it).

import { readFileSync } from 'node:fs';
import os from 'node:os';
import { DEFAULT_ADMIN_PASSWORD } from '../apps/server/src/config';
import { migrateDatabase } from '../apps/server/src/db/client';
import { createFileStore } from '../apps/server/src/lib/files';
import { ensureFirstAdmin } from '../apps/server/src/modules/users/service';
import { runLoad } from './lib/load';
import { seedProducts } from './lib/seed-products';
import { argValue, onServerDatabases } from './lib/server-database';
import {
  BENCH_ADMIN_PASSWORD,
  loginHeaders,
  SERVER_MAIN,
  startScript,
  stop,
  waitFor,
} from './lib/server-process';
import { GENERATOR_NAMES, generate, pickGenerator } from './website-load-generator';

const rows = Number(argValue('rows', '20000'));
const seconds = Number(argValue('seconds', '15'));
const clients = Number(argValue('clients', '50'));
const STAFF_CLIENTS = 2;
const LIST = '/api/product/list/?sort=-created_at&page=1&page_size=20';
const generator = pickGenerator(argValue('generator', ''));
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
/** User + system CPU seconds of a process so far (Linux /proc). */
const cpuSeconds = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};
console.log(`site load generator: ${GENERATOR_NAMES[generator]}; load average ${loadAverage()}`);

await onServerDatabases(argValue('db', 'postgres'), async (kind, db) => {
  console.log(`\n## ${kind}: ${rows.toLocaleString()} published products`);
  const database = await db.open();
  await migrateDatabase(database);
  await ensureFirstAdmin(database.db, BENCH_ADMIN_PASSWORD, DEFAULT_ADMIN_PASSWORD);
  await db.seed(database, `website-products-${rows}`, async () => {
    await seedProducts(database, createFileStore(db.dataDir), rows);
    await database.query('UPDATE products SET published = true');
  });
  const { rows: picked } = await database.query<{ id: number }>(
    'SELECT p.id FROM products p JOIN product_pictures pp ON pp.product_id = p.id ORDER BY p.id LIMIT 1 OFFSET $1',
    [Math.floor(rows / 2)],
  );
  await database.close();

  const port = 19_000 + Math.floor(Math.random() * 1000);
  const server = startScript(SERVER_MAIN, [], { ...db.env, PORT: String(port), HOST: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/health/`);
    const headers = await loginHeaders(base);
    // Staff have used this address: its /site pages may be kept (website/cache-key.ts).
    await fetch(`${base}${LIST}`, { headers });
    const page = (await fetch(`${base}/site/product/${picked[0]!.id}`)).url;
    const bytes = (await (await fetch(page)).text()).length;
    console.log(`product page ${page.replace(base, '')}: ${bytes.toLocaleString()} bytes of HTML`);

    await generate(generator, page, { 'accept-encoding': 'br' }, clients, 2); // warm-up
    const listAlone = await runLoad(`${base}${LIST}`, headers, STAFF_CLIENTS, seconds);
    const cpuBefore = cpuSeconds(server.pid!);
    const [site, listDuring] = await Promise.all([
      generate(generator, page, { 'accept-encoding': 'br' }, clients, seconds),
      runLoad(`${base}${LIST}`, headers, STAFF_CLIENTS, seconds),
    ]);
    const cpu = cpuSeconds(server.pid!) - cpuBefore;
    console.log(
      `server CPU during the site load: ${cpu.toFixed(1)} s for ${(site.requests + listDuring.requests).toLocaleString()} requests, ${((cpu * 1000) / (site.requests + listDuring.requests)).toFixed(3)} ms each; load average ${loadAverage()}`,
    );
    console.table({
      [`site product page, ${clients} clients`]: site,
      [`back office list, ${STAFF_CLIENTS} clients, alone`]: listAlone,
      [`back office list, ${STAFF_CLIENTS} clients, during the site load`]: listDuring,
    });
  } finally {
    await stop(server);
  }
});
process.exit(0);
