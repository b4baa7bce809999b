import { createHash } from 'node:crypto';
import type { SiteLanguage, WebsiteSettings } from '@quayside/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { siteCsp, themeStyle } from './assets';
import { keptOrigin, pageRoute } from './cache-key';
import { type SiteCategory, siteCategories } from './catalogue';
import { rememberBaseHeaders } from './fast-path';
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

/**
 * The key of a page in the cache (cache-key.ts): the origin its links were rendered for, when pages
 * are kept for it, and the route's own parameters. Null: rendered each time, never kept.
 */
function cacheKey(request: FastifyRequest): string | null {
  if (request.method !== 'GET') return null;
  const route = pageRoute(request.url);
  if (!route) return null;
  const origin = keptOrigin(
    siteState(request.server.ctx),
    request.protocol,
    request.host,
    request.raw.socket?.localPort,
  );
  return origin && `${origin} ${route}`;
}

/** The key and the version of the site a request started under: a page rendered across a change is not kept. */
const startedUnder = new WeakMap<FastifyRequest, { key: string; version: number }>();

/**
 * Before the page is worked on (the site's onRequest hook): the kept copy of the page, if any (it
 * is then sent without reading the database or waiting for a slot); otherwise the request
 * remembers the site's version.
 */
export function cachedPage(request: FastifyRequest): CachedPage | null {
  const key = cacheKey(request);
  if (!key) return null;
  const state = siteState(request.server.ctx);
  const page = state.cache.get(key);
  if (!page) startedUnder.set(request, { key, version: state.version });
  return page ?? null;
}

export function sendCompressed(request: FastifyRequest, reply: FastifyReply, page: CachedPage): FastifyReply {
  rememberBaseHeaders(request.server.ctx, reply);
  reply.headers(page.headers).header('ETag', page.etag);
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.raw);
}

/** A strong ETag of a body (the form's time stamp left out: an older one only means a longer fill time). */
const etagOf = (body: string) =>
  `"${createHash('sha256')
    .update(body.replace(/name="stamp" value="[^"]*"/, ''))
    .digest('base64url')
    .slice(0, 27)}"`;

/**
 * Sends a 200 answer that may be kept: 304 when the client has it, else compressed once and, for a
 * kept address (cacheKey), filed in the instance's cache until something the site shows changes.
 */
async function sendKeepable(
  request: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string>,
  body: string,
) {
  const etag = etagOf(body);
  if (request.headers['if-none-match'] === etag)
    return reply.headers(headers).header('ETag', etag).code(304).send();
  const started = startedUnder.get(request);
  if (!started) return reply.headers(headers).header('ETag', etag).send(body);
  const page = await compressPage(etag, headers, body);
  const state = siteState(request.server.ctx);
  if (started.version === state.version) state.cache.set(started.key, page);
  return sendCompressed(request, reply, page);
}

/**
 * Sends a page: revalidated on every visit (an unpublished product disappears at once) but answered
 * 304 while it is unchanged. A page of a kept address (not a search) is kept, compressed, in the
 * instance's cache until something the site shows changes (site-state.ts).
 */
export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: SiteContext,
  body: string,
  status = 200,
) {
  const headers = {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': siteCsp(themeStyle(ctx.site.theme_color).cspHash),
    'Content-Language': ctx.lang === 'zh' ? 'zh-CN' : 'en',
    Vary: 'Accept-Encoding',
    'Cache-Control': status === 200 ? 'public, no-cache' : 'no-store',
  };
  if (status !== 200) return reply.headers(headers).code(status).send(body);
  return sendKeepable(request, reply, headers, body);
}

/** The sitemap: kept like a page (the same changes forget it), revalidated by its ETag. */
export function sendSitemap(request: FastifyRequest, reply: FastifyReply, xml: string) {
  return sendKeepable(
    request,
    reply,
    {
      'Content-Type': 'application/xml; charset=utf-8',
      Vary: 'Accept-Encoding',
      'Cache-Control': 'public, no-cache',
    },
    xml,
  );
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
