import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createEventHub } from '../src/lib/events';
import { createFileStore } from '../src/lib/files';
import { createTestDatabase, type TestDb, tempDir, testConfig } from './helpers';

/** A build as the web app's `vite build` leaves it: hashed assets, each text file beside its .br and .gz. */
function fakeBuild(): { dist: string; script: string } {
  const dist = tempDir('quayside-dist-');
  mkdirSync(path.join(dist, 'assets'));
  const script = `console.log(${JSON.stringify('quayside '.repeat(400))});`;
  const html = `<!doctype html><div id="root"></div><script type="module" src="/assets/index-Ab12.js"></script>${' '.repeat(2000)}`;
  for (const [name, text] of [
    ['index.html', html],
    ['assets/index-Ab12.js', script],
  ] as const) {
    writeFileSync(path.join(dist, name), text);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(text));
  }
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { dist, script };
}

describe('the built web app', () => {
  let app: FastifyInstance;
  let db: TestDb;
  let script: string;

  beforeAll(async () => {
    const build = fakeBuild();
    script = build.script;
    const dataDir = tempDir();
    db = await createTestDatabase();
    app = await buildApp({
      config: { ...testConfig(dataDir), webDist: build.dist },
      database: db.database,
      db: db.database.db,
      files: createFileStore(dataDir),
      events: createEventHub(),
      jobs: undefined,
    });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli copy to a browser that accepts it, gzip to one that accepts only gzip, plain otherwise', async () => {
    const br = await get('/assets/index-Ab12.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/index-Ab12.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-Ab12.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('lets the browser keep hashed assets for a year and revalidate index.html on every visit', async () => {
    const asset = await get('/assets/index-Ab12.js', 'br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A script carries no page policy (index.html does), but is never sniffed as something else.
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    for (const url of ['/', '/index.html', '/customers/12', '/login']) {
      const page = await get(url, 'br');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toContain('id="root"');
    }
    const icon = await get('/favicon.svg', 'br');
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.statusCode).toBe(200);
  });

  it('answers 404 for an asset of another version instead of the page (an old tab then reloads)', async () => {
    const res = await get('/assets/index-Old9.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/html/);
  });
});
