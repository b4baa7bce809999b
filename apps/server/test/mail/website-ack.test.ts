import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails } from '../../src/db/schema';
import { formStamp } from '../../src/modules/website/form';
import { call } from '../helpers';
import { type SendTestbed, sleep, startSendTestbed, waitForStatus } from './sending';

// The buyer's acknowledgement after a website inquiry, sent by the real send worker through the
// in-process SMTP server (and copied to the account's Sent folder in Dovecot).
let testbed: SendTestbed;
afterAll(() => testbed?.stop());
beforeAll(async () => {
  testbed = await startSendTestbed();
}, 60_000);

function inquiryForm(fields: Record<string, string>) {
  const boundary = `----ack${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const buyer = (n: number) => ({
  name: `Li Wei ${n}`,
  email: `li.wei${n}@buyer.test`,
  company: 'Wei Trading',
  country: 'SG',
  message: 'Please send your catalogue and prices for 500 units.',
});

async function saveSite(site: Record<string, unknown>) {
  const t = testbed.bed.t;
  const current = (await call(t.app, 'GET', '/api/website/settings/', { token: t.adminToken })).body.data;
  const res = await call(t.app, 'POST', '/api/website/update_settings/', {
    token: t.adminToken,
    body: {
      company: { ...current.company, name: 'Harbour Trading', name_zh: '港湾贸易' },
      site: { ...current.site, ...site },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function inquire(path: string, fields: Record<string, string>, ip: string) {
  const t = testbed.bed.t;
  const { payload, headers } = inquiryForm({
    ...fields,
    stamp: formStamp(t.config.secret, Date.now() - 60_000),
  });
  return t.app.inject({ method: 'POST', url: path, headers, payload, remoteAddress: ip });
}

async function ackRow(address: string) {
  const db = testbed.bed.t.database.db;
  for (let i = 0; i < 50; i++) {
    const rows = await db.select().from(emails).where(eq(emails.folder, 'outbox'));
    const row = rows.find((r) => r.to.some((a) => a.address === address));
    if (row) return row;
    await sleep(100);
  }
  return undefined;
}

describe('website inquiry acknowledgement', () => {
  it('off by default: the inquiry is stored and nothing is sent', async () => {
    const res = await inquire('/site/inquiry', buyer(1), '198.51.100.1');
    expect(res.statusCode, res.body).toBe(200);
    await sleep(500);
    expect(await ackRow('li.wei1@buyer.test')).toBeUndefined();
  });

  it('on: the buyer gets the admin’s text in the language of the pages used, sent and kept in Sent mail', async () => {
    const { smtp, sales, bed } = testbed;
    await saveSite({
      ack_enabled: true,
      ack_account_id: sales.id,
      ack_subject: 'We got your inquiry, {name}',
      ack_text: 'Dear {name},\n\nThanks for writing to {company}.',
      ack_subject_zh: '{company}已收到您的询盘',
      ack_text_zh: '{name}，您好：\n\n感谢您联系{company}。',
    });
    const res = await inquire('/site/zh/inquiry', buyer(2), '198.51.100.2');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('<html lang="zh-CN">');
    const row = await ackRow('li.wei2@buyer.test');
    expect(row).toBeTruthy();
    await waitForStatus(bed.t.database.db, row!.id, 'sent');
    for (let i = 0; i < 50 && !smtp.received.some((m) => m.to.includes('li.wei2@buyer.test')); i++)
      await sleep(100);
    const received = smtp.received.find((m) => m.to.includes('li.wei2@buyer.test'))!;
    expect(received.from).toBe(sales.address);
    const mail = await PostalMime.parse(received.raw);
    expect(mail.subject).toBe('港湾贸易已收到您的询盘');
    expect(mail.text).toContain('Li Wei 2，您好');
    expect(mail.text).toContain('感谢您联系港湾贸易。');
    // It answers the inquiry: same thread, In-Reply-To its Message-ID.
    const [inquiry] = await bed.t.database.db
      .select()
      .from(emails)
      .where(eq(emails.fromAddress, 'li.wei2@buyer.test'));
    expect(mail.inReplyTo).toBe(`<${inquiry!.messageId}>`);
    expect(row!.customerId).toBe(inquiry!.customerId);
    // Sent mail of the account, as any mail sent from the app.
    const outbox = await call(bed.t.app, 'GET', '/api/email/list/', {
      token: bed.t.adminToken,
      query: { folder: 'outbox', account_id: sales.id },
    });
    expect(JSON.stringify(outbox.body)).toContain('港湾贸易已收到您的询盘');

    // English pages: the English text.
    await inquire('/site/inquiry', buyer(3), '198.51.100.3');
    const en = await ackRow('li.wei3@buyer.test');
    await waitForStatus(bed.t.database.db, en!.id, 'sent');
    // The visitor's name is left out of the subject (with the comma it leaves), kept in the text.
    expect(en!.subject).toBe('We got your inquiry');
    expect(en!.text).toBe('Dear Li Wei 3,\n\nThanks for writing to Harbour Trading.');
  });

  it('a name typed as an advert reaches neither the subject, the text nor the To header, and an address gets one acknowledgement a day', async () => {
    const db = testbed.bed.t.database.db;
    const spam = { ...buyer(6), name: 'CHEAP WATCHES www.spam.example' };
    // Five inquiries at once from five addresses of the net, the email in any case: all stored, one thanked by mail.
    const answers = await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        inquire(
          '/site/inquiry',
          { ...spam, email: i % 2 ? 'LI.WEI6@buyer.test' : 'li.wei6@buyer.test' },
          `198.51.100.${60 + i}`,
        ),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const ack = await ackRow('li.wei6@buyer.test');
    expect(ack!.subject).toBe('We got your inquiry');
    expect(ack!.text).toBe('Dear customer,\n\nThanks for writing to Harbour Trading.');
    expect(ack!.to).toEqual([{ name: '', address: 'li.wei6@buyer.test' }]);
    await sleep(500);
    const rows = await db.select().from(emails);
    const from = rows.filter((r) => r.fromAddress.toLowerCase() === 'li.wei6@buyer.test');
    expect(from).toHaveLength(5);
    const acks = rows.filter(
      (r) => r.folder === 'outbox' && r.to.some((a) => a.address === 'li.wei6@buyer.test'),
    );
    expect(acks).toHaveLength(1);
    // Another address the same day is thanked as usual.
    expect((await inquire('/site/inquiry', buyer(7), '198.51.100.70')).statusCode).toBe(200);
    expect(await ackRow('li.wei7@buyer.test')).toBeTruthy();
  });

  it('a refused send is retried by the worker; the form never waits for it nor fails', async () => {
    const { smtp, bed } = testbed;
    smtp.replies.push({ code: 451, text: 'Try again later' });
    const res = await inquire('/site/inquiry', buyer(4), '198.51.100.4');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Thank you for your inquiry');
    const row = await ackRow('li.wei4@buyer.test');
    await waitForStatus(bed.t.database.db, row!.id, 'sent', 30_000);
    expect(smtp.received.filter((m) => m.to.includes('li.wei4@buyer.test'))).toHaveLength(1);
  });

  it('an account that cannot send: no acknowledgement, the inquiry is still thanked', async () => {
    const { bed } = testbed;
    const mute = await bed.account('mute');
    await saveSite({ ack_enabled: true, ack_account_id: mute.id });
    const res = await inquire('/site/inquiry', buyer(5), '198.51.100.5');
    expect(res.statusCode).toBe(200);
    await sleep(500);
    expect(await ackRow('li.wei5@buyer.test')).toBeUndefined();
  });
});
