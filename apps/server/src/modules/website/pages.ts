import { formatMoney, UNITS } from '@quayside/contract';
import type { ProductCard, SiteCategory, SitePicture, SiteProduct } from './catalogue';
import { type FormErrors, type FormValues, inquiryForm } from './form';
import { type Html, html, paragraphs, raw } from './html';
import {
  categoryPath,
  companyName,
  page,
  pictureUrl,
  productPath,
  type SiteContext,
  sitePath,
} from './layout';
import { fill } from './texts';

export const PAGE_SIZE = 24;
/** Cards in the first rows load at once; the rest when scrolled near (below the fold on any screen). */
const EAGER_CARDS = 4;

const clip = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
};

function srcset(p: SitePicture, large: boolean): string {
  const list = large ? [p.preview, p.image] : [p.thumb, p.preview];
  return list.map((v) => `${pictureUrl(v.id)} ${v.width}w`).join(', ');
}

function cardPicture(p: SitePicture | null, alt: string, eager: boolean, ctx: SiteContext): Html {
  if (!p) return html`<span class="meta">${ctx.t.noPicture}</span>`;
  return html`<img src="${pictureUrl(p.preview.id)}" srcset="${srcset(p, false)}" sizes="(max-width:800px) 50vw, 280px" width="${p.preview.width}" height="${p.preview.height}" alt="${alt}"${raw(eager ? '' : ' loading="lazy"')} decoding="async">`;
}

function unitLabel(ctx: SiteContext, unit: string): string {
  const u = UNITS.find((x) => x.id === unit);
  return u ? u[ctx.lang] : unit;
}

function moqText(ctx: SiteContext, moq: string | null, unit: string): string {
  return moq
    ? `${formatMoney(moq, 'XXX')
        .replace(/^XXX /, '')
        .replace(/\.?0+$/, '')} ${unitLabel(ctx, unit)}`
    : '';
}

function priceText(ctx: SiteContext, price: string | null, currency: string): string {
  return ctx.site.show_prices && price ? formatMoney(price, currency) : '';
}

function grid(ctx: SiteContext, cards: ProductCard[]): Html {
  return html`<ul class="grid">${cards.map((c, i) => {
    const moq = moqText(ctx, c.moq, c.unit);
    const price = priceText(ctx, c.price, c.currency);
    return html`<li class="card"><a href="${sitePath(ctx.root, ctx.lang, productPath(c))}"><div class="pic">${cardPicture(c.cover, c.name, i < EAGER_CARDS, ctx)}</div><div class="body"><h3>${c.name}</h3>${c.model ? html`<p class="meta">${ctx.t.model}: ${c.model}</p>` : ''}${moq ? html`<p class="meta">${ctx.t.moq}: ${moq}</p>` : ''}${price ? html`<p class="meta"><b>${price}</b></p>` : ''}</div></a></li>`;
  })}</ul>`;
}

function categoryList(ctx: SiteContext, categories: SiteCategory[]): Html {
  return html`<ul class="cats">${categories.map(
    (c) =>
      html`<li><a href="${sitePath(ctx.root, ctx.lang, categoryPath(c))}">${c.name} <span>${c.count}</span></a></li>`,
  )}</ul>`;
}

function crumbs(ctx: SiteContext, items: { label: string; path?: string }[]): Html {
  return html`<nav class="crumbs wrap" aria-label="Breadcrumb"><ol><li><a href="${sitePath(ctx.root, ctx.lang, '/')}">${ctx.t.home}</a></li>${items.map(
    (i) =>
      html`<li>${i.path ? html`<a href="${sitePath(ctx.root, ctx.lang, i.path)}">${i.label}</a>` : html`<span aria-current="page">${i.label}</span>`}</li>`,
  )}</ol></nav>`;
}

function pager(ctx: SiteContext, path: string, pageNo: number, total: number, extraQuery = ''): Html {
  const pages = Math.ceil(total / PAGE_SIZE);
  if (pages <= 1) return html``;
  const href = (n: number) =>
    `${sitePath(ctx.root, ctx.lang, path)}${n > 1 || extraQuery ? `?${[extraQuery, n > 1 ? `page=${n}` : ''].filter(Boolean).join('&')}` : ''}`;
  return html`<nav class="pager" aria-label="${fill(ctx.t.page, { n: pageNo })}">${pageNo > 1 ? html`<a href="${href(pageNo - 1)}" rel="prev">${ctx.t.previous}</a>` : ''}<span>${fill(ctx.t.page, { n: pageNo })} / ${pages}</span>${pageNo < pages ? html`<a href="${href(pageNo + 1)}" rel="next">${ctx.t.next}</a>` : ''}</nav>`;
}

