import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../src/demo';
import { call, createTestApp, login, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

type Row = {
  id: number;
  subject: string;
  type: string;
  status: string;
  handler_name: string;
  is_read: boolean;
  has_attachment: boolean;
  sender_country: string;
  customer: { company_name: string } | null;
  thread_id: number | null;
};

const list = async (token: string, query: Record<string, string | number>) => {
  const res = await call(t.app, 'GET', '/api/email/list/', { token, query: { page_size: 100, ...query } });
  expect(res.status).toBe(200);
  return res.body.data.items as Row[];
};
const bySubject = (rows: Row[], start: string) => {
  const row = rows.find((r) => r.subject.startsWith(start));
  if (!row) throw new Error(`no email "${start}" in ${rows.map((r) => r.subject).join(' | ')}`);
  return row;
};

describe('demo data', () => {
  it('fills a new database with users and customers once, and never again', async () => {
    expect(await seedDemo(t.app.ctx, { password: DEMO_PASSWORD })).toMatchObject({ customers: 24 });
    expect(await seedDemo(t.app.ctx, { password: DEMO_PASSWORD })).toBeNull();
    const lily = await login(t.app, 'lily', 'demo1234');
    const mine = await call(t.app, 'GET', '/api/customer/list/', { token: lily, query: { owner: 'me' } });
    expect(mine.body.data.total).toBeGreaterThan(3);
    const all = await call(t.app, 'GET', '/api/customer/list/', {
      token: t.adminToken,
      query: { page_size: 100 },
    });
    expect(all.body.data.total).toBe(24);
    expect(new Set(all.body.data.items.map((c: { nation: number }) => c.nation)).size).toBeGreaterThan(15);
  });

  it('gives a mailbox that went through the sync rules: customers, inquiries, threads, blacklist', async () => {
    const inbox = await list(t.adminToken, { folder: 'inbox' });
    expect(inbox.length).toBeGreaterThan(12);
    expect(inbox.filter((r) => !r.is_read).length).toBeGreaterThan(3);

    const counter = bySubject(inbox, 'RE: Quotation QS-2611');
    expect(counter.customer?.company_name).toBe('Baltic Steel Trading SIA');
    expect(counter.sender_country).toBe('LV');
    expect([counter.type, counter.status, counter.handler_name]).toEqual([
      'quotation',
      'follow_up',
      'Lily Chen',
    ]);
    const sent = await list(t.adminToken, { folder: 'outbox' });
    expect(bySubject(sent, 'Quotation QS-2611').thread_id).toBe(counter.thread_id);

    // The inquiry rule: strangers asking for prices, in English and Chinese; not the newsletter.
    const inquiries = (await list(t.adminToken, { folder: 'inquiry' })).map((r) => r.subject);
    expect(inquiries).toEqual(
      expect.arrayContaining([
        'Inquiry: LED panel lights, one 20ft container',
        '询价：304 不锈钢水槽 500 件',
      ]),
    );
    expect(inquiries.some((s) => s.startsWith('Spring fair'))).toBe(false);

    expect(bySubject(inbox, 'RFQ-2611-07').has_attachment).toBe(true);
    const trash = await list(t.adminToken, { folder: 'trash' });
    expect(bySubject(trash, 'Buy 10,000 email leads').subject).toBeTruthy();

    const photo = await call(t.app, 'GET', '/api/email/detail/', {
      token: t.adminToken,
      query: { id: bySubject(inbox, 'Samples received').id },
    });
    expect(photo.body.data.attachments).toEqual([
      expect.objectContaining({ name: 'sample.png', inline: true }),
    ]);
    expect(photo.body.data.html).toContain('/api/file/');
  });

  it('makes Lily and Tom salespeople with customers of their own and a public pool between them', async () => {
    const [lily, tom] = [await login(t.app, 'lily', 'demo1234'), await login(t.app, 'tom', 'demo1234')];
    const me = await call(t.app, 'GET', '/api/user_info/', { token: lily });
    expect(me.body.data.roles).toEqual(['sales']);
    const grace = await login(t.app, 'grace', 'demo1234');
    expect((await call(t.app, 'GET', '/api/user_info/', { token: grace })).body.data.roles).toEqual([
      'admin',
    ]);
    const list = async (token: string, query: Record<string, string> = {}) =>
      (
        await call(t.app, 'GET', '/api/customer/list/', { token, query: { page_size: 100, ...query } })
      ).body.data.items.map((c: { company_name: string }) => c.company_name) as string[];
    const [lilys, toms, pool] = [
      await list(lily, { owner: 'me' }),
      await list(tom, { owner: 'me' }),
      await list(t.adminToken, { owner: 'pool' }),
    ];
    expect(lilys).toContain('Baltic Steel Trading SIA');
    expect(toms).toContain('Gulf Star Electric LLC');
    expect(pool.length).toBeGreaterThan(3);
    expect(lilys.length + toms.length + pool.length).toBe(24);
    // Each sees her own and the pool, never the other's.
    const lilySees = await list(lily);
    expect(lilySees.sort()).toEqual([...lilys, ...pool].sort());
    expect(lilySees).not.toContain('Gulf Star Electric LLC');
  });

  it('lets the demo sales staff see their unread mail', async () => {
    const tom = await login(t.app, 'tom', 'demo1234');
    const unread = await call(t.app, 'GET', '/api/email/unread/', { token: tom });
    expect(unread.body.data.count).toBeGreaterThan(3);
  });
});

describe('sample data from the app', () => {
  it('is offered to an admin of a new database, added once, with staff passwords nobody knows', async () => {
    const fresh = await createTestApp();
    const status = () => call(fresh.app, 'GET', '/api/demo/', { token: fresh.adminToken });
    expect((await status()).body.data).toEqual({ available: true });

    const [first, second] = await Promise.all([
      call(fresh.app, 'POST', '/api/demo/seed/', { token: fresh.adminToken, body: {} }),
      call(fresh.app, 'POST', '/api/demo/seed/', { token: fresh.adminToken, body: {} }),
    ]);
    const answers = [first, second].map((r) => r.status).sort();
    expect(answers).toEqual([200, 409]);
    const added = first.status === 200 ? first : second;
    expect(added.body.data).toMatchObject({ usernames: ['lily', 'tom', 'grace'], customers: 24 });
    expect(added.body.data.emails).toBeGreaterThan(15);
    expect((await status()).body.data).toEqual({ available: false });

    const again = await call(fresh.app, 'POST', '/api/demo/seed/', {
      token: fresh.adminToken,
      body: {},
      headers: { 'accept-language': 'zh' },
    });
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain('示例数据');

    // The demo admin must not be an open door on a real server.
    const login = await call(fresh.app, 'POST', '/api/login/', {
      body: { username: 'grace', password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(400);
  });
});

describe('sample data offer', () => {
  it('is withdrawn once the company has a customer or a mail account, even with no colleague yet', async () => {
    const solo = await createTestApp();
    const status = async () =>
      (await call(solo.app, 'GET', '/api/demo/', { token: solo.adminToken })).body.data.available;
    expect(await status()).toBe(true);
    const created = await call(solo.app, 'POST', '/api/customer/create/', {
      token: solo.adminToken,
      body: { company_name: 'Our first real buyer' },
    });
    expect(created.status).toBe(200);
    expect(await status()).toBe(false);
    const seed = await call(solo.app, 'POST', '/api/demo/seed/', { token: solo.adminToken, body: {} });
    expect(seed.status).toBe(409);
    const list = await call(solo.app, 'GET', '/api/customer/list/', { token: solo.adminToken });
    expect(list.body.data.total).toBe(1);
  });
});
