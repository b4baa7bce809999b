import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { migrateDatabase, openPglite } from './db/client';

let t = performance.now();
const db = await openPglite(undefined);
console.log('create', Math.round(performance.now() - t));
t = performance.now();
await migrateDatabase(db);
console.log('migrate', Math.round(performance.now() - t));
t = performance.now();
const dump = await db.pglite!.dumpDataDir('none');
console.log('dump', Math.round(performance.now() - t), dump.size);
t = performance.now();
const copy = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm } });
console.log('load', Math.round(performance.now() - t));
t = performance.now();
console.log((await copy.query('select count(*) from users')).rows);
