import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailAccounts, emailAddresses, emailAttachments, emails, files } from '../src/db/schema';
import type { LiveEvent } from '../src/lib/events';
import { call, createTestApp, type TestApp } from './helpers';

let t: TestApp;
let editor: string;
let editorId: number;
let accountA: number;
let accountB: number;
const ids: Record<string, number> = {};

const get = async (
  url: string,
  query: Record<string, string | number | boolean> = {},
  token = t.adminToken,
) => call(t.app, 'GET', url, { token, query });
const post = async (url: string, body: unknown, token = t.adminToken) =>
  call(t.app, 'POST', url, { token, body });
const subjects = async (query: Record<string, string | number | boolean>) =>
  ((await get('/api/email/list/', query)).body.data.items as { subject: string }[])
    .map((i) => i.subject)
    .sort();

async function account(address: string, extra: Record<string, unknown> = {}) {
  const res = await post('/api/email/update_email_account/', {
    address,
    imap_host: '127.0.0.1',
    imap_port: 1,
    imap_secure: false,
    imap_user: address,
    imap_password: 'top-secret-1',
    ...extra,
  });
  expect(res.status).toBe(200);
  return res.body.data as { id: number; has_imap_password: boolean };
}

async function mail(subject: string, fields: Partial<typeof emails.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(emails)
    .values({
      accountId: accountA,
      dedupeKey: `k:${subject}`,
      subject,
      date: new Date(),
      fromAddress: 'x@y.test',
      ...fields,
    })
    .returning();
  await t.database.db
    .insert(emailAddresses)
    .values({ emailId: row!.id, role: 'from', address: row!.fromAddress, name: row!.fromName });
  ids[subject] = row!.id;
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  editor = await t.userToken(['editor'], 'mail_editor');
  editorId = (await get('/api/user_info/', {}, editor)).body.data.id;
  accountA = (await account('sales@example.test', { user_ids: [editorId] })).id;
  accountB = (await account('info@example.test')).id;
  const day = (d: string) => new Date(`${d}T12:00:00Z`);
  await mail('Inbox unread', { date: day('2024-01-10'), fromAddress: 'anna@buyer.test', fromName: 'Anna' });
  await mail('Inbox read', { date: day('2024-02-10'), isRead: true, status: 'handled', handlerId: editorId });
  await mail('Inquiry one', {
    date: day('2024-03-10'),
    type: 'inquiry',
    hasAttachment: true,
    text: 'steel pipes',
  });
  await mail('Sent one', {
    folder: 'outbox',
    direction: 'out',
    isRead: true,
    to: [{ name: '', address: 'anna@buyer.test' }],
  });
  await t.database.db
    .insert(emailAddresses)
    .values({ emailId: ids['Sent one']!, role: 'to', address: 'anna@buyer.test' });
  await mail('Draft one', { folder: 'drafts', direction: 'out', isRead: true });
  await mail('Other account', { accountId: accountB, dedupeKey: 'k:other' });
});

