import { createHash } from 'node:crypto';
import type { SiteLanguage, WebsiteSettings } from '@quayside/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { siteCsp, themeStyle } from './assets';
import { type SiteCategory, siteCategories } from './catalogue';
import { noticePage } from './info-pages';
import { contextFor, type SiteContext, type SiteRoot } from './layout';
import { type CachedPage, compressPage, pickEncoding } from './page-cache';
import { getWebsiteSettings } from './settings';
import { onSiteHost, siteState } from './site-state';

/** The scheme and host the visitor used (behind a trusted proxy, the one it names). */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * What every page shows besides its own content (settings, the category menu with its counts: a
 * count over every published product), kept for a few seconds per database. A product's own page
 * and the lists always read the products themselves, so an unpublished one is gone at once; saving
 * the settings forgets the copy.
 */
const SHARED_TTL_MS = 5000;
type Shared = { at: number; value: Promise<{ settings: WebsiteSettings; categories: SiteCategory[] }> };
const sharedByDb = new WeakMap<Db, Shared>();

function sharedParts(db: Db) {
  const cached = sharedByDb.get(db);
  if (cached && Date.now() - cached.at < SHARED_TTL_MS) return cached.value;
  const value = Promise.all([getWebsiteSettings(db), siteCategories(db)]).then(([settings, categories]) => ({
    settings,
    categories,
  }));
  value.catch(() => sharedByDb.delete(db));
  sharedByDb.set(db, { at: Date.now(), value });
  return value;
}

export function forgetSharedParts(db: Db): void {
  sharedByDb.delete(db);
}

/** `/site` on the back office's host, `` on the site's own host name. */
export const rootOf = (request: FastifyRequest): SiteRoot => (onSiteHost(request) ? '' : '/site');

export async function loadContext(request: FastifyRequest, lang: SiteLanguage): Promise<SiteContext> {
  const { db } = request.server.ctx;
  const {
    settings: { company, site },
    categories,
  } = await sharedParts(db);
  // A language the admin switched off shows in English (its old links keep working).
  const shown = site.languages.includes(lang) ? lang : 'en';
  return contextFor(shown, {
    company,
    site,
    categories,
    origin: originOf(request),
    themeCss: themeStyle(site.theme_color).css,
    root: rootOf(request),
  });
}

/** The key of a page in the cache: scheme and host (its links are absolute), the address with its query. */
const cacheKey = (request: FastifyRequest) => `${request.protocol}://${request.host}${request.url}`;
/** Search results are endless and not for indexes: rendered each time, never kept. */
const cacheable = (request: FastifyRequest) =>
  request.method === 'GET' && !/^\/site(\/[a-z]{2})?\/search(\?|$)/.test(request.url);

/** The version of the site a request started under: a page rendered across a change is not kept. */
const startedUnder = new WeakMap<FastifyRequest, number>();

/**
 * Before the page is worked on (the site's onRequest hook): the kept copy of the page, if any (it
 * is then sent without reading the database or waiting for a slot); otherwise the request
 * remembers the site's version.
 */
export function cachedPage(request: FastifyRequest): CachedPage | null {
  const state = siteState(request.server.ctx);
  if (!cacheable(request)) return null;
  const page = state.cache.get(cacheKey(request));
  if (!page) startedUnder.set(request, state.version);
  return page ?? null;
}

export function sendCompressed(request: FastifyRequest, reply: FastifyReply, page: CachedPage): FastifyReply {
  reply.headers(page.headers).header('ETag', page.etag);
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.type('text/html; charset=utf-8');
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.raw);
}

/**
 * Sends a page: revalidated on every visit (an unpublished product disappears at once) but answered
 * 304 while it is unchanged. The form's time stamp is left out of the ETag: an older stamp in a
 * cached copy only means a longer fill time. A page of a GET (not a search) is kept, compressed, in
 * the instance's cache until something the site shows changes (site-state.ts).
 */
export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: SiteContext,
  body: string,
  status = 200,
) {
  const headers = {
    'Content-Security-Policy': siteCsp(themeStyle(ctx.site.theme_color).cspHash),
    'Content-Language': ctx.lang === 'zh' ? 'zh-CN' : 'en',
    Vary: 'Accept-Encoding',
    'Cache-Control': status === 200 ? 'public, no-cache' : 'no-store',
  };
  if (status !== 200) return reply.headers(headers).code(status).type('text/html; charset=utf-8').send(body);
  const etag = `"${createHash('sha256')
    .update(body.replace(/name="stamp" value="[^"]*"/, ''))
    .digest('base64url')
    .slice(0, 27)}"`;
  if (request.headers['if-none-match'] === etag)
    return reply.headers(headers).header('ETag', etag).code(304).send();
  if (!cacheable(request))
    return reply.headers(headers).header('ETag', etag).type('text/html; charset=utf-8').send(body);
  const page = await compressPage(etag, headers, body);
  const state = siteState(request.server.ctx);
  if (cacheable(request) && startedUnder.get(request) === state.version)
    state.cache.set(cacheKey(request), page);
  return sendCompressed(request, reply, page);
}

export async function sendNotice(
  request: FastifyRequest,
  reply: FastifyReply,
  lang: SiteLanguage,
  kind: 'notFound' | 'gone' | 'tooMany' | 'unavailable',
) {
  const ctx = await loadContext(request, lang);
  const status = { notFound: 404, gone: 410, tooMany: 429, unavailable: 503 }[kind];
  return sendPage(request, reply, ctx, noticePage(ctx, kind), status);
}
