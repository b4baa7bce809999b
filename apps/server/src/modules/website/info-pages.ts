import { type FormErrors, type FormValues, inquiryForm } from './form';
import { type Html, html, paragraphs } from './html';
import { companyName, page, type SiteContext, sitePath } from './layout';
import { fill } from './texts';

function contactList(ctx: SiteContext): Html {
  const { t, company } = ctx;
  return html`<ul class="contact-list">
${company.address ? html`<li><b>${t.address}</b>${company.address}</li>` : ''}
${company.phone ? html`<li><b>${t.phone.replace(/[（(].*$/, '').trim()}</b><a href="tel:${company.phone.replace(/[^+\d]/g, '')}">${company.phone}</a></li>` : ''}
${company.email ? html`<li><b>${t.email}</b><a href="mailto:${company.email}">${company.email}</a></li>` : ''}
</ul>`;
}

export function aboutPage(ctx: SiteContext): string {
  const { t } = ctx;
  const text =
    (ctx.lang === 'zh' && ctx.site.about_zh) ||
    ctx.site.about ||
    (ctx.lang === 'zh' && ctx.site.intro_zh) ||
    ctx.site.intro ||
    t.welcome;
  const main = html`<section class="section"><div class="wrap split"><div><h1>${t.about}</h1>${paragraphs(text)}</div><div><h2>${t.contactUs}</h2>${contactList(ctx)}<a class="btn" href="${sitePath(ctx.root, ctx.lang, '/contact')}">${t.sendInquiry}</a></div></div></section>`;
  return page(
    ctx,
    {
      title: t.about,
      description: text.replace(/\s+/g, ' ').slice(0, 160),
      path: '/about',
      current: 'about',
    },
    main,
  );
}

export function contactPage(
  ctx: SiteContext,
  form: { values?: FormValues; errors?: FormErrors; stamp: string },
): string {
  const { t } = ctx;
  const main = html`<section class="section"><div class="wrap split"><div><h1>${t.contactUs}</h1><p>${t.inquiryLead}</p>${contactList(ctx)}</div>${inquiryForm(ctx, form)}</div></section>`;
  return page(
    ctx,
    {
      title: t.contactUs,
      description: `${t.contactUs} – ${companyName(ctx)}. ${t.inquiryLead}`,
      path: '/contact',
      current: 'contact',
    },
    main,
  );
}

export function thanksPage(ctx: SiteContext, email: string): string {
  const { t } = ctx;
  const main = html`<section class="notice"><div class="wrap"><h1>${t.thanksTitle}</h1><p>${fill(t.thanksText, { email })}</p><a class="btn" href="${sitePath(ctx.root, ctx.lang, '/products')}">${t.backToProducts}</a></div></section>`;
  return page(
    ctx,
    { title: t.thanksTitle, description: t.thanksTitle, path: '/inquiry', noindex: true },
    main,
  );
}

/** 404, 410, 429 and the closed form: a short page with a way back. */
export function noticePage(ctx: SiteContext, kind: 'notFound' | 'gone' | 'tooMany' | 'unavailable'): string {
  const { t } = ctx;
  const notices: Record<typeof kind, [string, string]> = {
    notFound: [t.notFoundTitle, t.notFoundText],
    gone: [t.goneTitle, t.goneText],
    tooMany: [t.tooManyTitle, t.tooManyText],
    unavailable: [t.unavailableTitle, t.unavailableText],
  };
  const [title, text] = notices[kind];
  const main = html`<section class="notice"><div class="wrap"><h1>${title}</h1><p>${text}</p>${ctx.company.email ? html`<p><a href="mailto:${ctx.company.email}">${ctx.company.email}</a></p>` : ''}<a class="btn" href="${sitePath(ctx.root, ctx.lang, '/products')}">${t.backToProducts}</a></div></section>`;
  return page(ctx, { title, description: text, path: '/', noindex: true }, main);
}