describe('mail accounts', () => {
  it('keeps passwords encrypted and never answers them', async () => {
    const [row] = await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, accountA));
    expect(row!.imapPassword).toMatch(/^v1:/);
    expect(row!.imapPassword).not.toContain('top-secret-1');
    const detail = await get('/api/email/get_email_account_detail/', { id: accountA });
    expect(detail.body.data).toMatchObject({ has_imap_password: true, user_ids: [editorId] });
    expect(JSON.stringify(detail.body.data)).not.toMatch(/top-secret|v1:/);
    const all = await get('/api/email/get_email_account_detail/');
    expect(all.body.data).toHaveLength(2);
  });

  it('keeps the stored password when an update leaves it out, refuses a duplicate address', async () => {
    const before = (
      await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, accountB))
    )[0];
    const res = await post('/api/email/update_email_account/', {
      id: accountB,
      address: 'info@example.test',
      name: 'Info',
      imap_host: '127.0.0.1',
      imap_user: 'info',
    });
    expect(res.body.data.name).toBe('Info');
    const after = (await t.database.db.select().from(emailAccounts).where(eq(emailAccounts.id, accountB)))[0];
    expect(after!.imapPassword).toBe(before!.imapPassword);
    const dup = await post('/api/email/update_email_account/', {
      address: 'SALES@example.test',
      imap_host: 'h',
      imap_user: 'u',
      imap_password: 'p',
    });
    expect(dup.status).toBe(409);
    const noPass = await post('/api/email/update_email_account/', {
      address: 'n@example.test',
      imap_host: 'h',
      imap_user: 'u',
    });
    expect(noPass.status).toBe(400);
  });

  it('tests IMAP and SMTP, answering ok or the server message', async () => {
    const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    const port = (smtp.server.address() as { port: number }).port;
    try {
      const res = await post('/api/email/test_email_account/', {
        id: accountA,
        address: 'sales@example.test',
        imap_host: '127.0.0.1',
        imap_port: 1,
        imap_secure: false,
        imap_user: 'sales',
        smtp_host: '127.0.0.1',
        smtp_port: port,
        smtp_secure: false,
      });
      expect(res.body.data.smtp).toBe('ok');
      expect(res.body.data.imap).toMatch(/ECONNREFUSED|connect/i);
      const none = await post('/api/email/test_email_account/', {
        address: 'sales@example.test',
        imap_host: '127.0.0.1',
        imap_port: 1,
        imap_user: 'u',
        imap_secure: false,
      });
      expect(none.body.data.smtp).toBe('No SMTP server is set');
    } finally {
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  });
});

describe('folder lists', () => {
  it('lists each folder and filters', async () => {
    expect(await subjects({ folder: 'inbox', account_id: accountA })).toEqual([
      'Inbox read',
      'Inbox unread',
      'Inquiry one',
    ]);
    expect(await subjects({ folder: 'outbox' })).toEqual(['Sent one']);
    expect(await subjects({ folder: 'drafts' })).toEqual(['Draft one']);
    expect(await subjects({ folder: 'inquiry' })).toEqual(['Inquiry one']);
    expect(await subjects({ q: 'PIPES' })).toEqual(['Inquiry one']);
    expect(await subjects({ from: 'anna' })).toEqual(['Inbox unread']);
    expect(await subjects({ from: 'NNA@BUYER.T' })).toEqual(['Inbox unread']);
    // Only the sender counts: the words of the subject or the body do not match.
    expect(await subjects({ from: 'inbox' })).toEqual([]);
    expect(await subjects({ from: 'pipes' })).toEqual([]);
    expect(await subjects({ date_from: '2024-02-10', date_to: '2024-03-09', account_id: accountA })).toEqual([
      'Inbox read',
    ]);
    expect(await subjects({ date_to: '2024-01-10' })).toEqual(['Inbox unread']);
    expect(await subjects({ is_read: false, account_id: accountA })).toEqual(['Inbox unread', 'Inquiry one']);
    expect(await subjects({ has_attachment: true })).toEqual(['Inquiry one']);
    expect(await subjects({ status: 'handled' })).toEqual(['Inbox read']);
    expect(await subjects({ handler_id: editorId })).toEqual(['Inbox read']);
    expect(await subjects({ type: 'inquiry' })).toEqual(['Inquiry one']);
    expect(await subjects({ account_id: accountB })).toEqual(['Other account']);
    const page = await get('/api/email/list/', { page_size: 1, page: 2 });
    expect(page.body.data).toMatchObject({ total: 4, page: 2, page_size: 1 });
    expect(page.body.data.items[0].handler_name).toBeDefined();
  });

  it('history: both directions with an address', async () => {
    const res = await get('/api/email/history/', { address: 'anna@buyer.test' }, editor);
    expect(res.body.data.items.map((i: { subject: string }) => i.subject).sort()).toEqual([
      'Inbox unread',
      'Sent one',
    ]);
  });
});

