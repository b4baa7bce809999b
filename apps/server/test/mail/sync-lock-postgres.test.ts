import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SyncManager } from '../../src/modules/email/sync/manager';
import { type MailTestbed, mailTestbed } from './setup';

// Advisory locks are PostgreSQL's (the embedded database has one process by construction), so this
// file runs on the PostgreSQL server in both passes of the suite: the machine's own, unless
// TEST_DATABASE_URL names another. Without one it fails, saying so.

const timing = { pollMs: 60_000, backoffBaseMs: 200, backoffMaxMs: 1000 };
let bed: MailTestbed;
const managers: SyncManager[] = [];
afterAll(() => bed?.dovecot.stop());
beforeAll(async () => {
  bed = await mailTestbed({ postgres: true });
  await bed.account('lock-a');
});
afterAll(() => Promise.all(managers.map((m) => m.stop())));

const manager = () => {
  const m = new SyncManager(bed.env, timing, 60_000);
  managers.push(m);
  return m;
};

describe('sync workers on PostgreSQL', () => {
  it('sync each account on one instance only (PostgreSQL advisory lock)', async () => {
    const first = manager();
    const second = manager();
    await first.start();
    await second.start();
    const held = first.activeAccounts();
    expect(held.length).toBeGreaterThan(0);
    expect(second.activeAccounts()).toEqual([]);
    await first.stop();
    await second.reconcile();
    expect(second.activeAccounts()).toEqual(held);
  });
});
