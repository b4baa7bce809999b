// The floor for the product list: a bare node:http handler running the list's SQL (categories, page
// and count together, then the page's pictures), no framework, validation or envelope. Started by products-list.ts.
import http from 'node:http';
import { openPglite, openPostgres } from '../../apps/server/src/db/client';
import {
  CATEGORIES_WITHIN_SQL,
  NAMED_CATEGORIES_SQL,
  PRODUCT_COUNT_SQL,
  PRODUCT_LIST_SQL,
  PRODUCT_PICTURES_SQL,
  productListParams,
} from './product-list-sql';

const [kind, target, port] = process.argv.slice(2) as ['postgres' | 'pglite', string, string];
const database = kind === 'postgres' ? await openPostgres(target, 10) : await openPglite(target);
const categories = new Map<string, { named: number[]; within: number[] }>();

http
  .createServer(async (req, res) => {
    const p = productListParams(new URL(req.url ?? '/', 'http://x').searchParams);
    // The app keeps the small categories table in memory too (10 s): the same two lookups, once.
    const ids = (r: { rows: { id: number }[] }) => r.rows.map((x) => x.id);
    const key = `${p.like}|${p.categories.join(',')}`;
    let found = categories.get(key);
    if (!found) {
      found = {
        named: ids(await database.query<{ id: number }>(NAMED_CATEGORIES_SQL, [p.like])),
        within: ids(await database.query<{ id: number }>(CATEGORIES_WITHIN_SQL, [p.categories])),
      };
      categories.set(key, found);
    }
    const { named, within } = found;
    const [rows, total] = await Promise.all([
      database.query<{ id: number }>(PRODUCT_LIST_SQL, [p.like, named, within, p.size, p.offset]),
      database.query<{ n: number }>(PRODUCT_COUNT_SQL, [p.like, named, within]),
    ]);
    const pictures = await database.query(PRODUCT_PICTURES_SQL, [rows.rows.map((r) => r.id)]);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ items: rows.rows, pictures: pictures.rows, total: total.rows[0]?.n }));
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
