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
import { duplicates, emailCount, folderState, type MailTestbed, mailTestbed } from './setup';

const TOTAL = 500;

/** Message i of a mailbox of mixed shapes. */
function shape(i: number, to: string): string | Buffer {
  const subject = `Bulk ${i}`;
  switch (i % 9) {
    case 0:
      return plain({ to, subject });
    case 1:
      return html({ to, subject, html: `<p>Mail <b>${i}</b><img src="https://t.test/${i}.gif"></p>` });
    case 2:
      return alternative({ to, subject, text: `text ${i}`, html: `<p>html ${i}</p>` });
    case 3:
      return withAttachments({ to, subject, fileName: `file-${i}.pdf`, fileBody: `%PDF-1.4 ${i}` });
    case 4:
      return legacyCharset({ to, subject, charset: 'gbk', bodyHex: GBK_INQUIRY });
    case 5:
      return legacyCharset({ to, subject, charset: 'iso-2022-jp', bodyHex: ISO2022JP_TEXT });
    case 6:
      return plain({ to, subject: `${ENCODED_SUBJECT} ${i}` });
    case 7:
      return plain({ to, subject, messageId: null, date: new Date(Date.UTC(2024, 0, 1, 0, 0, i)) });
    default:
      return plain({ to, subject, references: Array.from({ length: 40 }, () => uniqueId('r')) });
  }
}

let bed: MailTestbed;
let account: { id: number; address: string };
let seconds = 0;

afterAll(() => bed?.dovecot.stop());
beforeAll(async () => {
  bed = await mailTestbed({ sync: { batchSize: 50 } });
  account = await bed.account('bulk');
  const client = await bed.dovecot.client(account.address);
  for (let i = 0; i < TOTAL; i++) await client.append('INBOX', shape(i, account.address));
  await client.logout();
  const started = performance.now();
  await bed.sync(account.id);
  seconds = (performance.now() - started) / 1000;
}, 180_000);

describe(`initial sync of ${TOTAL} messages of mixed shapes`, () => {
  it('stores every message exactly once', async () => {
    const db = bed.t.database.db;
    expect(await emailCount(db, account.id)).toBe(TOTAL);
    expect(await duplicates(db, account.id)).toBe(0);
    expect((await folderState(db, account.id, 'inbox'))?.lastUid).toBe(TOTAL);
    console.log(`synced ${TOTAL} messages in ${seconds.toFixed(1)} s`);
  });

  it('keeps what each shape carries', async () => {
    const count = async (query: Record<string, string | number | boolean>) =>
      (await bed.get<{ total: number }>('/api/email/list/', { account_id: account.id, ...query })).total;
    expect(await count({ has_attachment: true })).toBe(Math.ceil((TOTAL - 3) / 9));
    expect(await count({ q: '您好' })).toBe(Math.ceil((TOTAL - 4) / 9));
    expect(await count({ q: 'こんにちは' })).toBe(Math.ceil((TOTAL - 5) / 9));
    expect(await count({ q: '关于报价的问题' })).toBe(Math.ceil((TOTAL - 6) / 9));
  });

  it('a second sync adds nothing', async () => {
    const r = await bed.sync(account.id);
    expect(r.inserted).toBe(0);
    expect(await emailCount(bed.t.database.db, account.id)).toBe(TOTAL);
  });
});
