import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { MAX_UPLOAD_BYTES } from '@quayside/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFileStore } from '../src/lib/files';
import { call, createTestApp, type TestApp } from './helpers';
import { multipartFile, ONE_PIXEL_PNG } from './multipart';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function upload(name: string, bytes: Buffer, claimed?: string) {
  const { payload, headers } = multipartFile(name, bytes, claimed);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/file/upload/',
    headers: { ...headers, 'x-token': t.adminToken },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('files', () => {
  it('sniffs the type from the bytes, not from what the client claims', async () => {
    const res = await upload('photo.txt', ONE_PIXEL_PNG, 'text/plain');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'photo.txt', size: ONE_PIXEL_PNG.length, mime: 'image/png' });
  });

  it('downloads the same bytes with type, Chinese file name and inline only for safe types', async () => {
    const up = await upload('报价单 2026.png', ONE_PIXEL_PNG);
    const res = await call(t.app, 'GET', '/api/file/download/', {
      token: t.adminToken,
      query: { id: up.body.data.id, inline: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.raw.rawPayload.equals(ONE_PIXEL_PNG)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="___ 2026.png"; filename*=UTF-8''${encodeURIComponent('报价单 2026.png')}`,
    );
  });

  it('never serves uploaded HTML as a page', async () => {
    const up = await upload('evil.html', Buffer.from('<html><script>alert(1)</script></html>'), 'text/html');
    expect(up.body.data.mime).toBe('text/plain');
    const res = await call(t.app, 'GET', '/api/file/download/', {
      token: t.adminToken,
      query: { id: up.body.data.id, inline: 1 },
    });
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('stores identical content once', async () => {
    const a = await upload('a.bin', Buffer.from('same bytes'));
    const b = await upload('b.bin', Buffer.from('same bytes'));
    expect(a.body.data.id).not.toBe(b.body.data.id);
    const rows = await t.database.query<{ n: number }>(
      'SELECT count(DISTINCT sha256)::int AS n FROM files WHERE id = ANY($1)',
      [[a.body.data.id, b.body.data.id]],
    );
    expect(rows.rows[0]?.n).toBe(1);
  });

  it('refuses a file over the size cap with 413 TOO_LARGE', async () => {
    const res = await upload('big.bin', Buffer.alloc(MAX_UPLOAD_BYTES + 1024, 1));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error_status: 1, code: 'TOO_LARGE' });
  });

  it('answers a file that does not exist like one the caller may not read', async () => {
    const res = await call(t.app, 'GET', '/api/file/download/', {
      token: t.adminToken,
      query: { id: 424242 },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN', msg: 'You do not have permission to do this' });
  });
});

describe('file store', () => {
  it('keeps files one folder deep and still reads those of the older two-level layout', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'quayside-files-'));
    try {
      const store = createFileStore(dir);
      const sha = await store.put(Buffer.from('quotation'));
      expect(existsSync(path.join(dir, 'files', sha.slice(0, 2), sha))).toBe(true);
      expect(await store.put(Buffer.from('quotation'))).toBe(sha);
      expect((await buffer(store.open(sha))).toString()).toBe('quotation');

      const old = Buffer.from('written by an earlier version');
      const oldSha = createHash('sha256').update(old).digest('hex');
      const oldDir = path.join(dir, 'files', oldSha.slice(0, 2), oldSha.slice(2, 4));
      mkdirSync(oldDir, { recursive: true });
      writeFileSync(path.join(oldDir, oldSha), old);
      expect(store.exists(oldSha)).toBe(true);
      expect((await buffer(store.open(oldSha))).equals(old)).toBe(true);
      expect(store.exists('0'.repeat(64))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
