import type { EmailListItem } from '@quayside/contract';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallOptions, call } from '../helpers';
import { emailRow, type SendTestbed, sleep, startSendTestbed, waitForStatus } from './sending';
import type { MailTestbed } from './setup';
import type { TestSmtp } from './smtp';

let testbed: SendTestbed;
let bed: MailTestbed;
let smtp: TestSmtp;
let buyer: string;

afterAll(() => testbed?.stop());

beforeAll(async () => {
  testbed = await startSendTestbed();
  ({ bed, smtp, buyer } = testbed);
}, 60_000);

const api = (method: 'GET' | 'POST', url: string, options: CallOptions = {}) =>
  call(bed.t.app, method, url, { token: bed.t.adminToken, ...options });
const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };

/** A new draft to the buyer, sent with the given timing fields; answers the draft id and the answer. */
async function send(subject: string, timing: { undo_seconds?: number; send_at?: string }) {
  const draft = (await api('GET', '/api/email/compose/', { query: { mode: 'new' } })).body.data;
  const res = await api('POST', '/api/email/send_email/', {
    body: { id: draft.id, to: [buyer], subject, html: `<p>${subject}</p>`, ...timing },
  });
  return { id: draft.id as number, res };
}

async function listed(folder: string, id: number) {
  const items: EmailListItem[] = (await api('GET', '/api/email/list/', { query: { folder } })).body.data
    .items;
  return items.find((i) => i.id === id);
}

const subjectsReceived = () =>
  Promise.all(smtp.received.map(async (m) => (await PostalMime.parse(m.raw)).subject));

describe('undo send', () => {
  it('holds a send for its undo window; undo reopens the draft and nothing is ever sent', async () => {
    const before = Date.now();
    const { id, res } = await send('Undo me', { undo_seconds: 2 });
    expect(res.status).toBe(200);
    const sendAt = new Date(res.body.data.send_at).getTime();
    expect(sendAt).toBeGreaterThanOrEqual(before + 2000);
    expect(sendAt).toBeLessThan(Date.now() + 2000);
    // The window as the server keeps it, whatever the client's clock says.
    expect(res.body.data.undo_seconds).toBe(2);
    expect(await listed('outbox', id)).toMatchObject({
      send_status: 'queued',
      send_at: res.body.data.send_at,
    });

    const undone = await api('POST', '/api/email/cancel_send/', { body: { id } });
    expect(undone.status).toBe(200);
    expect(undone.body.data).toMatchObject({ id, subject: 'Undo me', to: [{ name: '', address: buyer }] });
    expect(undone.body.data).toEqual((await api('GET', '/api/email/draft/', { query: { id } })).body.data);
    expect(await listed('outbox', id)).toBeUndefined();
    expect(await listed('drafts', id)).toMatchObject({ send_status: '', send_at: null, message_id: '' });

    await sleep(3500); // the window and a few polls of the queue
    expect(await subjectsReceived()).not.toContain('Undo me');
    expect((await emailRow(bed.t.database.db, id)).folder).toBe('drafts');
  }, 30_000);

  it('sends a draft sent again after an undo once, at its new time, with a new Message-ID', async () => {
    const { id } = await send('Second thoughts', { undo_seconds: 1 });
    const first = (await listed('outbox', id))!.message_id;
    expect((await api('POST', '/api/email/cancel_send/', { body: { id } })).status).toBe(200);
    const again = await api('POST', '/api/email/send_email/', { body: { id, undo_seconds: 4 } });
    expect(again.status).toBe(200);
    const sendAt = new Date(again.body.data.send_at).getTime();

    await sleep(2500); // the first send's job is due now: it must not send the email early
    expect(await subjectsReceived()).not.toContain('Second thoughts');
    expect((await listed('outbox', id))?.send_status).toBe('queued');

    const sent = await waitForStatus(bed.t.database.db, id, 'sent');
    await sleep(1000);
    const copies = smtp.received.filter((m) => m.raw.includes(`<${sent.messageId}>`));
    expect(copies).toHaveLength(1);
    expect(await subjectsReceived()).toEqual(expect.arrayContaining(['Second thoughts']));
    expect((await subjectsReceived()).filter((s) => s === 'Second thoughts')).toHaveLength(1);
    expect(copies[0]!.at).toBeGreaterThanOrEqual(sendAt);
    expect(sent.messageId).not.toBe(first);
  }, 30_000);

  it('refuses to undo a send under way or done, saying so in the caller language', async () => {
    let release = () => {};
    smtp.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { id } = await send('Too late', { undo_seconds: 0 });
    await waitForStatus(bed.t.database.db, id, 'sending');
    const sending = await api('POST', '/api/email/cancel_send/', { body: { id } });
    expect(sending.status).toBe(409);
    expect(sending.body).toMatchObject({ code: 'CONFLICT', msg: expect.stringContaining('being sent') });
    const sendingZh = await api('POST', '/api/email/cancel_send/', { body: { id }, headers: zh });
    expect(sendingZh.body.msg).toBe('此邮件正在发送中，无法撤回');
    smtp.hold = undefined;
    release();

    await waitForStatus(bed.t.database.db, id, 'sent');
    const sent = await api('POST', '/api/email/cancel_send/', { body: { id } });
    expect(sent.status).toBe(409);
    expect(sent.body).toMatchObject({ code: 'CONFLICT', msg: expect.stringContaining('already been sent') });
    const sentZh = await api('POST', '/api/email/cancel_send/', { body: { id }, headers: zh });
    expect(sentZh.body.msg).toBe('此邮件已发送，无法撤回');
    expect(await subjectsReceived()).toContain('Too late');
  }, 30_000);

  it('lets only the users of the account undo a send', async () => {
    const { id } = await send('Not yours', { undo_seconds: 30 });
    const stranger = await bed.t.userToken(['editor']);
    const refused = await call(bed.t.app, 'POST', '/api/email/cancel_send/', {
      token: stranger,
      body: { id },
    });
    expect(refused.status).toBe(403);
    expect((await listed('outbox', id))?.send_status).toBe('queued');
    expect((await api('POST', '/api/email/cancel_send/', { body: { id } })).status).toBe(200);
  }, 30_000);
});

