import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAccountUsers, taskRecipients, users } from '../src/db/schema';
import { startTaskSender, type TaskSender, UNCERTAIN_ERROR } from '../src/modules/tasks/worker';
import { call, createTestApp, type TestApp } from './helpers';
import { startSmtp, type TestSmtp } from './mail/smtp';

let t: TestApp;
let smtp: TestSmtp;
let sender: TaskSender | undefined;
let account: number;
let otherAccount: number;
let editor: string;
let editorId: number;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
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

const addresses = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => `${prefix}${i}@buyers.test`);

async function createTask(body: Record<string, unknown>, token = t.adminToken) {
  return call(t.app, 'POST', '/api/task/create/', {
    token,
    body: {
      name: 'Spring offer',
      account_id: account,
      subject: 'Hello {{name|friend}}',
      html: '<p>Dear {{name|Sir or Madam}}</p>',
      ...body,
    },
  });
}

async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (v: T) => boolean,
  ms = 30_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`${what}: ${JSON.stringify(v)}`);
    await sleep(50);
  }
}
const detail = async (id: number) => (await admin('GET', '/api/task/detail/', { query: { id } })).body.data;
const recipients = async (id: number, status?: string) =>
  (
    await admin('GET', '/api/task/recipients/', {
      query: { id, page_size: 100, ...(status ? { status } : {}) },
    })
  ).body.data;
const receivedBy = (address: string) => smtp.received.filter((m) => m.to.includes(address));

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtp();
  account = await saveAccount('sales@quayside.test');
  otherAccount = await saveAccount('boss@quayside.test');
  editor = await t.userToken(['editor'], 'task_editor');
  const [row] = await t.database.db.select().from(users).where(eq(users.username, 'task_editor'));
  editorId = row!.id;
  await t.database.db.insert(emailAccountUsers).values({ accountId: account, userId: editorId });
  sender = startTaskSender(t.app.ctx, { pollMs: 100, batchSize: 20 });
});
afterAll(async () => {
  await sender?.stop();
  await smtp?.close();
});

describe('who may work tasks', () => {
  it('no token: 403 AUTH_REQUIRED everywhere but the pixel and unsubscribe page', async () => {
    for (const [method, url] of [
      ['GET', '/api/task/list/'],
      ['GET', '/api/task/detail/?id=1'],
      ['POST', '/api/task/create/'],
      ['POST', '/api/task/start/'],
      ['GET', '/api/task/recipients/?id=1'],
    ] as const) {
      const res = await call(t.app, method, url, method === 'POST' ? { body: {} } : {});
      expect(res.status, url).toBe(403);
      expect(res.body.code, url).toBe('AUTH_REQUIRED');
    }
  });
  it('an editor: no list (admin only), tasks on her own account only', async () => {
    expect((await call(t.app, 'GET', '/api/task/list/', { token: editor })).body.code).toBe('FORBIDDEN');
    const refused = await createTask({ account_id: otherAccount, addresses: ['a@b.test'] }, editor);
    expect(refused.status).toBe(403);
    const mine = await createTask({ addresses: ['ed1@buyers.test'] }, editor);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const hers = await call(t.app, 'GET', '/api/task/detail/', {
      token: editor,
      query: { id: mine.body.data.id },
    });
    expect(hers.body.data.status).toBe('draft');
    const boss = await createTask({ account_id: otherAccount, addresses: ['b@b.test'] });
    const notHers = await call(t.app, 'GET', '/api/task/detail/', {
      token: editor,
      query: { id: boss.body.data.id },
    });
    expect(notHers.status).toBe(403);
    const start = await call(t.app, 'POST', '/api/task/start/', {
      token: editor,
      body: { id: boss.body.data.id },
    });
    expect(start.status).toBe(403);
    const list = await admin('GET', '/api/task/list/');
    expect(list.body.data.items.map((i: { id: number }) => i.id)).toEqual(
      expect.arrayContaining([mine.body.data.id, boss.body.data.id]),
    );
  });
});

