import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../src/lib/events';
import { startTaskSender, type TaskSender } from '../../src/modules/tasks/worker';
import { call } from '../helpers';
import { plain } from './messages';
import { sleep } from './sending';
import { type MailTestbed, mailTestbed } from './setup';
import { startSmtp, type TestSmtp } from './smtp';

/**
 * A delivery failure report arriving in a real mailbox (Dovecot) after a task sent: the sync reads it
 * and the recipient it reports on becomes failed with the server's reason, once.
 */

let bed: MailTestbed;
let smtp: TestSmtp;
let sender: TaskSender | undefined;
let campaign: { id: number; address: string };
let shared: { id: number; address: string };
const events: LiveEvent[] = [];

const GONE = 'nobody@buyers.test';
const SLOW = 'slow@slow.test';
const FINE = 'fine@buyers.test';
const LATER = 'later@buyers.test';
const REASON =
  '5.1.1 <nobody@buyers.test>: Recipient address rejected: User unknown in virtual mailbox table';

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '../fixtures/bounces', `${name}.eml`), 'utf8');

/** The Message-ID the SMTP server saw on the one email to `address`. */
function sentMessageId(address: string): string {
  const mails = smtp.received.filter((m) => m.to.includes(address));
  const id = mails
    .at(-1)
    ?.raw.toString()
    .match(/^Message-ID:\s*<([^>]+)>/im)?.[1];
  if (!id) throw new Error(`no email to ${address}`);
  return id;
}

/** Postfix's report (fixtures/bounces/postfix.eml) about one email, dated now, with its own id. */
function postfixBounce(messageId: string, ownId: string, address = GONE): string {
  return fixture('postfix')
    .replaceAll('7f1e0c52-8a4b-4d3e-9b61-2c5d8e9f0a11@quayside.test', messageId)
    .replace('20261124091407.4Zx1Lq2W0Sz9vQ@mail.quayside.test', ownId)
    .replaceAll(GONE, address)
    .replace(/^Date: .*$/m, `Date: ${new Date().toUTCString()}`);
}

/** The same report without the returned message: only the address names the email. */
function addressOnlyBounce(address: string, ownId: string): string {
  const full = postfixBounce('unused@quayside.test', ownId, address);
  const boundary = '--4Zx1Lq2W0Sz9vQ.1763975647/mail.quayside.test';
  return `${full.slice(0, full.indexOf(`${boundary}\nContent-Description: Undelivered Message`))}${boundary}--\n`;
}

async function append(address: string, ...raws: string[]) {
  const client = await bed.dovecot.client(address);
  try {
    for (const raw of raws) await client.append('INBOX', raw);
  } finally {
    await client.logout();
  }
}

const admin = (
  method: 'GET' | 'POST',
  url: string,
  init: { query?: Record<string, string | number>; body?: unknown },
) => call(bed.t.app, method, url, { token: bed.t.adminToken, ...init });
const detail = async (id: number) => (await admin('GET', '/api/task/detail/', { query: { id } })).body.data;
async function recipient(id: number, address: string) {
  const res = await admin('GET', '/api/task/recipients/', { query: { id, q: address } });
  return res.body.data.items[0] as { status: string; error: string };
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const until = Date.now() + 30_000;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`${what}: ${JSON.stringify(v)}`);
    await sleep(50);
  }
}

afterAll(() => bed?.dovecot.stop());
beforeAll(async () => {
  bed = await mailTestbed();
  smtp = await startSmtp();
  const smtpFields = { smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_secure: false };
  campaign = await bed.account('campaign', smtpFields);
  shared = await bed.account('shared', smtpFields);
  bed.t.app.ctx.events.subscribe(1, (e) => events.push(e));
  sender = startTaskSender(bed.t.app.ctx, { pollMs: 100 });
});
afterAll(async () => {
  await sender?.stop();
  await smtp?.close();
});

