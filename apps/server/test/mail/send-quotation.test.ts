import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { type SendTestbed, sleep, startSendTestbed, waitForStatus } from './sending';

let testbed: SendTestbed;
afterAll(() => testbed?.stop());
beforeAll(async () => {
  testbed = await startSendTestbed();
}, 60_000);

describe('send a quotation', () => {
  it('drafts a mail to the buyer with the PDF attached, typed quotation and linked to the version; sent, the quotation reads sent', async () => {
    const { bed, smtp } = testbed;
    const t = bed.t;
    const admin = (
      method: 'GET' | 'POST',
      url: string,
      init: { query?: Record<string, string | number>; body?: unknown },
    ) => call(t.app, method, url, { token: t.adminToken, ...init });
    const customer = await admin('POST', '/api/customer/create/', {
      body: { company_name: 'Berlin Haus GmbH', name: 'Jonas', email: 'jonas@berlinhaus.test' },
    });
    const created = await admin('POST', '/api/quotation/create/', {
      body: {
        customer_id: customer.body.data.id,
        items: [{ description: '陶瓷餐具套装 Dinner set', quantity: '200', unit_price: '12.5' }],
      },
    });
    const q = created.body.data;
    await admin('POST', '/api/quotation/update/', { body: { id: q.id, version: 1, shipping_cost: '80' } });

    const sent = await admin('POST', '/api/quotation/send/', { body: { id: q.id } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const draft = await admin('GET', '/api/email/draft/', { query: { id: sent.body.data.email_id } });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body.data.to).toEqual([{ name: '', address: 'jonas@berlinhaus.test' }]);
    expect(draft.body.data.subject).toBe(`Quotation ${q.number}`);
    expect(draft.body.data.attachment_ids).toHaveLength(1);
    const history = await admin('GET', '/api/quotation/history/', { query: { id: q.id } });
    expect(history.body.data[0].email_ids).toEqual([sent.body.data.email_id]);
    expect((await admin('GET', '/api/quotation/detail/', { query: { id: q.id } })).body.data.status).toBe(
      'draft',
    );

    const go = await admin('POST', '/api/email/send_email/', { body: { id: sent.body.data.email_id } });
    expect(go.status, JSON.stringify(go.body)).toBe(200);
    await waitForStatus(t.database.db, sent.body.data.email_id, 'sent');
    for (let i = 0; i < 50 && smtp.received.length === 0; i++) await sleep(100);
    const mail = await PostalMime.parse(smtp.received.at(-1)!.raw);
    expect(mail.subject).toBe(`Quotation ${q.number}`);
    const pdf = mail.attachments.find((a) => a.filename === `${q.number}-v2.pdf`);
    expect(pdf?.mimeType).toBe('application/pdf');
    expect(
      Buffer.from(pdf!.content as ArrayBuffer)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const email = await admin('GET', '/api/email/detail/', { query: { id: sent.body.data.email_id } });
    expect(email.body.data.type).toBe('quotation');
    expect((await admin('GET', '/api/quotation/detail/', { query: { id: q.id } })).body.data.status).toBe(
      'sent',
    );
  });
});
