import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../src/lib/events';
import { startEmailSync } from '../../src/modules/email/jobs';
import type { SyncManager } from '../../src/modules/email/sync/manager';
import { plain } from './messages';
import { type MailTestbed, mailTestbed } from './setup';

type Item = { id: number; subject: string; is_read: boolean; folder: string };
let bed: MailTestbed;
let manager: SyncManager;
const events: LiveEvent[] = [];

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const find = async (accountId: number, subject: string, folder = 'inbox') => {
  const r = await bed.get<{ items: Item[] }>('/api/email/list/', {
    folder,
    account_id: accountId,
    page_size: 100,
  });
  return r.items.find((i) => i.subject === subject);
};

afterAll(() => bed?.dovecot.stop());
beforeAll(async () => {
  bed = await mailTestbed({ withJobs: true });
  bed.t.app.ctx.events.subscribe(1, (e) => events.push(e));
  manager = await startEmailSync(bed.t.app.ctx, {
    // The poll is far away: whatever shows up quickly came through IDLE.
    timing: { pollMs: 10 * 60_000, backoffBaseMs: 200, backoffMaxMs: 2000 },
    reconcileMs: 10 * 60_000,
    log: () => {},
  });
});
afterAll(() => manager.stop());

describe('background sync', () => {
  it('syncs a new account by itself, then shows new mail within 5 s through IDLE', async () => {
    const { id, address } = await bed.account('live');
    await bed.dovecot.deliver(address, plain({ to: address, subject: 'Before' }));
    await until('the first sync', () => find(id, 'Before'));
    await new Promise((r) => setTimeout(r, 500)); // the watcher is idling
    events.length = 0;
    const started = Date.now();
    await bed.dovecot.deliver(address, plain({ to: address, subject: 'Live one' }));
    await until('new mail', () => find(id, 'Live one'), 5000);
    expect(Date.now() - started).toBeLessThan(5000);
    const unread = await until('an unread event', async () =>
      events.find((e) => e.type === 'unread' && e.data.count === 2),
    );
    expect(unread).toBeDefined();
    expect(events.some((e) => e.type === 'email')).toBe(true);
  });

  it('applies reads and deletions made in another mail client', async () => {
    const { id, address } = await bed.account('other');
    for (const s of ['Read elsewhere', 'Deleted elsewhere']) {
      await bed.dovecot.deliver(address, plain({ to: address, subject: s }));
    }
    await until('the first sync', () => find(id, 'Deleted elsewhere'));
    const client = await bed.dovecot.client(address);
    await client.mailboxOpen('INBOX');
    await client.messageFlagsAdd({ uid: '1' }, ['\\Seen'], { uid: true });
    await client.messageDelete({ uid: '2' }, { uid: true });
    await client.logout();
    await until('the read flag', async () => (await find(id, 'Read elsewhere'))?.is_read);
    await until('the deletion', () => find(id, 'Deleted elsewhere', 'trash'));
    expect(await find(id, 'Deleted elsewhere')).toBeUndefined();
  });

  it('shows a bad password on the account, and keeps syncing the others', async () => {
    const bad = await bed.account('badpass', { imap_password: 'wrong' });
    const good = await bed.account('goodpass');
    await bed.dovecot.deliver(good.address, plain({ to: good.address, subject: 'Still works' }));
    const account = await until('the error', async () => {
      const a = await bed.get<{ last_error: string }>('/api/email/get_email_account_detail/', { id: bad.id });
      return a.last_error ? a : undefined;
    });
    expect(account.last_error).toMatch(/auth/i);
    await until('the other account', () => find(good.id, 'Still works'));
  });
});
