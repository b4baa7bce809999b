import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { siteState } from '../src/modules/website/site-state';
import { call, createTestApp, type TestApp } from './helpers';

// Kept pages answered on the real socket before Fastify sees the request (website/fast-path.ts):
// the same headers and bodies as Fastify's answer, and the same rules for what is kept.
let t: TestApp;
let base: string;
let port: number;
let product: { id: number };

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
/** A raw GET (fetch would decompress the body and hide the Host header). */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
  });
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  const created = await call(t.app, 'POST', '/api/product/create/', {
    token: t.adminToken,
    body: { name: 'Socket Kettle', published: true },
  });
  product = created.body.data;
  // Staff use the back office through this address: its /site pages may be kept.
  const res = await fetch(`${base}/api/website/settings/`, { headers: { 'x-token': t.adminToken } });
  expect(res.status).toBe(200);
});

describe('kept pages on the socket', () => {
  it('a hit is answered before Fastify with the same headers and body as Fastify sent', async () => {
    const url = `/site/product/${product.id}-socket-kettle`;
    const state = siteState(t.app.ctx);
    const hits = state.fastHits;
    const first = await get(url, { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(state.fastHits).toBe(hits);
    const again = await get(`${url}?utm_source=mail`, { 'accept-encoding': 'br' });
    expect(state.fastHits).toBe(hits + 1);
    expect(again.status).toBe(200);
    const { date: _d1, ...firstHeaders } = first.headers;
    const { date: _d2, ...againHeaders } = again.headers;
    expect(againHeaders).toEqual(firstHeaders);
    expect(again.headers['content-security-policy']).toContain("script-src 'none'");
    expect(again.headers['x-frame-options']).toBe('DENY');
    expect(brotliDecompressSync(again.body).toString()).toContain('<h1>Socket Kettle</h1>');

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('<h1>Socket Kettle</h1>');
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const notModified = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(state.fastHits).toBe(hits + 4);
  });

  it('a junk Host is rendered by Fastify for itself, and unpublishing empties the kept copies at once', async () => {
    const url = `/site/product/${product.id}-socket-kettle`;
    const state = siteState(t.app.ctx);
    const hits = state.fastHits;
    const junk = await get(url, { host: 'junk.example.test' });
    expect(junk.body.toString()).toContain('href="http://junk.example.test/site/product/');
    expect(state.fastHits).toBe(hits);
    await call(t.app, 'POST', '/api/product/bulk_update/', {
      token: t.adminToken,
      body: { ids: [product.id], published: false },
    });
    expect((await get(url)).status).toBe(410);
    // The back office itself is never answered here.
    const api = await get('/api/website/settings/', { 'x-token': t.adminToken });
    expect(api.status).toBe(200);
    expect(state.fastHits).toBe(hits);
  });
});
