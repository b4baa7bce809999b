import { createHash } from 'node:crypto';
import type { SiteLanguage, WebsiteSettings } from '@quayside/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { siteCsp, themeStyle } from './assets';
import { type SiteCategory, siteCategories } from './catalogue';
import { noticePage } from './info-pages';
import { contextFor, type SiteContext } from './layout';
import { getWebsiteSettings } from './settings';

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
  });
}

/**
 * Sends a page: revalidated on every visit (an unpublished product disappears at once) but answered
 * 304 while it is unchanged. The form's time stamp is left out of the ETag: an older stamp in a
 * cached copy only means a longer fill time.
 */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: SiteContext,
  body: string,
  status = 200,
) {
  const etag = `"${createHash('sha256')
    .update(body.replace(/name="stamp" value="[^"]*"/, ''))
    .digest('base64url')
    .slice(0, 27)}"`;
  reply
    .header('Content-Security-Policy', siteCsp(themeStyle(ctx.site.theme_color).cspHash))
    .header('Content-Language', ctx.lang === 'zh' ? 'zh-CN' : 'en')
    .header('Vary', 'Accept-Encoding');
  if (status === 200) {
    reply.header('Cache-Control', 'public, no-cache').header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  } else {
    reply.header('Cache-Control', 'no-store');
  }
  return reply.code(status).type('text/html; charset=utf-8').send(body);
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
