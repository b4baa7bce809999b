import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { call } from '../helpers';
import { type SendTestbed, sleep, startSendTestbed, waitForStatus } from './sending';

let testbed: SendTestbed;

afterAll(() => testbed?.stop());

beforeAll(async () => {
  // A server with no Sent folder at all (the Dovecot of the other tests has one).
  testbed = await startSendTestbed({ sentFolder: false });
}, 60_000);

async function send(subject: string): Promise<number> {
  const { t } = testbed.bed;
  const draft = (
    await call(t.app, 'GET', '/api/email/compose/', { token: t.adminToken, query: { mode: 'new' } })
  ).body.data;
  const res = await call(t.app, 'POST', '/api/email/send_email/', {
    token: t.adminToken,
    body: {
      id: draft.id,
      version: draft.version,
      account_id: testbed.sales.id,
      to: [`Buyer <${testbed.buyer}>`],
      subject,
      html: '<p>Hello</p>',
      undo_seconds: 0,
    },
  });
  expect(res.status).toBe(200);
  await waitForStatus(t.database.db, draft.id, 'sent');
  return draft.id as number;
}

/** The mailboxes of the account as a mail client lists them, and the Sent folder's message count. */
async function sentFolder() {
  const imap = await testbed.bed.dovecot.client(testbed.sales.address);
  try {
    const boxes = await imap.list();
    const sent = boxes.filter((b) => b.specialUse === '\\Sent');
    const status = sent[0] ? await imap.status(sent[0].path, { messages: true }) : false;
    return { paths: sent.map((b) => b.path), exists: status ? (status.messages ?? 0) : 0 };
  } finally {
    await imap.logout();
  }
}

async function waitForSentCopies(n: number) {
  const end = Date.now() + 20_000;
  for (;;) {
    const { exists } = await sentFolder();
    if (exists >= n) return;
    if (Date.now() > end) throw new Error(`${exists} copies in Sent, expected ${n}`);
    await sleep(100);
  }
}

it('sending from an account without a Sent folder creates one, says so once, and copies there', async () => {
  const info = vi.spyOn(console, 'info').mockImplementation(() => {});
  try {
    expect((await sentFolder()).paths).toEqual([]);
    await send('First without Sent');
    await waitForSentCopies(1);
    expect((await sentFolder()).paths).toEqual(['Sent']);

    await send('Second without Sent');
    await waitForSentCopies(2);
    expect((await sentFolder()).paths).toEqual(['Sent']);
    const told = info.mock.calls.filter((c) => String(c[0]).includes('had no Sent folder'));
    expect(told).toHaveLength(1);
    expect(String(told[0]?.[0])).toContain(`account ${testbed.sales.id}`);

    // The sync takes the new folder as the account's Sent folder.
    await testbed.bed.sync(testbed.sales.id);
    const list = await testbed.bed.get<{ total: number }>('/api/email/list/', {
      folder: 'outbox',
      q: 'without Sent',
    });
    expect(list.total).toBe(2);
  } finally {
    info.mockRestore();
  }
}, 60_000);
