import { beforeAll, describe, expect, it } from 'vitest';
import { emails } from '../src/db/schema';
import { call, createTestApp, type TestApp } from './helpers';

/** API.md: `email/detail` answers sanitised `html`, for drafts and mail sent from the app too. */
let t: TestApp;
let accountId: number;

const HOSTILE =
  '<p>Offer</p><script>alert(1)</script><img src="x" onerror="alert(2)">' +
  '<img src="https://tracker.example/pixel.gif"><a href="javascript:alert(3)">link</a>';

/** A row as the app wrote it before drafts were sanitised on save: the author's HTML as sent. */
async function written(fields: Partial<typeof emails.$inferInsert>): Promise<number> {
  const [row] = await t.database.db
    .insert(emails)
    .values({
      accountId,
      direction: 'out',
      dedupeKey: `draft:${Math.random()}`,
      subject: 'Written here',
      date: new Date(),
      fromAddress: 'sales@example.test',
      html: HOSTILE,
      ...fields,
    })
    .returning({ id: emails.id });
  return row!.id;
}

async function detailHtml(id: number) {
  const res = await call(t.app, 'GET', '/api/email/detail/', { token: t.adminToken, query: { id } });
  expect(res.status).toBe(200);
  return res.body.data as { html: string; has_remote_images: boolean };
}

function expectSafe(d: { html: string; has_remote_images: boolean }) {
  expect(d.html).toContain('<p>Offer</p>');
  expect(d.html).not.toMatch(/<script|onerror|javascript:/i);
  expect(d.html).not.toMatch(/\ssrc="https:\/\/tracker/);
  expect(d.has_remote_images).toBe(true);
}

beforeAll(async () => {
  t = await createTestApp();
  const res = await call(t.app, 'POST', '/api/email/update_email_account/', {
    token: t.adminToken,
    body: {
      address: 'sales@example.test',
      imap_host: '127.0.0.1',
      imap_port: 1,
      imap_secure: false,
      imap_user: 'sales@example.test',
      imap_password: 'top-secret-1',
    },
  });
  accountId = res.body.data.id;
});

describe('email detail html of mail written here', () => {
  it('is sanitised for a draft', async () => {
    expectSafe(await detailHtml(await written({ folder: 'drafts' })));
  });

  it('is sanitised for mail sent from the app', async () => {
    const id = await written({ folder: 'outbox', dedupeKey: 'mid:sent@example.test', sendStatus: 'sent' });
    expectSafe(await detailHtml(id));
  });

  it('keeps received mail as stored at sync', async () => {
    const stored = '<p>Stored <img data-qs-remote-src="https://a.example/x.png" class="qs-remote-image"></p>';
    const id = await written({ folder: 'inbox', direction: 'in', dedupeKey: 'mid:in@x', html: stored });
    expect((await detailHtml(id)).html).toBe(stored);
  });
});
