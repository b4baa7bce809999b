import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, files, users } from '../../src/db/schema';
import { buildRawMessage, newMessageId } from '../../src/modules/email/mime';
import { call, createTestApp, type TestApp } from '../helpers';
import { startSmtp, type TestSmtp } from './smtp';

let t: TestApp;
let smtp: TestSmtp;

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

describe('outgoing MIME', () => {
  it('carries Chinese text, threading headers and the attachment bytes through SMTP', async () => {
    const admin = (url: string, init: { query?: Record<string, string | number>; body?: unknown }) =>
      call(t.app, init.body ? 'POST' : 'GET', url, { token: t.adminToken, ...init });
    const account = await admin('/api/email/update_email_account/', {
      body: {
        address: 'sales@example.test',
        name: '销售部',
        imap_host: 'h',
        imap_user: 'u',
        imap_password: 'p',
      },
    });
    const accountId = account.body.data.id as number;
    const [source] = await t.database.db
      .insert(emails)
      .values({
        accountId,
        dedupeKey: 'mid:orig@buyer.test',
        messageId: 'orig@buyer.test',
        references: ['root@buyer.test'],
        subject: '询价 steel',
        fromAddress: 'anna@buyer.test',
        fromName: 'Anna',
        date: new Date(),
        text: 'Need 20 t',
      })
      .returning();
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251));
    // Uploaded by the admin: an upload not attached to anything is the uploader's alone.
    const [adminUser] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
    const sha256 = await t.app.ctx.files.put(bytes);
    const [file] = await t.database.db
      .insert(files)
      .values({
        sha256,
        name: '规格 spec.bin',
        size: bytes.length,
        mime: 'application/octet-stream',
        createdBy: adminUser!.id,
      })
      .returning();
    const draft = (await admin('/api/email/compose/', { query: { mode: 'reply', id: source!.id } })).body
      .data;
    const saved = await admin('/api/email/save_draft/', {
      body: {
        id: draft.id,
        version: draft.version,
        to: ['Anna <anna@buyer.test>'],
        bcc: ['boss@example.test'],
        subject: 'Re: 询价 steel',
        html: '<p>您好，报价见附件。</p>',
        attachment_ids: [file!.id],
      },
    });
    expect(saved.status).toBe(200);
    const messageId = newMessageId('sales@example.test');
    const [row] = await t.database.db
      .update(emails)
      .set({ messageId })
      .where(eq(emails.id, draft.id))
      .returning();
    const { raw, envelope } = await buildRawMessage(t.database.db, t.app.ctx.files, row!);
    expect(envelope).toEqual({ from: 'sales@example.test', to: ['anna@buyer.test', 'boss@example.test'] });

    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      ignoreTLS: true,
    });
    await transport.sendMail({ envelope, raw });
    transport.close();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['anna@buyer.test', 'boss@example.test']);
    const wire = smtp.received[0]!.raw;
    const head = wire.toString('latin1').split('\r\n\r\n')[0]!;
    expect(head).toContain(`Message-ID: <${messageId}>`);
    expect(head).toContain('In-Reply-To: <orig@buyer.test>');
    expect(head).toMatch(/References: <root@buyer.test> <orig@buyer.test>/);
    expect(head).not.toMatch(/^Bcc:/im);
    expect(wire.every((b) => b < 128)).toBe(true);

    const mail = await PostalMime.parse(wire);
    expect(mail.subject).toBe('Re: 询价 steel');
    expect(mail.from).toMatchObject({ name: '销售部', address: 'sales@example.test' });
    expect(mail.html).toContain('您好，报价见附件。');
    expect(mail.text).toContain('您好');
    expect(mail.attachments).toHaveLength(1);
    const att = mail.attachments[0]!;
    expect(att.filename).toBe('规格 spec.bin');
    const content = Buffer.from(att.content as ArrayBuffer);
    const sum = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(sum(content)).toBe(sum(bytes));
  });
});