describe('scheduled send', () => {
  it('lists a scheduled email as queued with its time and sends it then, not before', async () => {
    const at = new Date(Date.now() + 4000);
    const { id, res } = await send('Later', { send_at: at.toISOString() });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id,
      send_status: 'queued',
      send_at: at.toISOString(),
      undo_seconds: expect.any(Number),
    });
    expect(Math.abs(res.body.data.undo_seconds - 4)).toBeLessThanOrEqual(1);
    expect(await listed('outbox', id)).toMatchObject({ send_status: 'queued', send_at: at.toISOString() });
    const history = (await api('GET', '/api/email/history/', { query: { address: buyer } })).body.data;
    expect(history.items.find((i: { id: number }) => i.id === id)).toMatchObject({
      send_at: at.toISOString(),
    });

    await sleep(2000);
    expect(await subjectsReceived()).not.toContain('Later');
    await waitForStatus(bed.t.database.db, id, 'sent');
    const mail = smtp.received.find((m) => m.raw.includes('Subject: Later'))!;
    expect(mail.at).toBeGreaterThanOrEqual(at.getTime());
    // The Date header (whole seconds) is when it left, not when it was scheduled.
    const header = new Date((await PostalMime.parse(mail.raw)).date!).getTime();
    expect(header).toBeGreaterThanOrEqual(Math.floor(at.getTime() / 1000) * 1000);
  }, 30_000);

  it('refuses a time in the past or over a year ahead, naming the field, and keeps the draft', async () => {
    const past = await send('Yesterday', { send_at: new Date(Date.now() - 60_000).toISOString() });
    expect(past.res.status).toBe(400);
    expect(past.res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'send_at', msg: 'Choose a send time in the future' }],
    });
    const pastZh = await api('POST', '/api/email/send_email/', {
      body: { id: past.id, send_at: new Date(Date.now() - 60_000).toISOString() },
      headers: zh,
    });
    expect(pastZh.body.details).toEqual([{ field: 'send_at', msg: '请选择一个将来的发送时间' }]);

    const far = new Date(Date.now() + 400 * 24 * 3600_000).toISOString();
    const tooFar = await api('POST', '/api/email/send_email/', { body: { id: past.id, send_at: far } });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.details).toEqual([
      { field: 'send_at', msg: 'A send can be scheduled at most one year ahead' },
    ]);
    const notATime = await api('POST', '/api/email/send_email/', { body: { id: past.id, send_at: 'soon' } });
    expect(notATime.status).toBe(400);

    const draft = await api('GET', '/api/email/draft/', { query: { id: past.id } });
    expect(draft.status).toBe(200);
    expect(draft.body.data.subject).toBe('');
    expect(await listed('drafts', past.id)).toMatchObject({ send_status: '', send_at: null });
  }, 30_000);
});
