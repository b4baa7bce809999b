import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alternative,
  ENCODED_SUBJECT,
  GBK_INQUIRY,
  html,
  ISO2022JP_TEXT,
  legacyCharset,
  plain,
  uniqueId,
  withAttachments,
} from './messages';
import { type MailTestbed, mailTestbed } from './setup';

type Item = { id: number; subject: string; from: { address: string }; has_attachment: boolean; type: string };
type Detail = Item & {
  text: string;
  html: string;
  attachments: { name: string; mime: string; inline: boolean; url: string; content_id: string }[];
  headers: { key: string; value: string }[];
  message_id: string;
};

let bed: MailTestbed;
let account: { id: number; address: string };
const ids = { missing: '' };

afterAll(() => bed?.dovecot.stop());
beforeAll(async () => {
  bed = await mailTestbed();
  account = await bed.account('shapes');
  const to = account.address;
  const longRefs = Array.from({ length: 60 }, (_, i) => uniqueId(`ref${i}`));
  const messages: (string | Buffer)[] = [
    plain({ to, subject: 'Plain one', body: 'Just text.\r\n' }),
    html({ to, subject: 'Html one', html: '<p>Hello <b>bold</b></p>' }),
    alternative({ to, subject: 'Alternative', text: 'text part', html: '<p>html part</p>' }),
    withAttachments({ to, subject: 'With files' }),
    legacyCharset({ to, subject: 'GBK body', charset: 'gbk', bodyHex: GBK_INQUIRY }),
    legacyCharset({ to, subject: 'JIS body', charset: 'iso-2022-jp', bodyHex: ISO2022JP_TEXT }),
    plain({ to, subject: ENCODED_SUBJECT }),
    plain({ to, subject: 'No id', messageId: null }),
    plain({ to, subject: 'Long headers', references: longRefs, headers: { 'X-Long': 'x'.repeat(5000) } }),
  ];
  for (const m of messages) await bed.dovecot.deliver(to, m);
  await bed.sync(account.id);
});

const list = (query: Record<string, string | number | boolean> = {}) =>
  bed.get<{ items: Item[]; total: number }>('/api/email/list/', {
    folder: 'inbox',
    page_size: 100,
    ...query,
  });
const bySubject = async (subject: string) => {
  const item = (await list()).items.find((i) => i.subject === subject);
  if (!item) throw new Error(`no email "${subject}"`);
  return bed.get<Detail>('/api/email/detail/', { id: item.id });
};

describe('initial sync of mixed shapes', () => {
  it('stores every message once', async () => {
    expect((await list()).total).toBe(9);
    await bed.sync(account.id);
    expect((await list()).total).toBe(9);
  });

  it('keeps plain, HTML and alternative bodies', async () => {
    expect((await bySubject('Plain one')).text).toContain('Just text.');
    const h = await bySubject('Html one');
    expect(h.html).toContain('<b>bold</b>');
    expect(h.text).toContain('Hello bold');
    const alt = await bySubject('Alternative');
    expect(alt.text).toContain('text part');
    expect(alt.html).toContain('html part');
  });

  it('stores attachments as files and links inline images', async () => {
    const d = await bySubject('With files');
    expect(d.has_attachment).toBe(true);
    const pdf = d.attachments.find((a) => a.name === 'price-list.pdf');
    expect(pdf?.inline).toBe(false);
    const logo = d.attachments.find((a) => a.inline);
    expect(logo?.mime).toBe('image/png');
    expect(logo?.content_id).toBe('logo@quayside');
    expect(d.html).toContain(`<img src="${logo?.url}&amp;inline=1" data-qs-cid="logo@quayside" />`);
    const res = await bed.t.app.inject({ url: pdf!.url, headers: { 'x-token': bed.t.adminToken } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('%PDF-1.4');
  });

  it('decodes GBK, ISO-2022-JP and encoded-word subjects', async () => {
    expect((await bySubject('GBK body')).text).toContain('您好，我们想询价');
    expect((await bySubject('JIS body')).text).toContain('こんにちは、見積もりをお願いします');
    expect((await list()).items.map((i) => i.subject)).toContain('关于报价的问题');
  });

  it('stores a message without Message-ID and one with very long headers', async () => {
    const noId = await bySubject('No id');
    expect(noId.message_id).toBe('');
    const long = await bySubject('Long headers');
    expect(long.headers.find((h) => h.key === 'x-long')?.value.length).toBe(5000);
    ids.missing = noId.message_id;
  });
});
