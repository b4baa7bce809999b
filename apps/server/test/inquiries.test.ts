import { beforeAll, describe, expect, it } from 'vitest';
import { emails } from '../src/db/schema';
import { call, createTestApp, type TestApp } from './helpers';

let t: TestApp;
const ids: number[] = [];
let customerId: number;
beforeAll(async () => {
  t = await createTestApp();
  const account = await post('/api/email/update_email_account/', {
    address: 'sales@example.test',
    name: 'Sales',
    imap_host: 'h',
    imap_user: 'u',
    imap_password: 'p',
  });
  const customer = await post('/api/customer/create/', {
    company_name: 'Lagos Supplies',
    email: 'ade@lagos.test',
    nation: 156,
  });
  customerId = customer.body.data.id;
  for (const [i, subject] of ['RFQ kettles', 'Price of knives', 'Catalogue please', 'Newsletter'].entries()) {
    const [row] = await t.database.db
      .insert(emails)
      .values({
        accountId: account.body.data.id,
        dedupeKey: `mid:${i}@x.test`,
        subject,
        type: subject === 'Newsletter' ? 'normal' : 'inquiry',
        fromAddress: i === 0 ? 'ade@lagos.test' : `buyer${i}@x.test`,
        customerId: i === 0 ? customerId : null,
        date: new Date(Date.UTC(2026, 10, 1 + i)),
      })
      .returning({ id: emails.id });
    ids.push(row!.id);
  }
});
const post = (url: string, body: object, token = t.adminToken) => call(t.app, 'POST', url, { token, body });
const list = (query: Record<string, string | number> = {}) =>
  call(t.app, 'GET', '/api/inquiry/list/', { token: t.adminToken, query });

describe('inquiries', () => {
  it('lists inquiry emails newest first with counts per state; a quotation made from one moves it to quoted', async () => {
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.body.data.items.map((i: { subject: string }) => i.subject)).toEqual([
      'Catalogue please',
      'Price of knives',
      'RFQ kettles',
    ]);
    expect(first.body.data.counts).toEqual({ new: 3, quoted: 0, won: 0, lost: 0 });
    const q = await post('/api/quotation/create/', { customer_id: customerId, inquiry_email_id: ids[0] });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    const after = await list({ state: 'quoted' });
    expect(after.body.data.items).toHaveLength(1);
    expect(after.body.data.items[0].quotations).toEqual([
      { id: q.body.data.id, number: q.body.data.number, version: 1 },
    ]);
    expect(after.body.data.items[0].customer_name).toBe('Lagos Supplies');
    expect(after.body.data.counts).toEqual({ new: 2, quoted: 1, won: 0, lost: 0 });
    expect((await list({ nation: 156 })).body.data.total).toBe(1);
  });

  it('marks inquiries won or lost, lost with a reason', async () => {
    const noReason = await post('/api/inquiry/update_state/', { ids: [ids[1]], state: 'lost' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details[0].field).toBe('lost_reason');
    const lost = await post('/api/inquiry/update_state/', {
      ids: [ids[1]],
      state: 'lost',
      lost_reason: 'price',
      lost_note: 'Went 8% cheaper elsewhere',
    });
    expect(lost.body.data.count).toBe(1);
    // The newsletter is not an inquiry: untouched.
    expect((await post('/api/inquiry/update_state/', { ids: [ids[3]], state: 'won' })).body.data.count).toBe(
      0,
    );
    const res = await list({ state: 'lost' });
    expect(res.body.data.items[0]).toMatchObject({
      lost_reason: 'price',
      lost_note: 'Went 8% cheaper elsewhere',
    });
    expect(res.body.data.counts).toEqual({ new: 1, quoted: 1, won: 0, lost: 1 });
  });

  it('finds the customer of an inquiry: linked, matched by the sender, or created from the sender', async () => {
    const linked = await post('/api/inquiry/customer/', { email_id: ids[0] });
    expect(linked.body.data).toEqual({ customer_id: customerId, created: false });

    const made = await post('/api/inquiry/customer/', { email_id: ids[1] });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.created).toBe(true);
    const customer = await call(t.app, 'GET', '/api/customer/detail/', {
      token: t.adminToken,
      query: { id: made.body.data.customer_id },
    });
    expect(customer.body.data).toMatchObject({ email: 'buyer1@x.test', company_name: 'X', grade: 1 });
    // Asked again: the email is linked now, no second customer.
    const again = await post('/api/inquiry/customer/', { email_id: ids[1] });
    expect(again.body.data).toEqual({ customer_id: made.body.data.customer_id, created: false });
    const row = (await list({ q: 'Price of knives' })).body.data.items[0];
    expect(row.customer_id).toBe(made.body.data.customer_id);

    // A customer made after the mail came in is found by the sender's address.
    const later = await post('/api/customer/create/', { name: 'Buyer Two', email: 'buyer2@x.test' });
    const matched = await post('/api/inquiry/customer/', { email_id: ids[2] });
    expect(matched.body.data).toEqual({ customer_id: later.body.data.id, created: false });

    // The newsletter is no inquiry.
    const notInquiry = await post('/api/inquiry/customer/', { email_id: ids[3] });
    expect(notInquiry.status).toBe(400);
    expect(notInquiry.body.details[0].field).toBe('email_id');
    const editor = await t.userToken(['editor'], 'ed');
    const refused = await post('/api/inquiry/customer/', { email_id: ids[1] }, editor);
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    const anonymous = await call(t.app, 'POST', '/api/inquiry/customer/', { body: { email_id: ids[1] } });
    expect([anonymous.status, anonymous.body.code]).toEqual([403, 'AUTH_REQUIRED']);
  });
});
