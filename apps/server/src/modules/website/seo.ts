import type { SiteLanguage } from '@quayside/contract';
import { escapeHtml } from './html';
import { categoryPath, productPath, type SiteRoot, sitePath } from './layout';
import { HTML_LANG } from './texts';

type Entry = { path: string; lastmod?: Date };

/** The sitemap: every page in every language with its alternates, and when it last changed. */
export function sitemapXml(
  origin: string,
  root: SiteRoot,
  languages: readonly SiteLanguage[],
  entries: Entry[],
): string {
  const urls = entries.flatMap((e) =>
    languages.map((lang) => {
      const links = languages
        .map(
          (l) =>
            `<xhtml:link rel="alternate" hreflang="${HTML_LANG[l]}" href="${escapeHtml(origin + sitePath(root, l, e.path))}"/>`,
        )
        .join('');
      const lastmod = e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : '';
      return `<url><loc>${escapeHtml(origin + sitePath(root, lang, e.path))}</loc>${lastmod}${links}</url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export function sitemapEntries(input: {
  products: { id: number; name: string; updatedAt: Date }[];
  categories: { id: number; name: string }[];
  categoryChanges: Map<number, Date>;
  settingsChanged: Date | undefined;
}): Entry[] {
  const latest = input.products.reduce<Date | undefined>(
    (m, p) => (!m || p.updatedAt > m ? p.updatedAt : m),
    input.settingsChanged,
  );
  return [
    { path: '/', lastmod: latest },
    { path: '/products', lastmod: latest },
    { path: '/about', lastmod: input.settingsChanged },
    { path: '/contact', lastmod: input.settingsChanged },
    ...input.categories.map((c) => ({ path: categoryPath(c), lastmod: input.categoryChanges.get(c.id) })),
    ...input.products.map((p) => ({ path: productPath(p), lastmod: p.updatedAt })),
  ];
}

/** Crawlers may read the site, never the app or its API. */
export function robotsTxt(origin: string, root: SiteRoot): string {
  const app = root ? 'Disallow: /api/\n' : '';
  return `User-agent: *\nAllow: ${root}/\n${app}Disallow: ${root}/search\nDisallow: ${root}/zh/search\n\nSitemap: ${origin}${root}/sitemap.xml\n`;
}