describe('create', () => {
  it('answers 400 naming the field for bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ addresses: [] }, 'addresses'],
      [{ addresses: ['x@y.test'], type: 'random' }, 'window_end'],
      [{ addresses: ['x@y.test'], interval_minutes: -1 }, 'interval_minutes'],
      [{ addresses: ['x@y.test'], name: '' }, 'name'],
      [{ addresses: ['x@y.test'], account_id: 999_999 }, 'account_id'],
    ];
    for (const [body, field] of cases) {
      const res = await createTask(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body.details), field).toContain(field);
    }
  });
  it('takes customers by the list filter and pasted addresses; malformed, blacklisted and repeated ones are left out with the reason', async () => {
    for (const [name, email, grade] of [
      ['Ann', 'ann@grade.test', 3],
      ['Bob', 'bob@grade.test', 3],
      ['Cy', 'cy@grade.test', 1],
    ] as const) {
      await admin('POST', '/api/customer/create/', {
        body: { name, email, grade, company_name: `${name} Ltd` },
      });
    }
    await admin('POST', '/api/email/add_black_list/', { body: { value: '@blocked.test', remark: '' } });
    const audience = {
      customer_filter: { grade: '3' },
      addresses: ['BOB@grade.test', 'new@buyers.test', 'not an address', 'x@blocked.test'],
    };
    const counted = await admin('POST', '/api/task/count/', { body: audience });
    expect(counted.body.data.sendable).toBe(3);
    expect(counted.body.data.skipped).toEqual(
      expect.arrayContaining([
        { address: 'bob@grade.test', reason: 'duplicate' },
        { address: 'not an address', reason: 'malformed' },
        { address: 'x@blocked.test', reason: 'blacklisted' },
      ]),
    );
    const res = await createTask(audience);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const task = res.body.data;
    expect(task).toMatchObject({ status: 'draft', total: 5, pending: 3, skipped: 2, sent: 0, progress: 0 });
    expect(task.duplicates).toEqual(['bob@grade.test']);
    const skipped = await recipients(task.id, 'skipped');
    expect(skipped.items.map((r: { error: string }) => r.error).sort()).toEqual(['blacklisted', 'malformed']);
    const preview = await admin('POST', '/api/task/preview/', {
      body: {
        subject: 'Hi {{name|there}}',
        html: '<p>{{company_name|your company}}</p>',
        address: 'ann@grade.test',
      },
    });
    expect(preview.body.data).toEqual({ subject: 'Hi Ann', html: '<p>Ann Ltd</p>' });
  });
});

