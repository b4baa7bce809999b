// The floor for the order list: a bare node:http handler running the list's SQL (the page and the
// per-currency totals together), no framework, validation or envelope. Started by orders-list.ts.
import http from 'node:http';
import { openPglite, openPostgres } from '../../apps/server/src/db/client';
import { ORDER_LIST_SQL, ORDER_TOTALS_SQL, orderListParams } from './order-list-sql';

const [kind, target, port] = process.argv.slice(2) as ['postgres' | 'pglite', string, string];
const database = kind === 'postgres' ? await openPostgres(target, 10) : await openPglite(target);

http
  .createServer(async (req, res) => {
    const p = orderListParams(new URL(req.url ?? '/', 'http://x').searchParams);
    const [rows, totals] = await Promise.all([
      database.query(ORDER_LIST_SQL, [...p.where, p.size, p.offset]),
      database.query(ORDER_TOTALS_SQL, p.where),
    ]);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ items: rows.rows, totals: totals.rows }));
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
