import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SyncManager } from '../../src/modules/email/sync/manager';
import { plain } from './messages';
import { type MailTestbed, mailTestbed } from './setup';

const timing = { pollMs: 60_000, backoffBaseMs: 200, backoffMaxMs: 1000 };
let bed: MailTestbed;
const managers: SyncManager[] = [];
afterAll(() => bed?.dovecot.stop());
beforeAll(async () => {
  bed = await mailTestbed();
});
afterAll(() => Promise.all(managers.map((m) => m.stop())));

const manager = () => {
  const m = new SyncManager(bed.env, timing, 60_000);
  managers.push(m);
  return m;
};

describe('sync workers', () => {
  it('run one per enabled account, and stop for a disabled one', async () => {
    const a = await bed.account('worker-a');
    const b = await bed.account('worker-b');
    const m = manager();
    await m.start();
    expect(m.activeAccounts()).toEqual([a.id, b.id]);
    await bed.dovecot.deliver(a.address, plain({ to: a.address, subject: 'Requested' }));
    await m.requestSync(a.id);
    const list = await bed.get<{ total: number }>('/api/email/list/', { account_id: a.id });
    expect(list.total).toBe(1);
    await bed.post('/api/email/update_email_account/', {
      id: b.id,
      address: b.address,
      imap_host: bed.dovecot.host,
      imap_port: bed.dovecot.port,
      imap_secure: false,
      imap_user: b.address,
      enabled: false,
    });
    await m.reconcile();
    expect(m.activeAccounts()).toEqual([a.id]);
    await m.stop();
  });
});
