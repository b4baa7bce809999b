import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailFolders, emails } from '../../src/db/schema';
import { plain, uniqueId } from './messages';
import { duplicates, emailCount, folderState, linkCount, type MailTestbed, mailTestbed } from './setup';

type Item = { id: number; subject: string; thread_id: number; folder: string; is_raw: boolean };
let bed: MailTestbed;
afterAll(() => bed?.dovecot.stop());
beforeAll(async () => {
  bed = await mailTestbed();
});
const db = () => bed.t.database.db;
const items = async (accountId: number, folder = 'inbox') =>
  (await bed.get<{ items: Item[] }>('/api/email/list/', { folder, account_id: accountId, page_size: 100 }))
    .items;
const find = async (accountId: number, subject: string, folder = 'inbox') =>
  (await items(accountId, folder)).find((i) => i.subject === subject);

/** Makes the next sync read the whole INBOX again, as after a UIDVALIDITY change. */
async function forceFullResync(accountId: number) {
  await db()
    .update(emailFolders)
    .set({ uidValidity: '1' })
    .where(and(eq(emailFolders.accountId, accountId), eq(emailFolders.role, 'inbox')));
}

describe('one email per message (rule 6)', () => {
  it('stores a message delivered twice, or also in Sent, once', async () => {
    const { id, address } = await bed.account('dedupe');
    const messageId = uniqueId('twice');
    const raw = plain({ from: address, to: address, subject: 'To myself', messageId });
    await bed.dovecot.deliver(address, raw);
    await bed.dovecot.deliver(address, raw);
    const client = await bed.dovecot.client(address);
    await client.append('Sent', raw);
    await client.append(
      'INBOX',
      plain({ to: address, subject: 'No id', messageId: null, date: new Date(0) }),
    );
    await client.append(
      'INBOX',
      plain({ to: address, subject: 'No id', messageId: null, date: new Date(0) }),
    );
    await client.logout();
    await bed.sync(id);
    expect(await emailCount(db(), id)).toBe(2);
    expect(await duplicates(db(), id)).toBe(0);
    expect(await linkCount(db(), (await folderState(db(), id, 'inbox'))!.id)).toBe(4);
    expect(await linkCount(db(), (await folderState(db(), id, 'sent'))!.id)).toBe(1);
  });

  it('treats the copy the app sent and the Sent folder copy as one email', async () => {
    const { id, address } = await bed.account('appsent');
    const messageId = uniqueId('app');
    await db()
      .insert(emails)
      .values({
        accountId: id,
        folder: 'outbox',
        direction: 'out',
        messageId,
        dedupeKey: `mid:${messageId}`,
        subject: 'Quotation',
        fromAddress: address,
        date: new Date(),
        isRead: true,
        sendStatus: 'sent',
      });
    const client = await bed.dovecot.client(address);
    await client.append('Sent', plain({ from: address, subject: 'Quotation', messageId }));
    await client.logout();
    await bed.sync(id);
    expect(await emailCount(db(), id)).toBe(1);
    expect(await linkCount(db(), (await folderState(db(), id, 'sent'))!.id)).toBe(1);
  });
});

describe('threads (rule 8)', () => {
  it('joins replies by In-Reply-To and References, and by subject only within bounds', async () => {
    const { id, address } = await bed.account('threads');
    const buyer = 'Buyer <buyer@client.test>';
    const a = uniqueId('a');
    const b = uniqueId('b');
    const deliver = (m: string) => bed.dovecot.deliver(address, m);
    // The reply arrives before the message it answers: it joins once the original is stored.
    await deliver(
      plain({ from: buyer, to: address, subject: 'Re: Widget order', inReplyTo: b, references: [a, b] }),
    );
    await deliver(plain({ from: buyer, to: address, subject: 'Widget order', messageId: a }));
    const client = await bed.dovecot.client(address);
    await client.append(
      'Sent',
      plain({ from: address, to: buyer, subject: 'Re: Widget order', messageId: b, inReplyTo: a }),
    );
    await client.logout();
    await deliver(plain({ from: buyer, to: address, subject: 'RE: 回复: Widget order' }));
    await deliver(plain({ from: 'Other <other@else.test>', to: address, subject: 'Re: Widget order' }));
    await deliver(plain({ from: buyer, to: address, subject: 'Widget order' }));
    const old = new Date(Date.now() - 90 * 86_400_000);
    await deliver(plain({ from: buyer, to: address, subject: 'Re: Widget order', date: old }));
    await bed.sync(id);

    const all = [...(await items(id)), ...(await items(id, 'outbox'))];
    const original = all.find(
      (i) =>
        i.subject === 'Widget order' &&
        i.thread_id === i.id &&
        all.some((x) => x.thread_id === i.id && x.id !== i.id),
    );
    expect(original).toBeDefined();
    const thread = all
      .filter((i) => i.thread_id === original!.thread_id)
      .map((i) => i.subject)
      .sort();
    expect(thread).toEqual([
      'RE: 回复: Widget order',
      'Re: Widget order',
      'Re: Widget order',
      'Widget order',
    ]);
    expect(all).toHaveLength(7);

    const detail = await bed.get<{ thread: Item[] }>('/api/email/detail/', { id: original!.id });
    expect(detail.thread).toHaveLength(3);
  });
});

describe('oversized and removed mail', () => {
  it('stores a message over the size limit raw (rule 9)', async () => {
    const { id, address } = await bed.account('oversized');
    bed.env.options.parseLimit = 2000;
    try {
      await bed.dovecot.deliver(
        address,
        plain({ to: address, subject: 'Huge', body: `${'x'.repeat(76)}\r\n`.repeat(100) }),
      );
      await bed.sync(id);
    } finally {
      bed.env.options.parseLimit = 25 * 1024 * 1024;
    }
    const item = await find(id, 'Huge');
    expect(item?.is_raw).toBe(true);
    const detail = await bed.get<{ text: string; raw_file_id: number; size: number }>('/api/email/detail/', {
      id: item!.id,
    });
    expect(detail.text).toBe('');
    expect(detail.size).toBeGreaterThan(7000);
    const raw = await bed.t.app.inject({
      url: `/api/file/download/?id=${detail.raw_file_id}`,
      headers: { 'x-token': bed.t.adminToken },
    });
    expect(raw.body).toContain('Subject: Huge');
  });

  it('does not import again what a user trashed or deleted (rule 10)', async () => {
    const { id, address } = await bed.account('trashed');
    for (const s of ['Keep', 'Trash me', 'Delete me'])
      await bed.dovecot.deliver(address, plain({ to: address, subject: s }));
    await bed.sync(id);
    await bed.post('/api/email/trash/', { ids: [(await find(id, 'Trash me'))!.id] });
    const doomed = (await find(id, 'Delete me'))!.id;
    await bed.post('/api/email/trash/', { ids: [doomed] });
    await bed.post('/api/email/delete/', { ids: [doomed] });

    await forceFullResync(id);
    await bed.sync(id);
    expect((await items(id)).map((i) => i.subject)).toEqual(['Keep']);
    expect((await items(id, 'trash')).map((i) => i.subject)).toEqual(['Trash me']);
    expect(await emailCount(db(), id)).toBe(3);
    const gone = await bed.t.app.inject({
      url: `/api/email/detail/?id=${doomed}`,
      headers: { 'x-token': bed.t.adminToken },
    });
    expect(gone.statusCode).toBe(404);
  });
});
