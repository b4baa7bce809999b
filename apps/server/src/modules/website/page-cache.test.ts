import { describe, expect, it } from 'vitest';
import { keptOrigin, pageRoute } from './cache-key';
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

describe('page cache keys', () => {
  it('file a page by its route and the parameters that change it, ignoring other query parameters', () => {
    expect(pageRoute('/site/product/3-kettle?utm_source=x&fbclid=1')).toBe('en /product/3-kettle');
    expect(pageRoute('/site/zh/product/3-kettle')).toBe('zh /product/3-kettle');
    expect(pageRoute('/site/category/7-cups?ref=a')).toBe('en /category/7 1');
    expect(pageRoute('/site/category/7-any-slug?page=2')).toBe('en /category/7 2');
    expect(pageRoute('/site/products?page=1&x=2')).toBe(pageRoute('/site/products/'));
    expect(pageRoute('/site')).toBe('en /');
    expect(pageRoute('/site/?x=1')).toBe('en /');
    expect(pageRoute('/site/zh/')).toBe('zh /');
    expect(pageRoute('/site/sitemap.xml?x=1')).toBe('sitemap');
  });

  it('keep nothing for searches, odd spellings or unknown paths', () => {
    for (const url of [
      '/site/search?q=kettle',
      '/site/en/products',
      '/site/xx/products',
      '/site/product/%33-kettle',
      '/site/product/3-kettle;x=1',
      '/site/products?page=2&page=3',
      '/site/products?page=abc',
      '/site//products',
      '/site/picture/3.jpg',
      '/site/zh/sitemap.xml',
      '/api/product/list/',
    ])
      expect(pageRoute(url), url).toBeNull();
  });

  it('keep pages for the site host name and staff origins only', () => {
    const known = { hostName: 'shop.example.com', staffOrigins: new Set(['https://erp.example.com']) };
    expect(keptOrigin(known, 'https', 'shop.example.com', 443)).toBe('https://shop.example.com');
    expect(keptOrigin(known, 'http', 'shop.example.com:3000', 3000)).toBe('http://shop.example.com:3000');
    expect(keptOrigin(known, 'http', 'shop.example.com:1234', 3000)).toBeNull();
    expect(keptOrigin(known, 'https', 'erp.example.com', 443)).toBe('https://erp.example.com');
    expect(keptOrigin(known, 'https', 'junk.example.net', 443)).toBeNull();
  });
});
