import { SITE_LANGUAGES } from '@quayside/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { products, settings } from '../../db/schema';
import { readableFile } from '../files/access';
import { SITE_CSS, SITE_CSS_PATH } from './assets';
import {
  categoryLastChanges,
  categoryScope,
  featuredCards,
  productCards,
  productExists,
  searchWhere,
  sitemapProducts,
  siteProduct,
} from './catalogue';
import { SITE_SLOTS, shareFairly } from './fair-share';
import { formStamp } from './form';
import { aboutPage, contactPage } from './info-pages';
import { productPath, sitePath } from './layout';
import { homePage, listPage, PAGE_SIZE, productPage, searchPage } from './pages';
import {
  cachedPage,
  loadContext,
  originOf,
  rootOf,
  sendCompressed,
  sendNotice,
  sendPage,
  sendSitemap,
} from './render';
import { robotsTxt, sitemapEntries, sitemapXml } from './seo';
import { getWebsiteSettings, getWebsiteSite } from './settings';
import { siteState } from './site-state';
import { handleInquiry } from './submit';

/** The site's own headers: its policy is set per page (the theme colour's hash), not helmet's. */
const config = { access: 'public' } as const;
const helmet = { contentSecurityPolicy: false } as const;
const hide = { hide: true } as const;

type Query = { page?: string; q?: string };
const pageNumber = (q: Query) => {
  const n = Number(q.page ?? '1');
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
};
/** `3-kettle` → 3; anything that does not start with an id → null. */
const idOf = (param: string) => {
  const m = /^(\d{1,9})(?:-|$)/.exec(param);
  return m ? Number(m[1]) : null;
};

