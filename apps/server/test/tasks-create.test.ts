import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, emailAccountUsers, taskRecipients, users } from '../src/db/schema';
import { call, createTestApp, type TestApp } from './helpers';
import { startSmtp, type TestSmtp } from './mail/smtp';
import { multipartFile } from './multipart';

/**
 * The create screen's extras (issue 19): working hours of a time zone, a test send to oneself, and
 * attachments kept or changed on a paused task. No sender runs here: what is stored is asserted.
 */

let t: TestApp;
let smtp: TestSmtp;
let account: number;
let otherAccount: number;
let editor: string;

const admin = (
  method: 'GET' | 'POST',
  url: string,
  init: { query?: Record<string, string | number>; body?: unknown } = {},
) => call(t.app, method, url, { token: t.adminToken, ...init });

async function saveAccount(address: string): Promise<number> {
  const res = await admin('POST', '/api/email/update_email_account/', {
    body: {
      address,
      name: 'Sales',
      imap_host: '127.0.0.1',
      imap_port: 1,
      imap_secure: false,
      imap_user: address,
      imap_password: 'secret',
      smtp_host: '127.0.0.1',
      smtp_port: smtp.port,
      smtp_secure: false,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

async function upload(name: string, bytes: Buffer, token = t.adminToken): Promise<number> {
  const { payload, headers } = multipartFile(name, bytes, 'text/plain');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/file/upload/',
    headers: { ...headers, 'x-token': token },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

const createTask = (body: Record<string, unknown>, token = t.adminToken) =>
  call(t.app, 'POST', '/api/task/create/', {
    token,
    body: {
      name: 'Working hours',
      account_id: account,
      subject: 'Hello {{name|friend}}',
      html: '<p>Dear {{name|Sir or Madam}}</p>',
      ...body,
    },
  });

const OFFICE = { time_zone: 'Europe/Berlin', days: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' };

/** Weekday (1 = Monday) and minutes after midnight of an instant in a zone, read by Intl alone. */
function localClock(iso: string, zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!) + 1;
  return { weekday, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtp();
  account = await saveAccount('tests@quayside.test');
  otherAccount = await saveAccount('owner@quayside.test');
  editor = await t.userToken(['editor'], 'hours_editor');
  const [row] = await t.database.db.select().from(users).where(eq(users.username, 'hours_editor'));
  await t.database.db.insert(emailAccountUsers).values({ accountId: account, userId: row!.id });
});
afterAll(async () => {
  await smtp?.close();
});

describe('working hours', () => {
  it('answers 400 naming the field: unknown time zone, end not after start, no day', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...OFFICE, time_zone: 'Mars/Olympus_Mons' }, 'working_hours.time_zone'],
      [{ ...OFFICE, start: '18:00', end: '09:00' }, 'working_hours.end'],
      [{ ...OFFICE, end: '09:00' }, 'working_hours.end'],
      [{ ...OFFICE, days: [] }, 'working_hours.days'],
      [{ ...OFFICE, start: '9am' }, 'working_hours.start'],
    ];
    for (const [hours, field] of cases) {
      const res = await createTask({ addresses: ['x@hours.test'], working_hours: hours });
      expect(res.status, JSON.stringify(hours)).toBe(400);
      expect(JSON.stringify(res.body.details), field).toContain(field);
    }
    const bad = await createTask({
      addresses: ['x@hours.test'],
      working_hours: { ...OFFICE, time_zone: 'Mars/Olympus_Mons' },
    });
    expect(bad.body.msg).toContain('Mars/Olympus_Mons');
  });

  it('random within a window: every stored time is inside the hours of the zone, one a minute at most', async () => {
    const hours = { time_zone: 'America/New_York', days: [2, 4, 6], start: '10:30', end: '12:00' };
    const now = Date.now();
    const res = await createTask({
      addresses: Array.from({ length: 60 }, (_, i) => `win${i}@hours.test`),
      type: 'random',
      window_start: new Date(now).toISOString(),
      window_end: new Date(now + 15 * 86_400_000).toISOString(),
      working_hours: hours,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.working_hours).toEqual(hours);
    const started = await admin('POST', '/api/task/start/', { body: { id: res.body.data.id } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const rows = await t.database.db
      .select({ at: taskRecipients.scheduledAt })
      .from(taskRecipients)
      .where(eq(taskRecipients.taskId, res.body.data.id));
    expect(rows).toHaveLength(60);
    const minutes = new Set<number>();
    for (const { at } of rows) {
      const iso = at!.toISOString();
      const local = localClock(iso, hours.time_zone);
      expect(hours.days, iso).toContain(local.weekday);
      expect(local.minutes >= 10 * 60 + 30 && local.minutes < 12 * 60, iso).toBe(true);
      minutes.add(Math.floor(at!.getTime() / 60_000));
    }
    expect(minutes.size).toBe(60);
    expect(started.body.data.next_send_at).not.toBeNull();
    expect(localClock(started.body.data.next_send_at, hours.time_zone).weekday).not.toBe(1);
  });

  it('a window with too few working minutes answers 400 on window_end with what is left', async () => {
    const now = Date.now();
    const res = await createTask({
      addresses: Array.from({ length: 200 }, (_, i) => `short${i}@hours.test`),
      type: 'random',
      window_start: new Date(now).toISOString(),
      window_end: new Date(now + 2 * 86_400_000).toISOString(),
      // One hour on one weekday at most: fewer than 200 minutes in two days.
      working_hours: { time_zone: 'Asia/Tokyo', days: [3], start: '09:00', end: '10:00' },
    });
    expect(res.status).toBe(200);
    const started = await admin('POST', '/api/task/start/', { body: { id: res.body.data.id } });
    expect(started.status).toBe(400);
    expect(JSON.stringify(started.body.details)).toContain('window_end');
  });

  it('fixed interval: sends wait for the hours; an edit of the paused task changes or clears them', async () => {
    const hours = { time_zone: 'Asia/Kolkata', days: [1, 2, 3, 4, 5], start: '09:00', end: '09:30' };
    const res = await createTask({
      addresses: Array.from({ length: 8 }, (_, i) => `fix${i}@hours.test`),
      interval_minutes: 10,
      working_hours: hours,
    });
    const id = res.body.data.id;
    expect((await admin('POST', '/api/task/start/', { body: { id } })).status).toBe(200);
    const rows = await t.database.db
      .select({ at: taskRecipients.scheduledAt })
      .from(taskRecipients)
      .where(eq(taskRecipients.taskId, id));
    // Three a day fit 09:00–09:30 at one every 10 minutes: 8 recipients over three working days.
    const days = new Set<string>();
    for (const { at } of rows) {
      const local = localClock(at!.toISOString(), hours.time_zone);
      expect(local.weekday).toBeLessThanOrEqual(5);
      expect(local.minutes >= 9 * 60 && local.minutes < 9 * 60 + 30, at!.toISOString()).toBe(true);
      days.add(at!.toISOString().slice(0, 10));
    }
    expect(days.size).toBeGreaterThanOrEqual(3);
    expect((await admin('POST', '/api/task/pause/', { body: { id } })).status).toBe(200);
    const moved = await admin('POST', '/api/task/update/', {
      body: { id, working_hours: { ...hours, days: [6, 7, 6] } },
    });
    expect(moved.body.data.working_hours).toEqual({ ...hours, days: [6, 7] });
    const cleared = await admin('POST', '/api/task/update/', { body: { id, working_hours: null } });
    expect(cleared.body.data.working_hours).toBeNull();
  });
});

describe('test send to oneself', () => {
  it("sends the draft once to the sending account's own address, merged for a customer, with its attachment; nothing is counted", async () => {
    await admin('POST', '/api/customer/create/', {
      body: { name: 'Greta', email: 'greta@buyers.test', company_name: 'Greta GmbH' },
    });
    const file = await upload('price-list.txt', Buffer.from('FOB Ningbo 12.50'));
    const before = smtp.received.length;
    const res = await admin('POST', '/api/task/test_send/', {
      body: {
        account_id: account,
        subject: 'Offer for {{company_name|you}}',
        html: '<p>Dear {{name|Sir or Madam}}</p>',
        attachment_ids: [file],
        address: 'greta@buyers.test',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ to: 'tests@quayside.test', subject: '[Test] Offer for Greta GmbH' });
    expect(smtp.received.length).toBe(before + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['tests@quayside.test']);
    const parsed = await PostalMime.parse(mail.raw);
    expect(parsed.subject).toBe('[Test] Offer for Greta GmbH');
    expect(parsed.html).toContain('Dear Greta');
    expect(parsed.html).toContain('unsubscribe');
    expect(parsed.attachments.map((a) => a.filename)).toEqual(['price-list.txt']);
  });

  it('from a saved task: its text, to its account; recipients and counts untouched', async () => {
    const created = await createTask({ addresses: ['one@hours.test', 'two@hours.test'] });
    const id = created.body.data.id;
    const before = smtp.received.length;
    const res = await call(t.app, 'POST', '/api/task/test_send/', { token: editor, body: { id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ to: 'tests@quayside.test', subject: '[Test] Hello friend' });
    expect(smtp.received.length).toBe(before + 1);
    expect(smtp.received.at(-1)!.to).toEqual(['tests@quayside.test']);
    const detail = (await admin('GET', '/api/task/detail/', { query: { id } })).body.data;
    expect(detail).toMatchObject({ status: 'draft', total: 2, pending: 2, sent: 0, failed: 0 });
  });

  it('only from an account the user may use; a refusal by the mail server is said with the address', async () => {
    const refused = await call(t.app, 'POST', '/api/task/test_send/', {
      token: editor,
      body: { account_id: otherAccount, subject: 'Hi', html: '<p>x</p>' },
    });
    expect(refused.status).toBe(403);
    const noAccount = await admin('POST', '/api/task/test_send/', { body: { subject: 'Hi', html: '' } });
    expect(noAccount.status).toBe(400);
    expect(JSON.stringify(noAccount.body.details)).toContain('account_id');
    const noSubject = await admin('POST', '/api/task/test_send/', {
      body: { account_id: account, subject: ' ', html: '' },
    });
    expect(JSON.stringify(noSubject.body.details)).toContain('subject');
    smtp.replies.push({ code: 550, text: 'Mailbox unavailable' });
    const bounced = await admin('POST', '/api/task/test_send/', {
      body: { account_id: account, subject: 'Hi', html: '<p>x</p>' },
    });
    expect(bounced.status).toBe(409);
    expect(bounced.body.msg).toContain('tests@quayside.test');
    expect(bounced.body.msg).toContain('Mailbox unavailable');
  });
});

describe('attachments of a paused task', () => {
  it('are kept by an edit that leaves them out and changed by one that names them', async () => {
    const first = await upload('a.txt', Buffer.from('a'));
    const second = await upload('b.txt', Buffer.from('b'));
    const created = await createTask({
      addresses: Array.from({ length: 3 }, (_, i) => `att${i}@hours.test`),
      interval_minutes: 600,
      attachment_ids: [first],
    });
    const id = created.body.data.id;
    expect(created.body.data.attachment_ids).toEqual([first]);
    await admin('POST', '/api/task/start/', { body: { id } });
    await admin('POST', '/api/task/pause/', { body: { id } });
    const kept = await admin('POST', '/api/task/update/', { body: { id, subject: 'New subject' } });
    expect(kept.body.data.attachment_ids).toEqual([first]);
    const changed = await admin('POST', '/api/task/update/', { body: { id, attachment_ids: [second] } });
    expect(changed.body.data.attachment_ids).toEqual([second]);
    expect(changed.body.data.attachments).toEqual([
      { file_id: second, name: 'b.txt', size: 1, mime: expect.stringContaining('text/plain') },
    ]);
    const gone = await admin('POST', '/api/task/update/', { body: { id, attachment_ids: [999_999] } });
    expect(gone.status).toBe(400);
    expect(JSON.stringify(gone.body.details)).toContain('attachment_ids');
  });
});

describe('recipients by the customer list filters', () => {
  it('owner (a given user or "me"), communication method and religion select exactly those customers', async () => {
    const db = t.database.db;
    const [ed] = await db.select().from(users).where(eq(users.username, 'hours_editor'));
    const rows = await db
      .insert(customers)
      .values([
        { name: 'Ann', email: 'ann@owned.test', ownerId: ed!.id, situation: 901, religion: 801 },
        { name: 'Ben', email: 'ben@owned.test', ownerId: ed!.id, situation: 902, religion: 801 },
        { name: 'Cai', email: 'cai@owned.test', ownerId: null, situation: 901, religion: 802 },
        { name: 'Dee', email: '', ownerId: ed!.id, situation: 901, religion: 801 },
      ])
      .returning({ id: customers.id, email: customers.email });
    const idOf = (email: string) => rows.find((r) => r.email === email)!.id;
    const count = async (filter: Record<string, string>, token = t.adminToken) => {
      const res = await call(t.app, 'POST', '/api/task/count/', {
        token,
        body: { customer_filter: filter, addresses: [] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.sendable as number;
    };
    // Those without an address are not recipients.
    expect(await count({ owner: String(ed!.id) })).toBe(2);
    expect(await count({ owner: 'me' }, editor)).toBe(2);
    expect(await count({ situation: '901' })).toBe(2);
    expect(await count({ situation: '901,902', religion: '801' })).toBe(2);
    expect(await count({ owner: String(ed!.id), situation: '901' })).toBe(1);
    const bad = await admin('POST', '/api/task/count/', { body: { customer_filter: { owner: 'them' } } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('owner');

    const res = await createTask({ customer_filter: { owner: String(ed!.id), religion: '801' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.customer_filter).toEqual({ owner: ed!.id, religion: [801] });
    const listed = await db
      .select({ customerId: taskRecipients.customerId })
      .from(taskRecipients)
      .where(eq(taskRecipients.taskId, res.body.data.id));
    expect(listed.map((r) => r.customerId).sort()).toEqual(
      [idOf('ann@owned.test'), idOf('ben@owned.test')].sort(),
    );
  });
});
