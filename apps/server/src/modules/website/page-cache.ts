import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A rendered page with its headers and its bodies compressed once, as it is sent. */
export type CachedPage = {
  etag: string;
  headers: Record<string, string>;
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
  bytes: number;
  at: number;
  /** The header lists of its answers, built at its first hit on the fast path (fast-path.ts). */
  wire?: Wire;
};

/** Each answer's header list, flat (`writeHead` takes it as is): security, the page's, its body's. */
export type Wire = { br: string[]; gzip: string[]; raw: string[]; notModified: string[] };

/**
 * Brotli and gzip copies, made once per render. Brotli at 5, not 11: 11 costs ~40× the time for ~10%
 * fewer bytes, and a crawler walking 20,000 product pages makes every render a miss.
 */
export async function compressPage(
  etag: string,
  headers: Record<string, string>,
  body: string,
): Promise<CachedPage> {
  const raw = Buffer.from(body);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip(raw, { level: 6 }),
  ]);
  return {
    etag,
    headers,
    raw,
    br,
    gzip: gz,
    bytes: raw.length + br.length + gz.length + 512,
    at: Date.now(),
  };
}

/** The encoding to send: brotli, else gzip, else none, by what the client accepts (q=0 refuses). */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  let br = false;
  let gz = false;
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (name === 'br') br = !refused;
    else if (name === 'gzip' || name === 'x-gzip') gz = !refused;
    else if (name === '*' && !refused) gz = true;
  }
  return br ? 'br' : gz ? 'gzip' : null;
}

/**
 * Least recently used pages first out, bounded by bytes (all three bodies counted), and each page
 * re-rendered after `maxAgeMs` at most (the footer's year, a notification another instance missed).
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private size = 0;

  constructor(
    readonly maxBytes: number,
    readonly maxAgeMs: number,
  ) {}

  get bytes(): number {
    return this.size;
  }

  get count(): number {
    return this.pages.size;
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    this.pages.delete(key);
    if (now - page.at > this.maxAgeMs) {
      this.size -= page.bytes;
      return undefined;
    }
    this.pages.set(key, page); // now the most recently used
    return page;
  }

  set(key: string, page: CachedPage): void {
    if (page.bytes > this.maxBytes / 4) return; // one huge page must not empty the cache
    const old = this.pages.get(key);
    if (old) {
      this.pages.delete(key);
      this.size -= old.bytes;
    }
    this.pages.set(key, page);
    this.size += page.bytes;
    for (const [k, p] of this.pages) {
      if (this.size <= this.maxBytes) break;
      this.pages.delete(k);
      this.size -= p.bytes;
    }
  }

  clear(): void {
    this.pages.clear();
    this.size = 0;
  }
}
