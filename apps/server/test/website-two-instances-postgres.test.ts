import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { DEFAULT_ADMIN_PASSWORD } from '../src/config';
import { users } from '../src/db/schema';
import { type RelayedEventHub, relayEvents } from '../src/lib/event-relay';
import { createEventHub } from '../src/lib/events';
import { createFileStore } from '../src/lib/files';
import { ensureFirstAdmin } from '../src/modules/users/service';
import { siteState } from '../src/modules/website/site-state';
import { call, createTestDatabase, login, type TestDb, tempDir, testConfig } from './helpers';

// Two instances on one PostgreSQL, each with its own page cache: a change made through one empties
// the other's through the event relay (LISTEN/NOTIFY). Runs on the PostgreSQL server in both passes
// of the suite (the machine's own unless TEST_DATABASE_URL names another).

let database: TestDb;
const hubs: RelayedEventHub[] = [];
const apps: FastifyInstance[] = [];
let token: string;

beforeAll(async () => {
  database = await createTestDatabase({ postgres: true });
  const db = database.database;
  await ensureFirstAdmin(db.db, DEFAULT_ADMIN_PASSWORD, DEFAULT_ADMIN_PASSWORD);
  await db.db.update(users).set({ mustChangePassword: false }).where(eq(users.username, 'admin'));
  const dataDir = tempDir();
  for (let i = 0; i < 2; i++) {
    const events = await relayEvents(createEventHub(), db.pool!, () => {});
    hubs.push(events);
    const app = await buildApp({
      config: testConfig(dataDir),
      database: db,
      db: db.db,
      files: createFileStore(dataDir),
      events,
      jobs: undefined,
    });
    await app.ready();
    apps.push(app);
  }
  token = await login(apps[0]!, 'admin', DEFAULT_ADMIN_PASSWORD);
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const hub of hubs) await hub.close();
  await database?.drop();
});

async function until(check: () => Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('page cache on two instances', () => {
  it('unpublishing through one instance makes the page 410 on the other, whose copy was kept', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const created = await call(a, 'POST', '/api/product/create/', {
      token,
      body: { name: 'Relay Kettle', published: true },
    });
    const id = created.body.data.id as number;
    const url = `/site/product/${id}-relay-kettle`;
    // Pages are kept for the origins staff use (and the site's host name): staff have used b.
    await call(b, 'GET', '/api/website/settings/', { token });
    // Kept once the creation's own notice has reached it (a page rendered across a change is not kept).
    await until(async () => {
      expect((await b.inject({ method: 'GET', url })).statusCode).toBe(200);
      return siteState(b.ctx).cache.count > 0;
    });
    await call(a, 'POST', '/api/product/bulk_update/', { token, body: { ids: [id], published: false } });
    await until(async () => (await b.inject({ method: 'GET', url })).statusCode === 410);

    // The second host name set on one instance serves on the other.
    const current = (await call(a, 'GET', '/api/website/settings/', { token })).body.data;
    await call(a, 'POST', '/api/website/update_settings/', {
      token,
      body: { company: current.company, site: { ...current.site, host_name: 'shop.example-export.com' } },
    });
    await until(async () =>
      (
        await b.inject({ method: 'GET', url: '/', headers: { host: 'shop.example-export.com' } })
      ).body.includes('<link rel="canonical" href="http://shop.example-export.com/">'),
    );
  });
});