const intro = (ctx: SiteContext) => (ctx.lang === 'zh' && ctx.site.intro_zh) || ctx.site.intro;

function organization(ctx: SiteContext) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: companyName(ctx),
    url: `${ctx.origin}${sitePath(ctx.root, ctx.lang, '/')}`,
    ...(ctx.company.logo_file_id ? { logo: `${ctx.origin}${pictureUrl(ctx.company.logo_file_id)}` } : {}),
    ...(ctx.company.email ? { email: ctx.company.email } : {}),
    ...(ctx.company.phone ? { telephone: ctx.company.phone } : {}),
    ...(ctx.company.address ? { address: ctx.company.address } : {}),
  };
}

export function homePage(ctx: SiteContext, featured: ProductCard[], latest: ProductCard[]): string {
  const { t, lang } = ctx;
  const text = intro(ctx) || t.welcome;
  const tops = ctx.categories.filter((c) => c.parentId === null);
  const main = html`<section class="hero"><div class="wrap"><h1>${companyName(ctx)}</h1>${paragraphs(text)}<div class="actions"><a class="btn" href="${sitePath(ctx.root, lang, '/products')}">${t.browse}</a><a class="btn ghost" href="${sitePath(ctx.root, lang, '/contact')}">${t.sendInquiry}</a></div></div></section>
${tops.length ? html`<section class="section alt"><div class="wrap"><h2>${t.categories}</h2>${categoryList(ctx, tops)}</div></section>` : ''}
<section class="section"><div class="wrap"><div class="head"><h2>${featured.length ? t.featured : t.latest}</h2><a href="${sitePath(ctx.root, lang, '/products')}">${t.viewAll}</a></div>${grid(ctx, featured.length ? featured : latest)}</div></section>
<section class="section alt"><div class="wrap"><h2>${t.whyUs}</h2><p>${t.whyUsText}</p><a class="btn" href="${sitePath(ctx.root, lang, '/contact')}">${t.sendInquiry}</a></div></section>`;
  return page(
    ctx,
    {
      title: companyName(ctx),
      description: clip(text, 160),
      path: '/',
      current: 'home',
      structured: organization(ctx),
    },
    main,
  );
}

export function listPage(
  ctx: SiteContext,
  input: { category: SiteCategory | null; cards: ProductCard[]; total: number; page: number },
): string {
  const { t } = ctx;
  const path = input.category ? categoryPath(input.category) : '/products';
  const title = input.category ? input.category.name : t.allProducts;
  const children = input.category
    ? ctx.categories.filter((c) => c.parentId === input.category!.id)
    : ctx.categories.filter((c) => c.parentId === null);
  const parent = input.category?.parentId
    ? ctx.categories.find((c) => c.id === input.category!.parentId)
    : undefined;
  const main = html`${crumbs(ctx, [
    ...(input.category ? [{ label: t.products, path: '/products' }] : []),
    ...(parent ? [{ label: parent.name, path: categoryPath(parent) }] : []),
    { label: title },
  ])}<section class="section"><div class="wrap"><div class="head"><h1>${title}</h1><p class="meta">${fill(t.productsCount, { n: input.total })}</p></div>
${children.length ? html`<div class="sub">${categoryList(ctx, children)}</div>` : ''}
${grid(ctx, input.cards)}${pager(ctx, path, input.page, input.total)}</div></section>`;
  const description = `${title} – ${fill(t.productsCount, { n: input.total })} · ${companyName(ctx)}`;
  return page(
    ctx,
    { title, description, path, query: input.page > 1 ? `?page=${input.page}` : '', current: 'products' },
    main,
  );
}

export function searchPage(
  ctx: SiteContext,
  q: string,
  cards: ProductCard[],
  total: number,
  pageNo: number,
): string {
  const { t } = ctx;
  const title = q ? fill(t.searchResults, { q }) : t.search;
  const main = html`${crumbs(ctx, [{ label: t.search }])}<section class="section"><div class="wrap"><h1>${title}</h1>
${
  !q
    ? html`<p>${t.searchPrompt}</p>`
    : cards.length
      ? html`<p class="meta">${fill(t.productsCount, { n: total })}</p>${grid(ctx, cards)}${pager(ctx, '/search', pageNo, total, `q=${encodeURIComponent(q)}`)}`
      : html`<p>${fill(t.searchEmpty, { q })}</p>${categoryList(
          ctx,
          ctx.categories.filter((c) => c.parentId === null),
        )}`
}
</div></section>`;
  return page(ctx, { title, description: title, path: '/search', noindex: true, current: 'products' }, main);
}