/** The public website under /site (English) and /site/<lang> (other languages): no login, no script. */
export default async function siteRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  // A kept page goes out before anything else runs (no database, no slot to wait for), a few per
  // turn of the event loop so that the back office's requests keep their pace (fair-share.ts).
  const { pace } = siteState(app.ctx);
  app.addHook('onRequest', async (request, reply) => {
    const page = request.method === 'GET' ? cachedPage(request) : null;
    if (!page) return;
    await pace();
    return sendCompressed(request, reply, page);
  });
  shareFairly(app, SITE_SLOTS);

  for (const lang of SITE_LANGUAGES) {
    const base = lang === 'en' ? '/site' : `/site/${lang}`;
    const opts = { config, helmet, schema: hide };

    app.get(`${base}/`, opts, async (request, reply) => {
      const ctx = await loadContext(request, lang);
      const [featured, latest] = await Promise.all([
        featuredCards(db, ctx.site.featured_product_ids),
        productCards(db, undefined, { limit: 8, offset: 0, withTotal: false }),
      ]);
      return sendPage(request, reply, ctx, homePage(ctx, featured, latest.items));
    });

    app.get(`${base}/products`, opts, async (request, reply) => {
      const ctx = await loadContext(request, lang);
      const page = pageNumber(request.query as Query);
      const { items, total } = await productCards(db, undefined, {
        limit: PAGE_SIZE,
        offset: (page - 1) * PAGE_SIZE,
      });
      if (page > 1 && items.length === 0) return sendNotice(request, reply, lang, 'notFound');
      return sendPage(request, reply, ctx, listPage(ctx, { category: null, cards: items, total, page }));
    });

    app.get(`${base}/category/:slug`, opts, async (request, reply) => {
      const ctx = await loadContext(request, lang);
      const id = idOf((request.params as { slug: string }).slug);
      const category = ctx.categories.find((c) => c.id === id);
      if (!category) return sendNotice(request, reply, lang, 'notFound');
      const page = pageNumber(request.query as Query);
      const { items, total } = await productCards(
        db,
        inArray(products.categoryId, categoryScope(ctx.categories, category.id)),
        {
          limit: PAGE_SIZE,
          offset: (page - 1) * PAGE_SIZE,
        },
      );
      // Past the last page: not a page (nor one more copy in the cache per number asked for).
      if (page > 1 && items.length === 0) return sendNotice(request, reply, lang, 'notFound');
      return sendPage(request, reply, ctx, listPage(ctx, { category, cards: items, total, page }));
    });

    app.get(`${base}/product/:slug`, opts, async (request, reply) => {
      const slug = (request.params as { slug: string }).slug;
      const id = idOf(slug);
      const product = id ? await siteProduct(db, id) : null;
      if (!product) {
        // A product that was on the site once: gone for good (410), so crawlers drop it at once.
        return sendNotice(request, reply, lang, id && (await productExists(db, id)) ? 'gone' : 'notFound');
      }
      const canonical = productPath(product);
      if (`/product/${slug}` !== canonical)
        return reply.redirect(sitePath(rootOf(request), lang, canonical), 301);
      const ctx = await loadContext(request, lang);
      return sendPage(
        request,
        reply,
        ctx,
        productPage(ctx, product, { stamp: formStamp(app.ctx.config.secret) }),
      );
    });

    app.get(`${base}/search`, opts, async (request, reply) => {
      const ctx = await loadContext(request, lang);
      const q = String((request.query as Query).q ?? '')
        .trim()
        .slice(0, 100);
      const page = pageNumber(request.query as Query);
      const { items, total } = q
        ? await productCards(db, searchWhere(q.toLowerCase()), {
            limit: PAGE_SIZE,
            offset: (page - 1) * PAGE_SIZE,
          })
        : { items: [], total: 0 };
      return sendPage(request, reply, ctx, searchPage(ctx, q, items, total, page));
    });

    app.get(`${base}/about`, opts, async (request, reply) => {
      const ctx = await loadContext(request, lang);
      return sendPage(request, reply, ctx, aboutPage(ctx));
    });

    app.get(`${base}/contact`, opts, async (request, reply) => {
      const ctx = await loadContext(request, lang);
      return sendPage(request, reply, ctx, contactPage(ctx, { stamp: formStamp(app.ctx.config.secret) }));
    });

    app.post(`${base}/inquiry`, { ...opts, bodyLimit: 6 * 1024 * 1024 }, (request, reply) =>
      handleInquiry(request, reply, lang),
    );

    // Anything else under the language's prefix: the site's own 404 page, not the back office.
    if (lang !== 'en')
      app.get(`${base}/*`, opts, (request, reply) => sendNotice(request, reply, lang, 'notFound'));
  }
  app.get('/site/*', { config, helmet, schema: hide }, (request, reply) =>
    sendNotice(request, reply, 'en', 'notFound'),
  );

  app.get(SITE_CSS_PATH, { config, schema: hide }, async (_request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .type('text/css; charset=utf-8')
      .send(SITE_CSS),
  );

  /**
   * A stored file the public may read (files/owners.ts decides), a day in caches with its ETag: an
   * unpublished product's pictures stop being served at once.
   */
  const sendSiteFile = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: number | null | undefined,
  ) => {
    const row = id ? await readableFile(db, null, id).catch(() => null) : null;
    if (!row) return sendNotice(request, reply, 'en', 'notFound');
    const etag = `"${row.sha256}"`;
    reply.header('Cache-Control', 'public, max-age=86400').header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply
      .header('Content-Type', row.mime)
      .header('Content-Length', row.size)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'")
      .send(app.ctx.files.open(row.sha256));
  };

  // A published product's pictures and the logo, by the same per-file rule as every download (files/owners.ts).
  app.get('/site/picture/:name', { config, helmet, schema: hide }, async (request, reply) => {
    const id = idOf((request.params as { name: string }).name.replace(/\.jpg$/, ''));
    return sendSiteFile(request, reply, id);
  });

  // The favicon the admin uploaded (none: the page links a drawn one, layout.ts). Its address carries
  // the file's id, so a new one shows at once; the same one is answered 304 by its ETag.
  app.get('/site/favicon', { config, helmet, schema: hide }, async (request, reply) => {
    const { site } = await getWebsiteSettings(db);
    return sendSiteFile(request, reply, site.favicon_file_id);
  });

  app.get('/site/sitemap.xml', { config, schema: hide }, async (request, reply) => {
    const [site, list, ctx, changes, [setting]] = await Promise.all([
      getWebsiteSite(db),
      sitemapProducts(db),
      loadContext(request, 'en'),
      categoryLastChanges(db),
      db.select({ at: settings.updatedAt }).from(settings).where(eq(settings.key, 'website')),
    ]);
    const entries = sitemapEntries({
      products: list,
      categories: ctx.categories,
      categoryChanges: changes,
      settingsChanged: setting?.at,
    });
    return sendSitemap(
      request,
      reply,
      sitemapXml(originOf(request), rootOf(request), site.languages, entries),
    );
  });

  const robots = async (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(originOf(request), rootOf(request)));
  app.get('/site/robots.txt', { config, schema: hide }, robots);
  app.get('/robots.txt', { config, schema: hide }, robots);
}