describe('sending', () => {
  it('200 recipients at interval 0: each gets exactly one email, merged, with the unsubscribe headers; the task is done', async () => {
    const list = addresses(200, 'bulk');
    const res = await createTask({ addresses: list });
    const id = res.body.data.id;
    // Nothing leaves before start.
    await sleep(300);
    expect(receivedBy(list[0]!)).toHaveLength(0);
    const started = await admin('POST', '/api/task/start/', { body: { id } });
    expect(started.body.data.status).toBe('running');
    const done = await waitFor(
      'done',
      () => detail(id),
      (d) => d.status === 'done',
    );
    expect(done).toMatchObject({ total: 200, sent: 200, pending: 0, failed: 0, progress: 100 });
    for (const a of list) expect(receivedBy(a), a).toHaveLength(1);
    const mail = await PostalMime.parse(receivedBy(list[7]!)[0]!.raw);
    expect(mail.subject).toBe('Hello friend');
    expect(mail.html).toContain('Dear Sir or Madam');
    const header = (k: string) => mail.headers.find((h) => h.key === k)?.value ?? '';
    expect(header('list-unsubscribe')).toMatch(
      /^<http:\/\/localhost(:\d+)?\/api\/task\/unsubscribe\/\?t=[\w-]{20,}>$/,
    );
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.html).toContain('/api/task/open/?t=');
    // Stored for the customer's history.
    const history = await admin('GET', '/api/email/history/', { query: { address: list[7]! } });
    expect(history.body.data.items).toHaveLength(1);
  });

  it('two senders on one database still send each recipient once', async () => {
    const second = startTaskSender(t.app.ctx, { pollMs: 50, batchSize: 7 });
    try {
      const list = addresses(60, 'twice');
      const id = (await createTask({ addresses: list })).body.data.id;
      await admin('POST', '/api/task/start/', { body: { id } });
      await waitFor(
        'done',
        () => detail(id),
        (d) => d.status === 'done',
      );
      for (const a of list) expect(receivedBy(a), a).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it('a refused recipient fails with the server text and can be retried alone', async () => {
    const list = addresses(3, 'refused');
    const id = (await createTask({ addresses: list })).body.data.id;
    smtp.replies.push({ code: 550, text: 'Mailbox unavailable' });
    await admin('POST', '/api/task/start/', { body: { id } });
    const done = await waitFor(
      'done',
      () => detail(id),
      (d) => d.status === 'done',
    );
    expect(done).toMatchObject({ sent: 2, failed: 1 });
    const [failed] = (await recipients(id, 'failed')).items;
    expect(failed.error).toContain('Mailbox unavailable');
    const retried = await admin('POST', '/api/task/retry/', { body: { id } });
    expect(retried.body.data.status).toBe('running');
    await waitFor(
      'retried',
      () => detail(id),
      (d) => d.status === 'done' && d.sent === 3,
    );
    for (const a of list) expect(receivedBy(a), a).toHaveLength(1);
  });

  it('pause sends nothing more; resume sends the rest, none twice', async () => {
    const list = addresses(30, 'pause');
    const id = (await createTask({ addresses: list })).body.data.id;
    let release!: () => void;
    smtp.hold = new Promise<void>((r) => {
      release = r;
    });
    await admin('POST', '/api/task/start/', { body: { id } });
    await sleep(300);
    const paused = await admin('POST', '/api/task/pause/', { body: { id } });
    expect(paused.body.data.status).toBe('paused');
    smtp.hold = undefined;
    release();
    await sleep(800);
    const during = smtp.received.filter((m) => m.to[0]!.startsWith('pause')).length;
    expect(during).toBeLessThan(30);
    await sleep(500);
    expect(smtp.received.filter((m) => m.to[0]!.startsWith('pause')).length).toBe(during);
    expect((await admin('POST', '/api/task/update/', { body: { id, subject: 'Second half' } })).status).toBe(
      200,
    );
    await admin('POST', '/api/task/resume/', { body: { id } });
    await waitFor(
      'done',
      () => detail(id),
      (d) => d.status === 'done',
    );
    for (const a of list) expect(receivedBy(a), a).toHaveLength(1);
  });

  it('a sender stopped mid-task and a new one (a restart) lose nobody and send nobody twice', async () => {
    const list = addresses(40, 'restart');
    const id = (await createTask({ addresses: list })).body.data.id;
    await sender!.stop();
    const first = startTaskSender(t.app.ctx, { pollMs: 50, batchSize: 5 });
    await admin('POST', '/api/task/start/', { body: { id } });
    await waitFor(
      'some sent',
      () => detail(id),
      (d) => d.sent >= 5,
    );
    await first.stop();
    expect((await detail(id)).status).toBe('running');
    sender = startTaskSender(t.app.ctx, { pollMs: 100, batchSize: 20 });
    await waitFor(
      'done',
      () => detail(id),
      (d) => d.status === 'done',
    );
    for (const a of list) expect(receivedBy(a), a).toHaveLength(1);
  });

  it('a recipient left sending by a crash becomes failed "check Sent", never resent', async () => {
    const id = (await createTask({ addresses: ['crash@buyers.test'] })).body.data.id;
    // The state a kill -9 leaves between the SMTP answer and the database write.
    await t.database.db
      .update(taskRecipients)
      .set({ status: 'sending', claimedAt: new Date(Date.now() - 3_600_000), scheduledAt: new Date() })
      .where(eq(taskRecipients.taskId, id));
    await admin('POST', '/api/task/start/', { body: { id } });
    await sender!.stop();
    sender = startTaskSender(t.app.ctx, { pollMs: 100, batchSize: 20 });
    const done = await waitFor(
      'done',
      () => detail(id),
      (d) => d.status === 'done',
    );
    expect(done.failed).toBe(1);
    expect((await recipients(id)).items[0].error).toBe(UNCERTAIN_ERROR);
    expect(receivedBy('crash@buyers.test')).toHaveLength(0);
  });

  it('the daily cap of an account holds across its tasks', async () => {
    const capped = await saveAccount('capped@quayside.test');
    await admin('POST', '/api/task/set_daily_cap/', { body: { account_id: capped, daily_cap: 3 } });
    const a = (await createTask({ account_id: capped, addresses: addresses(2, 'capa') })).body.data.id;
    const b = (await createTask({ account_id: capped, addresses: addresses(4, 'capb') })).body.data.id;
    await admin('POST', '/api/task/start/', { body: { id: a } });
    await admin('POST', '/api/task/start/', { body: { id: b } });
    await waitFor(
      'capped',
      async () => (await detail(a)).sent + (await detail(b)).sent,
      (n) => n === 3,
    );
    await sleep(600);
    expect((await detail(a)).sent + (await detail(b)).sent).toBe(3);
  });
});

describe('schedules', () => {
  it("a recipient due outside its task's working hours (held back, or the server was down) waits for them", async () => {
    const hour = new Date().getUTCHours();
    const start = (hour + 2) % 24 === 23 ? 0 : (hour + 2) % 24;
    const hhmm = (h: number) => `${String(h).padStart(2, '0')}:00`;
    const closed = {
      time_zone: 'UTC',
      days: [1, 2, 3, 4, 5, 6, 7],
      start: hhmm(start),
      end: hhmm(start + 1),
    };
    const id = (
      await createTask({ addresses: addresses(2, 'night'), interval_minutes: 0, working_hours: closed })
    ).body.data.id;
    await admin('POST', '/api/task/start/', { body: { id } });
    // As if the daily cap had held them back yesterday: due long ago, now out of hours.
    await t.database.db
      .update(taskRecipients)
      .set({ scheduledAt: new Date(Date.now() - 3_600_000) })
      .where(eq(taskRecipients.taskId, id));
    await sleep(800);
    expect((await detail(id)).sent).toBe(0);
    expect(receivedBy('night0@buyers.test')).toHaveLength(0);
    // Hours that include now: they go.
    await admin('POST', '/api/task/pause/', { body: { id } });
    await admin('POST', '/api/task/update/', { body: { id, working_hours: null } });
    await admin('POST', '/api/task/resume/', { body: { id } });
    await waitFor(
      'sent in hours',
      async () => (await detail(id)).sent,
      (n) => n === 2,
    );
    expect(receivedBy('night0@buyers.test')).toHaveLength(1);
  });

  it('fixed interval: one every N minutes from the start; random: distinct minutes inside the window', async () => {
    const fixed = (await createTask({ addresses: addresses(3, 'fixed'), interval_minutes: 5 })).body.data.id;
    await admin('POST', '/api/task/start/', { body: { id: fixed } });
    const times = (await recipients(fixed)).items
      .map((r: { scheduled_at: string }) => Date.parse(r.scheduled_at))
      .sort((x: number, y: number) => x - y);
    expect(times[1] - times[0]).toBe(300_000);
    expect(times[2] - times[1]).toBe(300_000);
    await admin('POST', '/api/task/cancel/', { body: { id: fixed } });

    const start = new Date(Date.now() + 3_600_000);
    const end = new Date(start.getTime() + 30 * 60_000);
    const tooMany = await createTask({
      addresses: addresses(31, 'window'),
      type: 'random',
      window_start: start.toISOString(),
      window_end: end.toISOString(),
    });
    const refused = await admin('POST', '/api/task/start/', { body: { id: tooMany.body.data.id } });
    expect(refused.status).toBe(400);
    const random = (
      await createTask({
        addresses: addresses(20, 'window'),
        type: 'random',
        window_start: start.toISOString(),
        window_end: end.toISOString(),
      })
    ).body.data.id;
    await admin('POST', '/api/task/start/', { body: { id: random } });
    const drawn = (await recipients(random)).items.map((r: { scheduled_at: string }) =>
      Date.parse(r.scheduled_at),
    );
    expect(new Set(drawn.map((d: number) => Math.floor(d / 60_000))).size).toBe(20);
    for (const d of drawn) {
      expect(d).toBeGreaterThanOrEqual(start.getTime());
      expect(d).toBeLessThan(end.getTime());
    }
    await sleep(300);
    expect(smtp.received.filter((m) => m.to[0]!.startsWith('window'))).toHaveLength(0);
  });
});

describe('opens and unsubscribe', () => {
  it('counts a person, not a scanner or a prefetch; one-click unsubscribe blacklists the address', async () => {
    const id = (await createTask({ addresses: ['reader@buyers.test', 'leaver@buyers.test'] })).body.data.id;
    await admin('POST', '/api/task/start/', { body: { id } });
    await waitFor(
      'done',
      () => detail(id),
      (d) => d.status === 'done',
    );
    const rows = await t.database.db.select().from(taskRecipients).where(eq(taskRecipients.taskId, id));
    const reader = rows.find((r) => r.address === 'reader@buyers.test')!;
    const leaver = rows.find((r) => r.address === 'leaver@buyers.test')!;
    const pixel = (ua: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/task/open/?t=${reader.token}`,
        headers: { 'user-agent': ua },
      });
    const browser = 'Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko)';
    const early = await pixel(browser); // within seconds of delivery: a gateway's prefetch
    expect(early.headers['content-type']).toBe('image/gif');
    await t.database.db
      .update(taskRecipients)
      .set({ sentAt: new Date(Date.now() - 60_000) })
      .where(eq(taskRecipients.id, reader.id));
    await pixel('Barracuda Sentinel (EE)');
    expect((await detail(id)).open_count).toBe(0);
    await pixel(browser);
    await pixel(browser);
    const d = await detail(id);
    expect(d).toMatchObject({ open_count: 2, opened: 1 });
    const [after] = await t.database.db.select().from(taskRecipients).where(eq(taskRecipients.id, reader.id));
    expect(after).toMatchObject({ hitCount: 4, openCount: 2, status: 'opened' });

    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/task/unsubscribe/?t=AAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(bad.statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: `/api/task/unsubscribe/?t=${leaver.token}` });
    expect(page.body).toContain('<form method="post">');
    // The task is deleted: the link in the sent email still works.
    await admin('POST', '/api/task/delete/', { body: { ids: [id] } });
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/task/unsubscribe/?t=${leaver.token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    const next = await createTask({ addresses: ['leaver@buyers.test', 'stayer@buyers.test'] });
    const skipped = (await recipients(next.body.data.id, 'skipped')).items;
    expect(skipped).toEqual([
      expect.objectContaining({ address: 'leaver@buyers.test', error: 'unsubscribed' }),
    ]);
  });
});

describe('export', () => {
  it('the recipients as .xlsx', async () => {
    const id = (await createTask({ addresses: ['x1@buyers.test'] })).body.data.id;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/task/export/?id=${id}`,
      headers: { 'x-token': t.adminToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