describe('bulk actions and unread', () => {
  it('changes type, status and handler', async () => {
    const target = [ids['Inbox unread']!];
    expect((await post('/api/email/change_type/', { ids: target, type: 'quotation' })).status).toBe(200);
    expect((await post('/api/email/update_status/', { ids: target, status: 'follow_up' })).status).toBe(200);
    expect((await post('/api/email/update_handler/', { ids: target, handler_id: editorId })).status).toBe(
      200,
    );
    expect((await post('/api/email/update_handler/', { ids: target, handler_id: 9999 })).status).toBe(400);
    expect(await subjects({ folder: 'quotation', status: 'follow_up', handler_id: editorId })).toEqual([
      'Inbox unread',
    ]);
  });

  it('counts unread per user and sends it live when mail is read', async () => {
    const seen: LiveEvent[] = [];
    const stop = t.app.ctx.events.subscribe(editorId, (e) => seen.push(e));
    expect((await get('/api/email/unread/', {}, editor)).body.data.count).toBe(2);
    expect((await get('/api/email/unread/')).body.data.count).toBe(3);
    await post('/api/email/mark_read/', { ids: [ids['Inbox unread']!], read: true });
    expect(seen).toContainEqual({ type: 'unread', data: { count: 1 } });
    const detail = await get('/api/email/detail/', { id: ids['Inquiry one']! });
    expect(detail.body.data.read_at).not.toBeNull();
    expect(seen).toContainEqual({ type: 'unread', data: { count: 0 } });
    await post('/api/email/mark_read/', { ids: [ids['Inquiry one']!], read: false });
    expect((await get('/api/email/unread/', {}, editor)).body.data.count).toBe(1);
    stop();
  });

  it('trashes, restores and deletes forever', async () => {
    const id = ids['Inbox read']!;
    await post('/api/email/trash/', { ids: [id] });
    expect(await subjects({ folder: 'trash' })).toEqual(['Inbox read']);
    await post('/api/email/restore/', { ids: [id] });
    expect(await subjects({ folder: 'trash' })).toEqual([]);
    expect(await subjects({ folder: 'inbox', status: 'handled' })).toEqual(['Inbox read']);
    await post('/api/email/delete/', { ids: [id] });
    expect((await get('/api/email/detail/', { id })).status).toBe(404);
    expect(await subjects({ status: 'handled' })).toEqual([]);
  });
});

describe('what any signed-in user may use', () => {
  it('answers the accounts a user may send from', async () => {
    const mine = await get('/api/email/get_send_account/', {}, editor);
    expect(mine.body.data.map((a: { id: number }) => a.id)).toEqual([accountA]);
    expect((await get('/api/email/get_send_account/')).body.data).toHaveLength(2);
    expect(JSON.stringify(mine.body.data)).not.toContain('password');
  });

  it('completes addresses from customers and from mail', async () => {
    const res = await post('/api/customer/create/', {
      company_name: 'Annex',
      name: 'Annie',
      email: 'annie@annex.test',
    });
    expect(res.status).toBe(200);
    const found = await get('/api/email/match_address/', { q: 'ann' }, editor);
    expect(found.body.data).toEqual(
      expect.arrayContaining([
        { address: 'annie@annex.test', name: 'Annie', customer_id: res.body.data.id },
        { address: 'anna@buyer.test', name: 'Anna', customer_id: null },
      ]),
    );
  });
});

