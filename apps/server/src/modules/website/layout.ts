import type { CompanySettings, SiteLanguage, WebsiteSite } from '@quayside/contract';
import { SITE_CSS_PATH } from './assets';
import type { SiteCategory, SitePicture } from './catalogue';
import { type Html, html, jsonLd, raw, slugOf as slugOfName } from './html';
import { HTML_LANG, type SiteText, siteText } from './texts';

/** Everything a page needs to know about the request and the site. */
export type SiteContext = {
  lang: SiteLanguage;
  t: SiteText;
  company: CompanySettings;
  site: WebsiteSite;
  /** `https://example.com`: the scheme and host the visitor used, for canonical and Open Graph links. */
  origin: string;
  categories: SiteCategory[];
  themeCss: string;
  root: SiteRoot;
};

export function contextFor(lang: SiteLanguage, base: Omit<SiteContext, 'lang' | 't'>): SiteContext {
  return { ...base, lang, t: siteText(lang) };
}

/** Where the site's pages start: `/site` on the back office's host, `/` on the site's own host name. */
export type SiteRoot = '/site' | '';

/** The path of a page in a language: English at /site/…, another language at /site/<lang>/…. */
export function sitePath(root: SiteRoot, lang: SiteLanguage, path: string): string {
  return `${root}${lang === 'en' ? '' : `/${lang}`}${path}`;
}
export const pictureUrl = (fileId: number) => `/site/picture/${fileId}.jpg`;
export const companyName = (ctx: SiteContext) =>
  (ctx.lang === 'zh' && ctx.company.name_zh) || ctx.company.name || new URL(ctx.origin).hostname;

export type PageMeta = {
  title: string;
  description: string;
  /** The page's path without the language prefix ('/' for home, '/product/3-kettle'). */
  path: string;
  /** Query kept in canonical and alternate links (a category's page number). */
  query?: string;
  ogType?: 'website' | 'product';
  ogImage?: SitePicture | null;
  structured?: unknown;
  /** Search results and error pages are not for indexes. */
  noindex?: boolean;
  current?: 'home' | 'products' | 'about' | 'contact';
};

function alternates(ctx: SiteContext, meta: PageMeta): Html {
  const q = meta.query ?? '';
  return html`${ctx.site.languages.map(
    (l) =>
      html`<link rel="alternate" hreflang="${HTML_LANG[l]}" href="${ctx.origin}${sitePath(ctx.root, l, meta.path)}${q}">`,
  )}<link rel="alternate" hreflang="x-default" href="${ctx.origin}${sitePath(ctx.root, 'en', meta.path)}${q}">`;
}

function header(ctx: SiteContext, meta: PageMeta): Html {
  const { t, lang } = ctx;
  const logo = ctx.company.logo_file_id;
  const navItem = (key: NonNullable<PageMeta['current']>, path: string, label: string) =>
    html`<a href="${sitePath(ctx.root, lang, path)}"${meta.current === key ? raw(' aria-current="page"') : ''}>${label}</a>`;
  return html`<header class="top"><div class="wrap">
<a class="brand" href="${sitePath(ctx.root, lang, '/')}">${logo ? html`<img src="${pictureUrl(logo)}" alt="" width="40" height="40">` : ''}<span>${companyName(ctx)}</span></a>
<nav class="nav" aria-label="${t.menu}">${navItem('home', '/', t.home)}${navItem('products', '/products', t.products)}${navItem('about', '/about', t.about)}${navItem('contact', '/contact', t.contact)}</nav>
<form class="search" role="search" action="${sitePath(ctx.root, lang, '/search')}" method="get"><label class="skip" for="q">${t.search}</label><input id="q" name="q" type="search" placeholder="${t.searchPlaceholder}" maxlength="100"><button type="submit">${t.search}</button></form>
${ctx.site.languages.length > 1 ? html`<div class="lang" aria-label="${t.language}">${ctx.site.languages.map((l) => html`<a href="${sitePath(ctx.root, l, meta.path)}${meta.query ?? ''}" hreflang="${HTML_LANG[l]}" lang="${HTML_LANG[l]}"${l === lang ? raw(' aria-current="true"') : ''}>${siteText(l).langName}</a>`)}</div>` : ''}
</div></header>`;
}

