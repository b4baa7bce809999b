import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, emailUids } from '../../src/db/schema';
import { DEFAULT_SEND_TIMING, startEmailSend } from '../../src/modules/email/send';
import { call } from '../helpers';
import { duplicates, folderState, type MailTestbed, mailTestbed } from './setup';

let bed: MailTestbed;
let smtp: SMTPServer;
let sales: { id: number; address: string };
let buyer: string;
const received: Buffer[] = [];
/** Replies the SMTP server gives to the next messages, before accepting again. */
const replies: { code: number; text: string }[] = [];

afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await bed?.dovecot.stop();
});

beforeAll(async () => {
  bed = await mailTestbed({ withJobs: true });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const reply = replies.shift();
        if (reply) {
          done(Object.assign(new Error(reply.text), { responseCode: reply.code }));
          return;
        }
        const raw = Buffer.concat(chunks);
        received.push(raw);
        Promise.all(session.envelope.rcptTo.map((r) => bed.dovecot.deliver(r.address, raw))).then(
          () => done(),
          (err: Error) => done(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  sales = await bed.account('sales', { smtp_host: '127.0.0.1', smtp_port: port, smtp_secure: false });
  buyer = bed.dovecot.addUser('buyer');
  Object.assign(DEFAULT_SEND_TIMING, { retryDelay: 1, retryDelayMax: 2, pollingSeconds: 0.5 });
  await startEmailSend(bed.t.app.ctx);
}, 60_000);

async function row(id: number) {
  const [r] = await bed.t.database.db.select().from(emails).where(eq(emails.id, id));
  return r!;
}

async function until(id: number, status: string) {
  for (let i = 0; i < 100; i++) {
    const r = await row(id);
    if (r.sendStatus === status) return r;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`email ${id} never became ${status}: ${JSON.stringify(await row(id))}`);
}

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
    },
  });
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual({ id: draft.id, send_status: 'queued' });
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
    expect(received).toHaveLength(1);
    const mail = await PostalMime.parse(received[0]!);
    expect(mail.subject).toBe('报价 one');
    expect(mail.messageId).toBe(`<${sent.messageId}>`);
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
    replies.push({ code: 451, text: 'Try again later' });
    const id = await draftAndSend('two');
    const sent = await until(id, 'sent');
    expect(sent.sendError).toBe('');
    expect(received).toHaveLength(2);
  }, 60_000);

  it('fails on a 5xx with the server text, and a manual retry sends it', async () => {
    replies.push({ code: 550, text: 'Mailbox unavailable here' });
    const id = await draftAndSend('three');
    const failed = await until(id, 'failed');
    expect(failed.sendError).toContain('Mailbox unavailable here');
    expect(received).toHaveLength(2);
    await bed.post('/api/email/retry_send/', { ids: [id] });
    await until(id, 'sent');
    expect(received).toHaveLength(3);
  }, 60_000);
});