describe('blacklist', () => {
  it('adds, refuses duplicates, searches and removes', async () => {
    const added = await post('/api/email/add_black_list/', { value: ' Bad@Spam.test ', remark: 'spam' });
    expect(added.body.data).toMatchObject({ value: 'bad@spam.test', remark: 'spam' });
    expect((await post('/api/email/add_black_list/', { value: 'bad@spam.test' })).status).toBe(409);
    await post('/api/email/add_black_list/', { value: '@junk.test' });
    const list = await get('/api/email/black_list/', { q: 'junk' });
    expect(list.body.data.items.map((e: { value: string }) => e.value)).toEqual(['@junk.test']);
    await post('/api/email/remove_black_list/', { ids: [added.body.data.id] });
    expect((await get('/api/email/black_list/')).body.data.total).toBe(1);
  });
});

describe('compose and drafts', () => {
  let source: number;
  let fileId: number;
  const draftOf = async (id: number, token = t.adminToken) =>
    (await get('/api/email/draft/', { id }, token)).body.data;

  beforeAll(async () => {
    source = await mail('Quote request', {
      fromAddress: 'anna@buyer.test',
      fromName: 'Anna',
      to: [
        { name: '', address: 'sales@example.test' },
        { name: 'Bob', address: 'bob@buyer.test' },
      ],
      cc: [
        { name: '', address: 'INFO@example.test' },
        { name: 'Carl', address: 'carl@buyer.test' },
      ],
      messageId: 'orig@buyer.test',
      references: ['root@buyer.test'],
      html: '<p>Need 20 t</p>',
      hasAttachment: true,
    });
    const [file] = await t.database.db
      .insert(files)
      .values({ sha256: 'ab'.repeat(32), name: 'spec.pdf', size: 3, mime: 'application/pdf' })
      .returning();
    fileId = file!.id;
    await t.database.db
      .insert(emailAttachments)
      .values({ emailId: source, fileId, name: 'spec.pdf', size: 3, mime: 'application/pdf' });
  });

  it('reply and reply all: recipients without our own addresses, one Re:, quote, threading headers', async () => {
    const reply = await get('/api/email/compose/', { mode: 'reply', id: source });
    expect(reply.status).toBe(200);
    const r = await draftOf(reply.body.data.id);
    expect(r).toMatchObject({
      account_id: accountA,
      to: [{ name: 'Anna', address: 'anna@buyer.test' }],
      cc: [],
      subject: 'Re: Quote request',
      in_reply_to: 'orig@buyer.test',
      references: ['root@buyer.test', 'orig@buyer.test'],
      attachment_ids: [],
    });
    expect(r.html).toContain('<blockquote><p>Need 20 t</p></blockquote>');
    expect(r.version).toBe(reply.body.data.version);

    const all = await draftOf(
      (await get('/api/email/compose/', { mode: 'reply_all', id: source })).body.data.id,
    );
    expect(all.to.map((a: { address: string }) => a.address)).toEqual(['anna@buyer.test', 'bob@buyer.test']);
    expect(all.cc).toEqual([{ name: 'Carl', address: 'carl@buyer.test' }]);

    const again = await draftOf((await get('/api/email/compose/', { mode: 'reply', id: r.id })).body.data.id);
    expect(again.subject).toBe('Re: Quote request');
    const list = await get('/api/email/list/', { folder: 'drafts' });
    expect(list.body.data.items.map((i: { subject: string }) => i.subject)).toContain('Re: Quote request');
  });

  it('forward keeps the attachments; new takes a recipient', async () => {
    const fwd = await draftOf(
      (await get('/api/email/compose/', { mode: 'forward', id: source })).body.data.id,
    );
    expect(fwd).toMatchObject({
      subject: 'Fwd: Quote request',
      to: [],
      attachment_ids: [fileId],
      in_reply_to: '',
    });
    expect(fwd.html).toContain('Forwarded message');
    const fresh = await draftOf(
      (await get('/api/email/compose/', { mode: 'new', to: 'Anna <Anna@buyer.test>' })).body.data.id,
    );
    expect(fresh).toMatchObject({ to: [{ name: 'Anna', address: 'anna@buyer.test' }], subject: '' });
    expect((await get('/api/email/compose/', { mode: 'reply' })).status).toBe(400);
  });

  it('lets a user compose only on accounts listing them', async () => {
    expect((await get('/api/email/compose/', { mode: 'reply', id: source }, editor)).status).toBe(200);
    const other = await get('/api/email/compose/', { mode: 'reply', id: ids['Other account']! }, editor);
    expect(other.status).toBe(403);
    const lonely = await t.userToken(['editor'], 'no_account_user');
    const none = await get('/api/email/compose/', { mode: 'new' }, lonely);
    expect(none.status).toBe(403);
    const mine = (await get('/api/email/compose/', { mode: 'new' }, editor)).body.data;
    const moved = await post('/api/email/save_draft/', { id: mine.id, account_id: accountB }, editor);
    expect(moved.status).toBe(403);
    const adminDraft = (await get('/api/email/compose/', { mode: 'new', to: 'x@y.test' })).body.data;
    await post('/api/email/save_draft/', { id: adminDraft.id, account_id: accountB });
    expect((await get('/api/email/draft/', { id: adminDraft.id }, editor)).status).toBe(403);
  });

  it('lets an admin reply to mail of an account that cannot send: the draft is kept, sending says why', async () => {
    const [row] = await t.database.db.select().from(emails).where(eq(emails.id, source));
    const accountId = row!.accountId;
    await t.database.db.update(emailAccounts).set({ enabled: false }).where(eq(emailAccounts.id, accountId));
    try {
      const reply = await get('/api/email/compose/', { mode: 'forward', id: source });
      expect(reply.status).toBe(200);
      const draft = await draftOf(reply.body.data.id);
      expect(draft.account_id).toBe(accountId);
      const saved = await post('/api/email/save_draft/', {
        id: draft.id,
        to: [{ name: '', address: 'z@buyer.test' }],
      });
      expect(saved.status).toBe(200);
      const sent = await post('/api/email/send_email/', { id: draft.id });
      expect(sent.status).toBe(403);
      expect(sent.body.msg).toBe('You have no mail account to send from');
      expect((await draftOf(draft.id)).to).toEqual([{ name: '', address: 'z@buyer.test' }]);
      // An editor of that account still may not.
      expect((await get('/api/email/compose/', { mode: 'reply', id: source }, editor)).status).toBe(403);
    } finally {
      await t.database.db.update(emailAccounts).set({ enabled: true }).where(eq(emailAccounts.id, accountId));
    }
  });

  it('saves a draft and refuses a stale save with 409 instead of losing text', async () => {
    const created = (await get('/api/email/compose/', { mode: 'new' })).body.data;
    const first = await post('/api/email/save_draft/', {
      id: created.id,
      version: created.version,
      to: ['Bob <bob@buyer.test>', 'carl@buyer.test'],
      subject: '报价 quote',
      html: '<p>Tab one</p>',
      attachment_ids: [fileId],
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      to: [
        { name: 'Bob', address: 'bob@buyer.test' },
        { name: '', address: 'carl@buyer.test' },
      ],
      subject: '报价 quote',
      attachment_ids: [fileId],
    });
    expect(first.body.data.version).not.toBe(created.version);
    const stale = await post('/api/email/save_draft/', {
      id: created.id,
      version: created.version,
      html: '<p>Tab two</p>',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('CONFLICT');
    expect((await draftOf(created.id)).html).toBe('<p>Tab one</p>');
    const next = await post('/api/email/save_draft/', {
      id: created.id,
      version: first.body.data.version,
      html: '<p>Tab two, after reload</p>',
    });
    expect(next.status).toBe(200);
    expect(next.body.data.attachment_ids).toEqual([]);
    const bad = await post('/api/email/save_draft/', { id: created.id, attachment_ids: [999_999] });
    expect(bad.status).toBe(400);
    expect((await post('/api/email/save_draft/', { id: source })).status).toBe(404);
  });
});
