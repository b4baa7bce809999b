import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openPostgres } from '../src/db/client';
import { type RelayedEventHub, relayEvents } from '../src/lib/event-relay';
import { createEventHub, type LiveEvent } from '../src/lib/events';
import { POSTGRES_URL } from './helpers';

// LISTEN/NOTIFY is PostgreSQL's (the embedded database serves one instance by construction), so this
// file runs on the PostgreSQL server in both passes of the suite: the machine's own, unless
// TEST_DATABASE_URL names another. Without one it fails, saying so.

/** Two server instances on one database, each with its own pool and hub. */
let databases: Database[] = [];
let hubs: RelayedEventHub[] = [];

beforeAll(async () => {
  const url = POSTGRES_URL;
  databases = await Promise.all([openPostgres(url, 4), openPostgres(url, 4)]);
  hubs = await Promise.all(databases.map((d) => relayEvents(createEventHub(), d.pool!, () => {})));
});
afterAll(async () => {
  await Promise.all(hubs.map((h) => h.close()));
  await Promise.all(databases.map((d) => d.close()));
});

/** What `userId` receives on each instance. */
function listen(userId: number) {
  const received = hubs.map(() => [] as LiveEvent[]);
  const offs = hubs.map((hub, i) => hub.subscribe(userId, (e) => received[i]!.push(e)));
  return {
    received,
    off: () => {
      for (const off of offs) off();
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 300));

describe('live events across instances (PostgreSQL LISTEN/NOTIFY)', () => {
  it('an event published on one instance reaches the user on every instance, once', async () => {
    const user = listen(41);
    const other = listen(42);
    const event: LiveEvent = { type: 'sync', data: { account_id: 3, done: 100, total: 900 } };
    hubs[0]!.publish({ userId: 41 }, event);
    await vi.waitFor(() => expect(user.received[1]).toEqual([event]), { timeout: 5000 });
    await settle();
    expect(user.received[0]).toEqual([event]);
    expect(other.received).toEqual([[], []]);
    user.off();
    other.off();
  });

  it('"all" goes to everyone signed in, whichever instance they are on', async () => {
    const a = listen(51);
    const b = listen(52);
    const event: LiveEvent = { type: 'unread', data: { count: 7 } };
    hubs[1]!.publish('all', event);
    await vi.waitFor(
      () => expect([...a.received, ...b.received]).toEqual([[event], [event], [event], [event]]),
      {
        timeout: 5000,
      },
    );
    a.off();
    b.off();
  });

  it('an instance that closed its relay no longer receives the others’ events', async () => {
    const closing = await relayEvents(createEventHub(), databases[0]!.pool!, () => {});
    const seen: LiveEvent[] = [];
    closing.subscribe(61, (e) => seen.push(e));
    await closing.close();
    const control = listen(61);
    hubs[1]!.publish({ userId: 61 }, { type: 'unread', data: { count: 1 } });
    hubs[1]!.publish({ userId: 61 }, { type: 'unread', data: { count: 2 } });
    // Both reached the other open instance: a relay still listening would have had them too.
    await vi.waitFor(() => expect(control.received[0]).toHaveLength(2), { timeout: 5000 });
    expect(seen).toEqual([]);
    control.off();
  });

  it('a listening connection the server ends is replaced, and the events flow again', async () => {
    // One connection in this pool: the relay's LISTEN connection is the one whose pid we read.
    const single = await openPostgres(POSTGRES_URL, 1);
    const pidOf = async () =>
      (await single.pool!.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const first = await pidOf();
    const lost: string[] = [];
    const relay = await relayEvents(createEventHub(), single.pool!, (message) => lost.push(message));
    const seen: LiveEvent[] = [];
    relay.subscribe(71, (e) => seen.push(e));

    await databases[1]!.pool!.query('SELECT pg_terminate_backend($1)', [first]);
    await vi.waitFor(() => expect(lost).toContain('event relay: connection lost'), { timeout: 5000 });
    const event: LiveEvent = { type: 'unread', data: { count: 3 } };
    await vi.waitFor(
      () => {
        hubs[1]!.publish({ userId: 71 }, event);
        expect(seen.length).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 500 },
    );
    expect(seen[0]).toEqual(event);

    // Closed, the relay ends its connection instead of handing a listening one back to the pool:
    // the pool's next query has a new one, and ending the old one later throws nowhere.
    const listening = await databases[1]!.pool!.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE query = 'LISTEN quayside_events' AND pid <> ALL($1)",
      [[first]],
    );
    await relay.close();
    const after = await pidOf();
    expect(listening.rows.map((r) => r.pid)).not.toContain(after);
    await single.close();
  });
});
