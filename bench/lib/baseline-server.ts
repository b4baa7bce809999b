// The floor to compare with: a bare node:http handler running the list's SQL on the same database,
// with no framework, validation or envelope. Started as a child process by customers-list.ts.
import http from 'node:http';
import { openPglite, openPostgres } from '../../apps/server/src/db/client';
import { LIST_COUNT_SQL, LIST_SQL, listParams } from './list-sql';

const [kind, target, port] = process.argv.slice(2) as ['postgres' | 'pglite', string, string];
const database = kind === 'postgres' ? await openPostgres(target, 10) : await openPglite(target);

http
  .createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const params = listParams(url.searchParams);
    const [rows, total] = await Promise.all([
      database.query(LIST_SQL, params.list),
      database.query<{ n: number }>(LIST_COUNT_SQL, params.count),
    ]);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ items: rows.rows, total: total.rows[0]?.n }));
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
