import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plain, received } from './messages';
import { type MailTestbed, mailTestbed } from './setup';

type Item = {
  id: number;
  subject: string;
  folder: string;
  type: string;
  customer_id: number | null;
  customer: { company_name: string } | null;
  sender_ip: string;
  sender_country: string;
  sender_nation: number;
};
let bed: MailTestbed;
let account: { id: number; address: string };
let customerId: number;

afterAll(() => bed?.dovecot.stop());
beforeAll(async () => {
  bed = await mailTestbed();
  account = await bed.account('classify');
  const res = await bed.t.app.inject({
    method: 'POST',
    url: '/api/customer/create/',
    headers: { 'x-token': bed.t.adminToken },
    payload: { company_name: 'Acme Imports', email: 'buyer@acme.test' },
  });
  customerId = res.json().data.id;
  await bed.post('/api/email/add_black_list/', { value: 'spammer@junk.test', remark: 'spam' });
  await bed.post('/api/email/add_black_list/', { value: '@spam.test' });
  const to = account.address;
  const mails = [
    plain({ from: 'Spammer <spammer@junk.test>', to, subject: 'Blocked address' }),
    plain({ from: 'x@mail.spam.test', to, subject: 'Blocked domain' }),
    plain({ from: 'New Buyer <new@buyer.test>', to, subject: 'RFQ: 2000 pcs steel pipes' }),
    plain({ from: 'new2@buyer.test', to, subject: 'Hello', body: '请问这款产品的价格和起订量是多少？\r\n' }),
    plain({ from: 'new3@buyer.test', to, subject: 'Hello again', body: 'What is the price?\r\n' }),
    plain({
      from: 'news@shop.test',
      to,
      subject: 'Best price list',
      headers: { 'List-Unsubscribe': '<mailto:u@shop.test>' },
    }),
    plain({
      from: 'Buyer <BUYER@acme.test>',
      to,
      subject: 'Quotation please',
      date: new Date('2030-01-02T03:04:05Z'),
    }),
    plain({
      from: 'far@buyer.test',
      to,
      subject: 'From abroad',
      lines: [
        received('192.168.1.9', 'relay.example.test'),
        received('81.2.69.142', 'mx.buyer.test'),
        received('10.0.0.1', 'pc.buyer.test'),
      ],
    }),
  ];
  for (const m of mails) await bed.dovecot.deliver(to, m);
  await bed.sync(account.id);
});

const all = async () => {
  const out: Item[] = [];
  for (const folder of ['inbox', 'trash']) {
    const r = await bed.get<{ items: Item[] }>('/api/email/list/', { folder, page_size: 100 });
    out.push(...r.items);
  }
  return out;
};
const bySubject = async (s: string) => (await all()).find((i) => i.subject === s)!;

describe('new mail is classified', () => {
  it('puts a blacklisted sender or domain straight into trash', async () => {
    expect((await bySubject('Blocked address')).folder).toBe('trash');
    expect((await bySubject('Blocked domain')).folder).toBe('trash');
    expect((await bySubject('RFQ: 2000 pcs steel pipes')).folder).toBe('inbox');
  });

  it('marks inquiries from non-customers, in English and Chinese, but not newsletters', async () => {
    expect((await bySubject('RFQ: 2000 pcs steel pipes')).type).toBe('inquiry');
    expect((await bySubject('Hello')).type).toBe('inquiry');
    expect((await bySubject('Hello again')).type).toBe('normal');
    expect((await bySubject('Best price list')).type).toBe('normal');
    expect((await bySubject('Quotation please')).type).toBe('normal');
    const inquiries = await bed.get<{ total: number }>('/api/email/list/', { folder: 'inquiry' });
    expect(inquiries.total).toBe(2);
  });

  it('matches the customer by address and moves their last-received time', async () => {
    const item = await bySubject('Quotation please');
    expect(item.customer_id).toBe(customerId);
    expect(item.customer?.company_name).toBe('Acme Imports');
    const c = await bed.t.app.inject({
      url: `/api/customer/detail/?id=${customerId}`,
      headers: { 'x-token': bed.t.adminToken },
    });
    expect(c.json().data.last_received_at).toBe('2030-01-02T03:04:05.000Z');
    const history = await bed.get<{ items: Item[] }>('/api/email/history/', { customer_id: customerId });
    expect(history.items.map((i) => i.subject)).toEqual(['Quotation please']);
  });

  it('finds the sender IP in the Received headers and its country offline', async () => {
    const item = await bySubject('From abroad');
    expect(item.sender_ip).toBe('81.2.69.142');
    expect(item.sender_country).toBe('GB');
    expect(item.sender_nation).toBeGreaterThan(1);
    const info = await bed.get<{ country_code: string; city: string; country: string }>('/api/get_ip_info/', {
      ip: '81.2.69.142',
    });
    expect(info).toMatchObject({ country_code: 'GB', city: 'Bracknell' });
    expect(info.country).toMatch(/United Kingdom|Britain/);
  });
});