function footer(ctx: SiteContext): Html {
  const { t, company, site, lang } = ctx;
  const social = (
    [
      ['Facebook', site.facebook],
      ['LinkedIn', site.linkedin],
      ['YouTube', site.youtube],
      ['Instagram', site.instagram],
    ] as const
  ).filter(([, href]) => href);
  return html`<footer class="foot"><div class="wrap"><div class="cols">
<div><h2>${companyName(ctx)}</h2><ul>
${company.address ? html`<li>${company.address}</li>` : ''}
${company.phone ? html`<li><a href="tel:${company.phone.replace(/[^+\d]/g, '')}">${company.phone}</a></li>` : ''}
${company.email ? html`<li><a href="mailto:${company.email}">${company.email}</a></li>` : ''}
</ul></div>
<div><h2>${t.products}</h2><ul>${ctx.categories
    .filter((c) => c.parentId === null)
    .slice(0, 6)
    .map(
      (c) => html`<li><a href="${sitePath(ctx.root, lang, categoryPath(c))}">${c.name}</a></li>`,
    )}<li><a href="${sitePath(ctx.root, lang, '/products')}">${t.allProducts}</a></li></ul></div>
<div><h2>${social.length ? t.followUs : t.contactUs}</h2><ul>${social.map(([label, href]) => html`<li><a href="${href}" rel="noopener">${label}</a></li>`)}<li><a href="${sitePath(ctx.root, lang, '/contact')}">${t.sendInquiry}</a></li></ul></div>
</div><p class="legal">© ${new Date().getFullYear()} ${companyName(ctx).replace(/\.$/, '')}. ${t.rights}</p></div></footer>`;
}

export const categoryPath = (c: { id: number; name: string }) => `/category/${c.id}${slugPart(c.name)}`;
export const productPath = (p: { id: number; name: string }) => `/product/${p.id}${slugPart(p.name)}`;
function slugPart(name: string): string {
  const s = slugOfName(name);
  return s ? `-${s}` : '';
}
const FAVICON = (color: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${color}"/></svg>`)}`;

/** A whole page: head with every tag crawlers and link previews read, header, main, footer. */
export function page(ctx: SiteContext, meta: PageMeta, main: Html): string {
  const title = meta.path === '/' ? meta.title : `${meta.title} | ${companyName(ctx)}`;
  const canonical = `${ctx.origin}${sitePath(ctx.root, ctx.lang, meta.path)}${meta.query ?? ''}`;
  const image = meta.ogImage ? `${ctx.origin}${pictureUrl(meta.ogImage.preview.id)}` : '';
  const favicon = ctx.site.favicon_file_id
    ? `/site/favicon?v=${ctx.site.favicon_file_id}`
    : FAVICON(ctx.site.theme_color);
  return html`<!doctype html>
<html lang="${HTML_LANG[ctx.lang]}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<meta name="description" content="${meta.description}">
${meta.noindex ? raw('<meta name="robots" content="noindex">') : html`<link rel="canonical" href="${canonical}">${alternates(ctx, meta)}`}
<meta property="og:type" content="${meta.ogType ?? 'website'}">
<meta property="og:title" content="${meta.title}">
<meta property="og:description" content="${meta.description}">
<meta property="og:url" content="${canonical}">
<meta property="og:site_name" content="${companyName(ctx)}">
<meta property="og:locale" content="${ctx.lang === 'zh' ? 'zh_CN' : 'en_US'}">
${image ? html`<meta property="og:image" content="${image}"><meta property="og:image:width" content="${meta.ogImage!.preview.width}"><meta property="og:image:height" content="${meta.ogImage!.preview.height}">` : ''}
<meta name="theme-color" content="${ctx.site.theme_color}">
<link rel="icon" href="${favicon}">
<link rel="stylesheet" href="${SITE_CSS_PATH}">
<style>${raw(ctx.themeCss)}</style>
${meta.structured ? jsonLd(meta.structured) : ''}
</head><body><a class="skip" href="#main">${ctx.t.skip}</a>
${header(ctx, meta)}
<main id="main">${main}</main>
${footer(ctx)}
</body></html>`.toString();
}
