import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context';
import { SERVERS } from '../../lib/events';
import { HITS_PER_TURN, pacer } from './fair-share';
import { PageCache } from './page-cache';
import { forgetSharedParts } from './render';
import { getWebsiteSite } from './settings';

/** Rendered pages kept per process: at most 32 MB (bodies and their br/gzip copies), an hour each. */
export const PAGE_CACHE_BYTES = 32 * 1024 * 1024;
export const PAGE_CACHE_MAX_AGE_MS = 60 * 60_000;

/** One server's view of the site: its page cache, the version that empties it, the second host name. */
export type SiteState = {
  cache: PageCache;
  /** Bumped by every change of what pages show; a page rendered under an older one is not kept. */
  version: number;
  /** `www.example-export.com`: requests for it get the site at `/`; '' when none is set. */
  hostName: string;
  /**
   * `https://erp.example.com`: origins signed-in staff reached this instance through, the latest
   * few. Pages under /site are kept for these (and the host name) only (cache-key.ts keptOrigin).
   */
  staffOrigins: Set<string>;
  /** Kept pages go out a few per turn of the event loop (fair-share.ts), by either path. */
  pace: () => Promise<void>;
  /** The security headers of a site page as Fastify sends them; null until it has sent one. */
  baseHeaders: string[] | null;
  /** Kept pages answered before Fastify saw the request (fast-path.ts). */
  fastHits: number;
};

/** Origins remembered per instance: the back office's address or two, with room for a proxy's. */
const STAFF_ORIGINS = 8;

const states = new WeakMap<AppContext, SiteState>();

export function siteState(ctx: AppContext): SiteState {
  let state = states.get(ctx);
  if (!state) {
    state = {
      cache: new PageCache(PAGE_CACHE_BYTES, PAGE_CACHE_MAX_AGE_MS),
      version: 0,
      hostName: '',
      staffOrigins: new Set(),
      pace: pacer(HITS_PER_TURN),
      baseHeaders: null,
      fastHits: 0,
    };
    states.set(ctx, state);
  }
  return state;
}

/** Forgets every rendered page and the shared parts on this instance, and reads the host name again. */
function invalidate(ctx: AppContext): void {
  const state = siteState(ctx);
  state.version++;
  state.cache.clear();
  forgetSharedParts(ctx.db);
  void loadHostName(ctx);
}

export async function loadHostName(ctx: AppContext): Promise<void> {
  const state = siteState(ctx);
  const version = state.version;
  try {
    const site = await getWebsiteSite(ctx.db);
    // A change read while another was being saved: the later read decides.
    if (state.version === version) state.hostName = site.host_name;
  } catch {
    // The settings table is not there yet (a database being migrated): no second host.
  }
}

/** A signed-in request came through `origin`: pages under /site may be kept for it from now on. */
export function learnStaffOrigin(ctx: AppContext, origin: string): void {
  const { staffOrigins } = siteState(ctx);
  if (staffOrigins.has(origin)) return;
  staffOrigins.add(origin);
  for (const old of staffOrigins) {
    if (staffOrigins.size <= STAFF_ORIGINS) break;
    staffOrigins.delete(old);
  }
}

/**
 * Something the site shows changed: every instance forgets its pages. The event goes to this
 * instance's listener at once (so the next request renders afresh) and through NOTIFY to the others.
 */
export function siteChanged(ctx: AppContext): void {
  ctx.events.publish(SERVERS, { type: 'site', data: { at: Date.now() } });
}

/** Listens for changes (this instance's and, on PostgreSQL, every other's); answers the unsubscribe. */
export function watchSiteChanges(ctx: AppContext): () => void {
  return ctx.events.subscribe(SERVERS.userId, (event) => {
    if (event.type === 'site') invalidate(ctx);
  });
}

/**
 * Writes that change what the site shows: products and their categories and pictures, the site's
 * settings and the letterhead, a demo load or a restored backup. Their success (any 2xx/3xx answer)
 * empties the page caches; a failed write changed nothing.
 */
const CHANGES = /^\/api\/(product|product_category|website|settings|demo|backup)\//;
export const changesSite = (method: string, url: string) =>
  method !== 'GET' && method !== 'HEAD' && CHANGES.test(url);

const hostOf = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim().replace(/:\d+$/, '').toLowerCase() ?? '';

/** The host a request was made for: the proxy's X-Forwarded-Host when proxies are trusted. */
function requestHost(ctx: AppContext, req: IncomingMessage): string {
  const forwarded = ctx.config.trustProxy ? req.headers['x-forwarded-host'] : undefined;
  return hostOf(forwarded || req.headers.host);
}

/**
 * Before routing (Fastify's rewriteUrl): on the site's own host name, `/`, `/product/…`,
 * `/sitemap.xml`, `/robots.txt` and every other path are the site's (`/site/…`); its assets and
 * pictures keep their `/site/…` addresses. Any other host gets the back office as before.
 */
export function rewriteSiteUrl(ctx: AppContext, req: IncomingMessage): string {
  const url = req.url ?? '/';
  const { hostName } = siteState(ctx);
  if (!hostName || requestHost(ctx, req) !== hostName) return url;
  if (url === '/site' || url.startsWith('/site/') || url.startsWith('/site?')) return url;
  return `/site${url}`;
}

/** Whether the request came in on the site's own host name (its links then start at `/`). */
export function onSiteHost(request: FastifyRequest): boolean {
  const { hostName } = siteState(request.server.ctx);
  return hostName !== '' && request.hostname.toLowerCase() === hostName;
}
