import { and, eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, emailUids } from '../../src/db/schema';
import { startEmailSend } from '../../src/modules/email/deliver';
import { DEFAULT_SEND_TIMING } from '../../src/modules/email/send';
import { call } from '../helpers';
import { emailRow, type SendTestbed, sleep, startSendTestbed, waitForStatus } from './sending';
import { duplicates, folderState, type MailTestbed } from './setup';
import type { TestSmtp } from './smtp';

let testbed: SendTestbed;
let bed: MailTestbed;
let smtp: TestSmtp;
let sales: { id: number; address: string };
let buyer: string;

afterAll(() => testbed?.stop());

beforeAll(async () => {
  testbed = await startSendTestbed({ deliver: true });
  ({ bed, smtp, sales, buyer } = testbed);
}, 60_000);

const row = (id: number) => emailRow(bed.t.database.db, id);

/** The copy to the Sent folder follows a send without holding the job: wait until it is there. */
async function waitForSentCopies(n: number, ms = 20_000) {
  const end = Date.now() + ms;
  for (;;) {
    const imap = await bed.dovecot.client(sales.address);
    const { exists } = await imap.mailboxOpen('Sent', { readOnly: true });
    await imap.logout();
    if (exists >= n) return;
    if (Date.now() > end) throw new Error(`${exists} copies in Sent, expected ${n}`);
    await sleep(100);
  }
}
const until = (id: number, status: string) => waitForStatus(bed.t.database.db, id, status);

async function draftAndSend(subject: string) {
  const { t } = bed;
  const draft = (
    await call(t.app, 'GET', '/api/email/compose/', { token: t.adminToken, query: { mode: 'new' } })
  ).body.data;
  const res = await call(t.app, 'POST', '/api/email/send_email/', {
    token: t.adminToken,
    body: {
      id: draft.id,
      version: draft.version,
      to: [`Buyer <${buyer}>`],
      subject,
      html: '<p>您好，谢谢。</p>',
      undo_seconds: 0,
    },
  });
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual({
    id: draft.id,
    send_status: 'queued',
    send_at: expect.any(String),
    undo_seconds: 0,
  });
  const queued = await row(draft.id);
  expect(queued.messageId).not.toBe('');
  expect(queued.dedupeKey).toBe(`mid:${queued.messageId}`);
  expect(queued.folder).toBe('outbox');
  return draft.id as number;
}

describe('sending', () => {
  it('sends once, delivers, and the Sent copy links to the same email after a sync', async () => {
    const id = await draftAndSend('报价 one');
    const sent = await until(id, 'sent');
    expect(smtp.received).toHaveLength(1);
    const mail = await PostalMime.parse(smtp.received[0]!.raw);
    expect(mail.subject).toBe('报价 one');
    expect(mail.messageId).toBe(`<${sent.messageId}>`);
    await waitForSentCopies(1);
    await bed.sync(sales.id);
    await bed.sync(sales.id);
    const { db } = bed.t.database;
    const same = await db
      .select()
      .from(emails)
      .where(and(eq(emails.accountId, sales.id), eq(emails.dedupeKey, sent.dedupeKey)));
    expect(same).toHaveLength(1);
    const sentFolder = await folderState(db, sales.id, 'sent');
    const links = await db.select().from(emailUids).where(eq(emailUids.emailId, id));
    expect(links.map((l) => l.folderId)).toEqual([sentFolder!.id]);
    expect(await duplicates(db, sales.id)).toBe(0);
    const history = await bed.get<{ items: { subject: string }[] }>('/api/email/history/', {
      address: buyer,
    });
    expect(history.items.map((i) => i.subject)).toContain('报价 one');
  }, 60_000);

  it('retries a 4xx with backoff until it goes', async () => {
    smtp.replies.push({ code: 451, text: 'Try again later' });
    const id = await draftAndSend('two');
    const sent = await until(id, 'sent');
    expect(sent.sendError).toBe('');
    expect(smtp.received).toHaveLength(2);
  }, 60_000);

  it('fails on a 5xx with the server text, and a manual retry sends it', async () => {
    smtp.replies.push({ code: 550, text: 'Mailbox unavailable here' });
    const id = await draftAndSend('three');
    const failed = await until(id, 'failed');
    expect(failed.sendError).toContain('Mailbox unavailable here');
    expect(smtp.received).toHaveLength(2);
    await bed.post('/api/email/retry_send/', { ids: [id] });
    await until(id, 'sent');
    expect(smtp.received).toHaveLength(3);
  }, 60_000);

  it('sends a queued email whose job was never written, once, when a server starts', async () => {
    const jobs = bed.t.app.ctx.jobs!;
    const send = jobs.send;
    jobs.send = () => Promise.reject(new Error('the database went away'));
    const draft = (await bed.get<{ id: number }>('/api/email/compose/', { mode: 'new' })).id;
    const res = await call(bed.t.app, 'POST', '/api/email/send_email/', {
      token: bed.t.adminToken,
      body: { id: draft, to: [buyer], subject: 'Orphan', html: '<p>x</p>', undo_seconds: 0 },
    });
    jobs.send = send;
    expect(res.status).toBe(500);
    expect((await row(draft)).sendStatus).toBe('queued');
    const before = smtp.received.length;

    const restarted = await startEmailSend(bed.t.app.ctx);
    const sent = await until(draft, 'sent');
    await sleep(1500); // a second copy would have left by now
    await restarted?.stop();
    const copies = smtp.received.slice(before).filter((m) => m.raw.includes(`<${sent.messageId}>`));
    expect(copies).toHaveLength(1);
    expect(smtp.received.length - before).toBe(1);
  }, 60_000);

  it('a refused attempt waits with its reason and next try time; Retry now sends it at once', async () => {
    const before = { ...DEFAULT_SEND_TIMING };
    Object.assign(DEFAULT_SEND_TIMING, { retryDelay: 600, retryDelayMax: 3600 });
    try {
      smtp.replies.push({ code: 451, text: 'Greylisted, come back later' });
      const id = await draftAndSend('four');
      const end = Date.now() + 20_000;
      let waiting = await row(id);
      while (waiting.sendError === '' && Date.now() < end) {
        await sleep(100);
        waiting = await row(id);
      }
      expect(waiting.sendStatus).toBe('queued');
      expect(waiting.sendError).toContain('Greylisted');
      // The next try is the backoff's earliest moment: ten minutes on, not now.
      expect(waiting.sendAt!.getTime() - Date.now()).toBeGreaterThan(500_000);
      const received = smtp.received.length;
      await bed.post('/api/email/retry_send/', { ids: [id] });
      const sent = await until(id, 'sent');
      expect(sent.sendError).toBe('');
      expect(smtp.received.length).toBe(received + 1);
    } finally {
      Object.assign(DEFAULT_SEND_TIMING, before);
    }
  }, 60_000);
});
