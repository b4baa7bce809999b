import { SITE_LANGUAGES } from '@quayside/contract';

/**
 * What a kept page is filed under: the origin its absolute links were rendered for, then the route
 * and only the parameters that change the page (language, product slug, category id, page number).
 * Null: this address is never kept (search results, anything unknown or oddly spelled); it is then
 * rendered as before, and cannot push a real page out of the cache.
 *
 * Strict on purpose: the kept copy is looked up before routing, so an address accepted here must be
 * one the router sends to the same page. Slugs are the site's own (`[a-z0-9-]`, html.ts slugOf), so
 * a percent-encoded or otherwise unusual path is simply not kept.
 */
export function pageRoute(url: string): string | null {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const m = ROUTE.exec(path);
  if (!m) return null;
  // English has no prefix: `/site/en/…` is the site's 404, never a kept page.
  const lang = m[1] ?? 'en';
  if (m[1] !== undefined && (lang === 'en' || !LANGS.has(lang))) return null;
  const rest = (m[2] ?? '').replace(/\/$/, '');
  if (rest === '' || rest === '/about' || rest === '/contact') return `${lang} ${rest || '/'}`;
  if (rest === '/sitemap.xml') return lang === 'en' ? 'sitemap' : null;
  const query = q < 0 ? '' : url.slice(q + 1);
  if (rest === '/products') {
    const page = pageParam(query);
    return page ? `${lang} /products ${page}` : null;
  }
  const product = /^\/product\/(\d{1,9}(?:-[a-z0-9-]*)?)$/.exec(rest);
  if (product) return `${lang} /product/${product[1]}`;
  const category = /^\/category\/(\d{1,9})(?:-[a-z0-9-]*)?$/.exec(rest);
  if (category) {
    const page = pageParam(query);
    return page ? `${lang} /category/${Number(category[1])} ${page}` : null;
  }
  return null;
}

const LANGS = new Set<string>(SITE_LANGUAGES);
/** `/site`, `/site/zh`, then the page's own path (only the site's characters). */
const ROUTE = /^\/site(?:\/([a-z]{2})(?=\/|$))?(\/[a-z0-9./-]*)?$/;

/**
 * The page number as the route reads it (site-routes.ts pageNumber), when the query is plain: no
 * `page`, or one `page=<digits>`; any other query parameter is ignored (it does not change the
 * page). Null for a query spelled any other way: not kept.
 */
function pageParam(query: string): number | null {
  if (!query) return 1;
  let page = 1;
  let seen = false;
  for (const part of query.split('&')) {
    if (!part.startsWith('page=') && part !== 'page') continue;
    if (seen) return null;
    seen = true;
    const value = part.slice(5);
    if (!/^\d{1,5}$/.test(value)) return null;
    const n = Number(value);
    page = n >= 1 && n <= 10_000 ? n : 1;
  }
  return page;
}

/**
 * The origin a page may be kept for: the site's own host name (exactly, or with the port the
 * server listens on), or an origin staff reached the back office through (learned from signed-in
 * requests, site-state.ts). Any other Host header (a typo, a scanner, a junk value) gets its page
 * rendered and not kept: its absolute links carry that host, so its copy must not serve anyone else,
 * and a stream of them must not push the real pages out.
 */
export function keptOrigin(
  known: { hostName: string; staffOrigins: ReadonlySet<string> },
  protocol: string,
  host: string,
  localPort: number | undefined,
): string | null {
  const origin = `${protocol}://${host}`;
  if (known.hostName) {
    if (host === known.hostName || (localPort !== undefined && host === `${known.hostName}:${localPort}`))
      return origin;
  }
  return known.staffOrigins.has(origin) ? origin : null;
}