function gallery(ctx: SiteContext, p: SiteProduct): Html {
  const [first, ...rest] = p.pictures;
  if (!first)
    return html`<div class="gallery"><div class="main"><span class="meta">${ctx.t.noPicture}</span></div></div>`;
  return html`<div class="gallery"><div class="main"><a href="${pictureUrl(first.image.id)}"><img src="${pictureUrl(first.preview.id)}" srcset="${srcset(first, true)}" sizes="(max-width:800px) 100vw, 600px" width="${first.preview.width}" height="${first.preview.height}" alt="${p.name}" fetchpriority="high"></a></div>
${
  rest.length
    ? html`<ul class="thumbs">${p.pictures.map(
        (pic, i) =>
          html`<li><a href="${pictureUrl(pic.image.id)}" title="${fill(ctx.t.fullPicture, { n: i + 1 })}"><img src="${pictureUrl(pic.thumb.id)}" width="${pic.thumb.width}" height="${pic.thumb.height}" alt="${p.name} ${i + 1}" loading="lazy" decoding="async"></a></li>`,
      )}</ul>`
    : ''
}</div>`;
}

function productSchema(ctx: SiteContext, p: SiteProduct, url: string) {
  const price = ctx.site.show_prices && p.price;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    url,
    ...(p.model ? { sku: p.model, mpn: p.model } : {}),
    ...(p.advantage ? { description: clip(p.advantage, 500) } : {}),
    ...(p.pictures.length
      ? { image: p.pictures.map((pic) => `${ctx.origin}${pictureUrl(pic.image.id)}`) }
      : {}),
    ...(p.category ? { category: p.category.name } : {}),
    brand: { '@type': 'Brand', name: companyName(ctx) },
    ...(price
      ? {
          offers: {
            '@type': 'Offer',
            price: p.price,
            priceCurrency: p.currency,
            availability: 'https://schema.org/InStock',
            url,
            ...(p.moq ? { eligibleQuantity: { '@type': 'QuantitativeValue', minValue: p.moq } } : {}),
          },
        }
      : {}),
  };
}

export function productPage(
  ctx: SiteContext,
  p: SiteProduct,
  form: { values?: FormValues; errors?: FormErrors; stamp: string },
): string {
  const { t } = ctx;
  const path = productPath(p);
  const moq = moqText(ctx, p.moq, p.unit);
  const price = priceText(ctx, p.price, p.currency);
  const category = p.category ? ctx.categories.find((c) => c.id === p.category!.id) : undefined;
  const description = clip(
    [p.name, p.model && `${t.model} ${p.model}`, moq && `${t.moq} ${moq}`, p.advantage]
      .filter(Boolean)
      .join(' · '),
    160,
  );
  const main = html`${crumbs(ctx, [
    { label: t.products, path: '/products' },
    ...(category ? [{ label: category.name, path: categoryPath(category) }] : []),
    { label: p.name },
  ])}<div class="wrap"><div class="product">${gallery(ctx, p)}<div>
<h1>${p.name}</h1>
<dl class="facts">${p.model ? html`<dt>${t.model}</dt><dd>${p.model}</dd>` : ''}${moq ? html`<dt>${t.moq}</dt><dd>${moq}</dd>` : ''}${p.category ? html`<dt>${t.category}</dt><dd>${p.category.name}</dd>` : ''}<dt>${t.price}</dt><dd>${price ? html`<span class="price">${price}</span>` : t.priceOnRequest}</dd></dl>
<a class="btn" href="#inquiry">${t.sendInquiry}</a>
</div></div>
<div class="below"><div>
${p.advantage ? html`<h2>${t.advantages}</h2>${paragraphs(p.advantage)}` : ''}
${p.techParams.length ? html`<h2>${t.techParams}</h2><table><tbody>${p.techParams.map((r) => html`<tr><th scope="row">${r.key}</th><td>${r.value}</td></tr>`)}</tbody></table>` : ''}
${p.packaging ? html`<h2>${t.packaging}</h2>${paragraphs(p.packaging)}` : ''}
</div>
${inquiryForm(ctx, { product: p, ...form })}</div></div>`;
  const url = `${ctx.origin}${sitePath(ctx.root, ctx.lang, path)}`;
  return page(
    ctx,
    {
      title: p.model ? `${p.name} (${p.model})` : p.name,
      description,
      path,
      ogType: 'product',
      ogImage: p.pictures[0] ?? null,
      structured: productSchema(ctx, p, url),
      current: 'products',
    },
    main,
  );
}