describe('bounces of task emails', () => {
  it('a report synced into the inbox fails the recipient it is about, with the reason, once', async () => {
    const created = await admin('POST', '/api/task/create/', {
      body: {
        name: 'Fair invitation',
        account_id: campaign.id,
        subject: 'Meet us at the fair',
        html: '<p>Dear {{name|Sir or Madam}}</p>',
        addresses: [GONE, SLOW, FINE, LATER],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    await admin('POST', '/api/task/start/', { body: { id } });
    await waitFor(
      'sent',
      () => detail(id),
      (d) => d.status === 'done' && d.sent === 4,
    );

    // A failure, a delay warning about another recipient and an ordinary mail arrive.
    const delayed = fixture('delayed').replace(
      '5d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a@quayside.test',
      sentMessageId(SLOW),
    );
    const failure = postfixBounce(sentMessageId(GONE), 'dsn-1@mail.quayside.test');
    await append(campaign.address, failure, delayed, plain({ to: campaign.address, subject: 'Hello' }));
    events.length = 0;
    await bed.sync(campaign.id);

    expect(await recipient(id, GONE)).toMatchObject({ status: 'failed', error: REASON });
    expect((await recipient(id, SLOW)).status).toBe('sent');
    expect(await detail(id)).toMatchObject({ sent: 3, failed: 1, status: 'done' });
    expect(events).toContainEqual({ type: 'task', data: { id, progress: 100 } });
    // The report itself is an email of the inbox like any other.
    const inbox = await bed.get<{ items: { subject: string }[] }>('/api/email/list/', {
      folder: 'inbox',
      account_id: campaign.id,
    });
    expect(inbox.items.map((i) => i.subject)).toEqual(
      expect.arrayContaining(['Undelivered Mail Returned to Sender', 'Hello']),
    );

    // Synced twice (a second copy here), and the same report in another mailbox: counted once.
    await append(campaign.address, failure);
    await append(shared.address, failure);
    await bed.sync(campaign.id);
    await bed.sync(shared.id);
    expect(await detail(id)).toMatchObject({ sent: 3, failed: 1 });

    // Retried, the email goes out again with a new Message-ID; the old report no longer fails it.
    await admin('POST', '/api/task/retry/', { body: { id } });
    await waitFor(
      'resent',
      () => detail(id),
      (d) => d.status === 'done' && d.sent === 4,
    );
    await append(campaign.address, failure.replace('dsn-1@', 'dsn-1-copy@'));
    await bed.sync(campaign.id);
    expect(await recipient(id, GONE)).toMatchObject({ status: 'sent', error: '' });
  });

  it('a report in another account’s mailbox fails no recipient of this account, even quoting its Message-ID', async () => {
    const id = (await admin('GET', '/api/task/list/', { query: { q: 'Fair invitation' } })).body.data.items[0]
      .id as number;
    // Anyone can write a report quoting a Message-ID into the shared mailbox: it names no email of ours.
    const forged = postfixBounce(sentMessageId(FINE), 'dsn-5@mail.quayside.test', FINE);
    await append(shared.address, forged);
    await bed.sync(shared.id);
    expect(await recipient(id, FINE)).toMatchObject({ status: 'sent', error: '' });
    // The same report in the task's own account does.
    await append(campaign.address, forged);
    await bed.sync(campaign.id);
    expect((await recipient(id, FINE)).status).toBe('failed');
  });

  it('a report that quotes no Message-ID finds the address among what the task account sent', async () => {
    const id = (await admin('GET', '/api/task/list/', { query: { q: 'Fair invitation' } })).body.data.items[0]
      .id as number;
    // In a mailbox of another account, the address alone names no email of ours.
    await append(shared.address, addressOnlyBounce(LATER, 'dsn-3@mail.quayside.test'));
    await bed.sync(shared.id);
    expect((await recipient(id, LATER)).status).toBe('sent');
    // In the task's own account it does.
    await append(campaign.address, addressOnlyBounce(LATER, 'dsn-4@mail.quayside.test'));
    await bed.sync(campaign.id);
    expect(await recipient(id, LATER)).toMatchObject({
      status: 'failed',
      error: '5.1.1 <later@buyers.test>: Recipient address rejected: User unknown in virtual mailbox table',
    });
  });

  it('a report that cannot be read is stored like any mail and the sync goes on', async () => {
    const broken = [
      'From: MAILER-DAEMON@mx.broken.test',
      `To: ${campaign.address}`,
      'Subject: Undelivered Mail Returned to Sender',
      'Message-ID: <broken-1@mx.broken.test>',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="x"',
      '',
      '--x',
      'Content-Type: message/delivery-status',
      '',
      '\u0000\u0001 not fields at all',
      '--x',
      '',
    ].join('\r\n');
    await append(campaign.address, broken, plain({ to: campaign.address, subject: 'After the broken one' }));
    await bed.sync(campaign.id);
    const inbox = await bed.get<{ items: { subject: string }[] }>('/api/email/list/', {
      folder: 'inbox',
      account_id: campaign.id,
    });
    expect(inbox.items.map((i) => i.subject)).toContain('After the broken one');
  });
});
