import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../src/lib/events';
import { call, login } from './helpers';
import { withAttachments } from './mail/messages';
import { type MailTestbed, mailTestbed } from './mail/setup';
import { multipartFile, ONE_PIXEL_PNG } from './multipart';

/**
 * Every kind of stored file, downloaded by an admin, an editor on the mail account, an editor not on
 * it and a caller without a token (issue 13, "Files belong to records").
 */
type Caller = 'admin' | 'onAccount' | 'offAccount' | 'noToken';
const tokens = {} as Record<Caller, string | undefined>;
const userIds = {} as Record<'onAccount' | 'offAccount', number>;
const files = {} as Record<string, number>;

let bed: MailTestbed;
let accountId: number;
let address: string;
afterAll(() => bed?.dovecot.stop());

const download = (id: number, caller: Caller, query: Record<string, string | number> = {}) =>
  call(bed.t.app, 'GET', '/api/file/download/', { token: tokens[caller], query: { id, ...query } });
const get = (url: string, caller: Caller, query: Record<string, string | number> = {}) =>
  call(bed.t.app, 'GET', url, { token: tokens[caller], query });
const post = (url: string, caller: Caller, body: unknown) =>
  call(bed.t.app, 'POST', url, { token: tokens[caller], body });

async function upload(caller: Caller, name: string, bytes: Buffer): Promise<number> {
  const { payload, headers } = multipartFile(name, bytes);
  const res = await bed.t.app.inject({
    method: 'POST',
    url: '/api/file/upload/',
    headers: { ...headers, 'x-token': tokens[caller] },
    payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.id;
}

/** A new draft of the caller on the account, saved with these attachments. */
async function draftWith(caller: Caller, attachmentIds: number[]) {
  const { id, version } = (await get('/api/email/compose/', caller, { mode: 'new' })).body.data;
  return post('/api/email/save_draft/', caller, {
    id,
    version,
    account_id: accountId,
    to: ['buyer@client.test'],
    cc: [],
    bcc: [],
    subject: 'Quotation',
    html: '<p>Attached.</p>',
    attachment_ids: attachmentIds,
  });
}

beforeAll(async () => {
  bed = await mailTestbed({ withJobs: true });
  const { t } = bed;
  tokens.admin = t.adminToken;
  tokens.onAccount = await t.userToken(['editor'], 'on_account');
  tokens.offAccount = await t.userToken(['editor'], 'off_account');
  tokens.noToken = undefined;
  for (const who of ['onAccount', 'offAccount'] as const)
    userIds[who] = (await get('/api/user_info/', who)).body.data.id;
  const account = await bed.account('files', { user_ids: [userIds.onAccount], smtp_host: '127.0.0.1' });
  accountId = account.id;
  address = account.address;

  await bed.dovecot.deliver(address, withAttachments({ to: address, subject: 'Price list' }));
  await bed.sync(accountId);
  const { items } = await bed.get<{ items: { id: number }[] }>('/api/email/list/', { folder: 'inbox' });
  const detail = await bed.get<{
    raw_file_id: number;
    attachments: { file_id: number; inline: boolean }[];
  }>('/api/email/detail/', { id: items[0]!.id });
  files.source = detail.raw_file_id;
  files.attachment = detail.attachments.find((a) => !a.inline)!.file_id;
  files.inlineImage = detail.attachments.find((a) => a.inline)!.file_id;

  files.draftAttachment = await upload('onAccount', 'offer.pdf', Buffer.from('%PDF-1.4 offer'));
  expect((await draftWith('onAccount', [files.draftAttachment])).status).toBe(200);

  // Queued with a minute to undo: outgoing mail in the outbox, no SMTP server needed.
  files.outgoingAttachment = await upload('onAccount', 'invoice.pdf', Buffer.from('%PDF-1.4 invoice'));
  const outgoing = (await draftWith('onAccount', [files.outgoingAttachment])).body.data;
  const sent = await post('/api/email/send_email/', 'onAccount', { id: outgoing.id, undo_seconds: 60 });
  expect(sent.body.data).toMatchObject({ send_status: 'queued' });

  files.avatar = await upload('offAccount', 'me.png', ONE_PIXEL_PNG);
  expect((await post('/api/profile/update/', 'offAccount', { avatar_file_id: files.avatar })).status).toBe(
    200,
  );

  files.unattachedUpload = await upload('onAccount', 'notes.txt', Buffer.from('not attached yet'));

  // Product pictures: the upload and its variants, of a published product and of one that is not.
  const picture = async (name: string, published: boolean) => {
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
      .jpeg()
      .toBuffer();
    const fileId = await upload('admin', `${name}.jpg`, photo);
    const res = await post('/api/product/create/', 'admin', {
      name,
      model: name,
      published,
      pictures: [{ file_id: fileId }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const thumb = res.body.data.pictures[0].thumb_url as string;
    return { upload: fileId, thumb: Number(new URL(thumb, 'http://x').searchParams.get('id')) };
  };
  const shown = await picture('Published kettle', true);
  files.publishedPicture = shown.thumb;
  files.publishedPictureUpload = shown.upload;
  files.unpublishedPicture = (await picture('Hidden kettle', false)).thumb;
});

const ALLOW = 200;
const DENY = 403;
const expected: Record<string, Record<Caller, number>> = {
  source: { admin: ALLOW, onAccount: DENY, offAccount: DENY, noToken: DENY },
  attachment: { admin: ALLOW, onAccount: DENY, offAccount: DENY, noToken: DENY },
  inlineImage: { admin: ALLOW, onAccount: DENY, offAccount: DENY, noToken: DENY },
  draftAttachment: { admin: ALLOW, onAccount: ALLOW, offAccount: DENY, noToken: DENY },
  outgoingAttachment: { admin: ALLOW, onAccount: ALLOW, offAccount: DENY, noToken: DENY },
  avatar: { admin: ALLOW, onAccount: ALLOW, offAccount: ALLOW, noToken: DENY },
  unattachedUpload: { admin: DENY, onAccount: ALLOW, offAccount: DENY, noToken: DENY },
  publishedPicture: { admin: ALLOW, onAccount: ALLOW, offAccount: ALLOW, noToken: ALLOW },
  // The upload itself may carry the camera's location: never public.
  publishedPictureUpload: { admin: ALLOW, onAccount: ALLOW, offAccount: ALLOW, noToken: DENY },
  unpublishedPicture: { admin: ALLOW, onAccount: ALLOW, offAccount: ALLOW, noToken: DENY },
};
const cases = Object.entries(expected).flatMap(([kind, byCaller]) =>
  Object.entries(byCaller).map(([caller, status]) => ({ kind, caller: caller as Caller, status })),
);

describe('file downloads follow the record holding the file', () => {
  it.each(cases)('$kind as $caller answers $status', async ({ kind, caller, status }) => {
    const res = await download(files[kind]!, caller);
    expect(res.status).toBe(status);
    if (status === DENY) {
      expect(res.body.code).toBe(caller === 'noToken' ? 'AUTH_REQUIRED' : 'FORBIDDEN');
    } else {
      expect(res.raw.rawPayload.length).toBeGreaterThan(0);
    }
  });

  it('answers an id that does not exist exactly like one the caller may not see', async () => {
    const [{ max }] = (await bed.t.database.query<{ max: number }>('SELECT max(id)::int AS max FROM files'))
      .rows as [{ max: number }];
    for (const caller of ['offAccount', 'noToken', 'admin'] as const) {
      const hidden = await download(caller === 'admin' ? files.unattachedUpload! : files.source!, caller);
      const missing = await download(max + 1000, caller);
      expect(hidden.status).toBe(DENY);
      expect({ status: missing.status, body: missing.body }).toEqual({
        status: hidden.status,
        body: hidden.body,
      });
    }
  });

  it('keeps no copy in the browser cache, and stays an attachment with nosniff', async () => {
    const res = await download(files.attachment!, 'admin');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    // Revalidation is cheap for the reader, and still asks who is reading.
    const etag = String(res.headers.etag);
    const again = { query: { id: files.attachment! }, headers: { 'if-none-match': etag } };
    const same = await call(bed.t.app, 'GET', '/api/file/download/', { ...again, token: tokens.admin });
    expect(same.status).toBe(304);
    expect(same.raw.rawPayload.length).toBe(0);
    const stranger = await call(bed.t.app, 'GET', '/api/file/download/', {
      ...again,
      token: tokens.offAccount,
    });
    expect(stranger.status).toBe(DENY);
  });

  it('reads the session from the cookie and ?token= too, as an <img> of an avatar needs', async () => {
    const byCookie = await bed.t.app.inject({
      method: 'GET',
      url: `/api/file/download/?id=${files.avatar}&inline=1`,
      cookies: { 'rs-token': tokens.onAccount! },
    });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.headers['content-type']).toBe('image/png');
    const byQuery = await call(bed.t.app, 'GET', '/api/file/download/', {
      query: { id: files.avatar!, token: tokens.offAccount! },
    });
    expect(byQuery.status).toBe(200);
  });

  it('lets an upload be read by its uploader only until a record holds it', async () => {
    const id = await upload('onAccount', 'later.pdf', Buffer.from('%PDF-1.4 later'));
    expect((await download(id, 'onAccount')).status).toBe(ALLOW);
    expect((await download(id, 'offAccount')).status).toBe(DENY);
    expect((await download(id, 'admin')).status).toBe(DENY);
    // Attached to a draft, it follows the draft: the admin may now read it too.
    expect((await draftWith('onAccount', [id])).status).toBe(200);
    expect((await download(id, 'admin')).status).toBe(ALLOW);
  });
});

describe('a password that must be changed', () => {
  it('opens no file, not even the own upload, until it is changed', async () => {
    const token = await bed.t.userToken(['editor'], 'reset_me');
    const { payload, headers } = multipartFile('mine.txt', Buffer.from('mine'));
    const up = await bed.t.app.inject({
      method: 'POST',
      url: '/api/file/upload/',
      headers: { ...headers, 'x-token': token },
      payload,
    });
    const id = up.json().data.id as number;
    const me = (await call(bed.t.app, 'GET', '/api/user_info/', { token })).body.data.id;
    const reset = await post('/api/user/reset_password/', 'admin', { id: me, password: 'temporary-1' });
    expect(reset.status).toBe(200);
    const again = await login(bed.t.app, 'reset_me', 'temporary-1');
    const res = await call(bed.t.app, 'GET', '/api/file/download/', { token: again, query: { id } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('PASSWORD_CHANGE_REQUIRED');
  });
});

describe('a record cannot take in a file its author may not read', () => {
  it('refuses a draft attachment the editor may not read, like an unknown id', async () => {
    const stolen = await draftWith('onAccount', [files.source!]);
    const unknown = await draftWith('onAccount', [99_999_999]);
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'attachment_ids' }] });
    expect(stolen.body).toEqual(unknown.body);
    expect((await download(files.source!, 'onAccount')).status).toBe(DENY);
  });

  it('refuses an avatar the user may not read (it would open it to everyone)', async () => {
    const res = await post('/api/profile/update/', 'offAccount', { avatar_file_id: files.inlineImage });
    expect(res.status).toBe(400);
    expect((await download(files.inlineImage!, 'onAccount')).status).toBe(DENY);
  });
});

describe('live events and search hits', () => {
  it('announces new mail only to users who may read it; the others get their unread count', async () => {
    const seen: Record<'admin' | 'onAccount', LiveEvent[]> = { admin: [], onAccount: [] };
    const adminId = (await get('/api/user_info/', 'admin')).body.data.id;
    const stop = [
      bed.t.app.ctx.events.subscribe(adminId, (e) => seen.admin.push(e)),
      bed.t.app.ctx.events.subscribe(userIds.onAccount, (e) => seen.onAccount.push(e)),
    ];
    try {
      await bed.dovecot.deliver(address, withAttachments({ to: address, subject: 'Second' }));
      await bed.sync(accountId);
    } finally {
      for (const s of stop) s();
    }
    expect(seen.admin.some((e) => e.type === 'email')).toBe(true);
    expect(seen.onAccount.some((e) => e.type === 'unread')).toBe(true);
    expect(seen.onAccount.filter((e) => e.type === 'email')).toEqual([]);
  });

  it('completes addresses only from mail the user may read or sends from', async () => {
    const found = async (caller: Caller) =>
      (
        (await get('/api/email/match_address/', caller, { q: 'buyer' })).body.data as { address: string }[]
      ).map((m) => m.address);
    expect(await found('admin')).toContain('buyer@client.test');
    expect(await found('onAccount')).toContain('buyer@client.test');
    expect(await found('offAccount')).toEqual([]);
  });
});
