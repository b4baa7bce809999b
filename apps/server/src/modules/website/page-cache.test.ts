import { describe, expect, it } from 'vitest';
import { pacer } from './fair-share';
import { type CachedPage, PageCache, pickEncoding } from './page-cache';

const page = (bytes: number, at = Date.now()): CachedPage => ({
  etag: '"x"',
  headers: {},
  raw: Buffer.alloc(0),
  br: Buffer.alloc(0),
  gzip: Buffer.alloc(0),
  bytes,
  at,
});

describe('page cache', () => {
  it('drops the least recently used pages first to stay within its bytes', () => {
    const cache = new PageCache(1000, 60_000);
    cache.set('a', page(200));
    cache.set('b', page(200));
    cache.set('c', page(200));
    cache.get('a'); // used: b is now the oldest
    cache.set('d', page(200));
    cache.set('e', page(200));
    expect(cache.bytes).toBe(1000);
    cache.set('f', page(200));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.bytes).toBeLessThanOrEqual(1000);
  });

  it('never keeps one page bigger than a quarter of it, and forgets pages past their age', () => {
    const cache = new PageCache(1000, 60_000);
    cache.set('huge', page(300));
    expect(cache.count).toBe(0);
    cache.set('old', page(100, Date.now() - 61_000));
    expect(cache.get('old')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('picks brotli, then gzip, honouring q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('*')).toBe('gzip');
  });
});

describe('pacer', () => {
  it('lets a few callers go per turn of the event loop, in order', async () => {
    const pace = pacer(2);
    const done: number[] = [];
    for (const i of [0, 1, 2, 3, 4]) void pace().then(() => done.push(i));
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    await turn();
    expect(done).toEqual([0, 1]);
    await turn();
    expect(done).toEqual([0, 1, 2, 3]);
    await turn();
    expect(done).toEqual([0, 1, 2, 3, 4]);
  });
});
