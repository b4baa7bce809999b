import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plain } from './messages';
import { emailCount, folderState, linkCount, type MailTestbed, mailTestbed } from './setup';

let bed: MailTestbed;
afterAll(() => bed?.dovecot.stop());
beforeAll(async () => {
  bed = await mailTestbed({ sync: { batchSize: 10 } });
});

async function fill(address: string, n: number, tag: string) {
  const client = await bed.dovecot.client(address);
  for (let i = 1; i <= n; i++) await client.append('INBOX', plain({ to: address, subject: `${tag} ${i}` }));
  await client.logout();
}

describe('cursor (sync rules 1–4)', () => {
  it('stores in batches and saves the cursor after each committed batch', async () => {
    const { id, address } = await bed.account('batches');
    await fill(address, 25, 'Batch');
    const committed: { uids: number[]; stored: number }[] = [];
    bed.env.options.beforeCommit = async (uids, tx) => {
      // PGlite has one connection: inside the transaction, read through it.
      const inbox = await folderState(tx as typeof bed.t.database.db, id, 'inbox');
      committed.push({ uids, stored: inbox?.lastUid ?? -1 });
    };
    try {
      await bed.sync(id);
    } finally {
      bed.env.options.beforeCommit = undefined;
    }
    expect(committed.map((c) => c.uids.length)).toEqual([10, 10, 5]);
    // Inside each transaction the cursor already covers the batch (committed together with its rows).
    expect(committed.map((c) => c.stored)).toEqual([10, 20, 25]);
    const inbox = await folderState(bed.t.database.db, id, 'inbox');
    expect(inbox?.lastUid).toBe(25);
    expect(inbox?.uidValidity).toMatch(/^\d+$/);
    expect(await emailCount(bed.t.database.db, id)).toBe(25);
  });

  it('resumes an interrupted sync without losing or duplicating mail', async () => {
    const { id, address } = await bed.account('interrupted');
    await fill(address, 25, 'Crash');
    let batches = 0;
    bed.env.options.beforeCommit = () => {
      batches += 1;
      if (batches === 2) throw new Error('crash in the middle of the second batch');
    };
    await expect(bed.sync(id)).rejects.toThrow('crash');
    bed.env.options.beforeCommit = undefined;
    // The first batch is stored and the cursor is at its end, never past unstored mail.
    expect(await emailCount(bed.t.database.db, id)).toBe(10);
    expect((await folderState(bed.t.database.db, id, 'inbox'))?.lastUid).toBe(10);
    const account = await bed.get<{ last_error: string }>('/api/email/get_email_account_detail/', { id });
    expect(account.last_error).toContain('crash');

    await bed.sync(id);
    expect(await emailCount(bed.t.database.db, id)).toBe(25);
    const list = await bed.get<{ items: { subject: string }[] }>('/api/email/list/', {
      account_id: id,
      page_size: 100,
    });
    expect(new Set(list.items.map((i) => i.subject)).size).toBe(25);
    const after = await bed.get<{ last_error: string }>('/api/email/get_email_account_detail/', { id });
    expect(after.last_error).toBe('');
  });

  it('drops uids at or below the cursor that `UID n:*` answers when nothing is newer', async () => {
    const { id, address } = await bed.account('uidstar');
    await fill(address, 3, 'Star');
    await bed.sync(id);
    // A message arrives and is expunged before the next sync: uidNext moves on, nothing is newer.
    const client = await bed.dovecot.client(address);
    const appended = await client.append('INBOX', plain({ to: address, subject: 'Gone' }));
    expect(appended === false ? 0 : appended.uid).toBe(4);
    await client.mailboxOpen('INBOX');
    expect(await client.messageDelete({ uid: '4' }, { uid: true })).toBe(true);
    await client.logout();
    const batches: number[][] = [];
    bed.env.options.beforeCommit = (uids) => {
      batches.push(uids);
    };
    await bed.sync(id);
    bed.env.options.beforeCommit = undefined;
    expect(batches).toEqual([]);
    expect((await folderState(bed.t.database.db, id, 'inbox'))?.lastUid).toBe(3);
    expect(await emailCount(bed.t.database.db, id)).toBe(3);
  });

  it('relinks by Message-ID when UIDVALIDITY changes, without duplicates (rule 5)', async () => {
    const { id, address } = await bed.account('validity');
    const client = await bed.dovecot.client(address);
    const sent = [1, 2, 3].map((i) =>
      plain({ from: address, to: 'buyer@client.test', subject: `Sent ${i}` }),
    );
    for (const m of sent) await client.append('Sent', m);
    await bed.sync(id);
    const before = await folderState(bed.t.database.db, id, 'sent');
    expect(await emailCount(bed.t.database.db, id)).toBe(3);

    await client.mailboxDelete('Sent');
    await client.mailboxCreate('Sent');
    for (const m of [...sent].reverse()) await client.append('Sent', m);
    await client.append('Sent', plain({ from: address, to: 'buyer@client.test', subject: 'Sent 4' }));
    await client.logout();
    await bed.sync(id);

    const after = await folderState(bed.t.database.db, id, 'sent');
    expect(after?.uidValidity).not.toBe(before?.uidValidity);
    expect(after?.lastUid).toBe(4);
    expect(await emailCount(bed.t.database.db, id)).toBe(4);
    expect(await linkCount(bed.t.database.db, after!.id)).toBe(4);
    const outbox = await bed.get<{ total: number }>('/api/email/list/', { folder: 'outbox', account_id: id });
    expect(outbox.total).toBe(4);
  });
});
