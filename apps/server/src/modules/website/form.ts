import { createHmac, timingSafeEqual } from 'node:crypto';
import { NATION, type SiteLanguage } from '@quayside/contract';
import { type Html, html, raw } from './html';
import { type SiteContext, sitePath } from './layout';

export type FormField = 'name' | 'email' | 'company' | 'country' | 'phone' | 'message' | 'attachment';
/** What the visitor typed (shown again when the form comes back with errors). */
export type FormValues = Partial<Record<Exclude<FormField, 'attachment'>, string>>;
export type FormErrors = Partial<Record<FormField | 'form', string>>;

/** Seconds a person needs at least to fill the form; a faster post is a robot's. */
export const MIN_FILL_SECONDS = 3;

/** When the form was shown, signed: a robot cannot post an older time than the real one. */
export function formStamp(secret: string, at = Date.now()): string {
  const mac = createHmac('sha256', secret).update(`site-form:${at}`).digest('base64url').slice(0, 22);
  return `${at}.${mac}`;
}

/** Seconds since the signed stamp was made; null for a stamp that is missing or forged. */
export function secondsSinceStamp(
  secret: string,
  stamp: string | undefined,
  now = Date.now(),
): number | null {
  const [at, mac] = (stamp ?? '').split('.');
  if (!at || !mac || !/^\d{1,15}$/.test(at)) return null;
  const expected = formStamp(secret, Number(at)).split('.')[1]!;
  const a = Buffer.from(mac);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
  return (now - Number(at)) / 1000;
}

/** The country choices in each language's alphabetical order, sorted once (a collator per page is slow). */
const COUNTRIES: Record<SiteLanguage, { code: string; label: string }[]> = {
  en: sortedCountries('en'),
  zh: sortedCountries('zh'),
};
function sortedCountries(lang: SiteLanguage) {
  const collator = new Intl.Collator(lang);
  return NATION.filter((n) => n.code !== '')
    .map((n) => ({ code: n.code, label: n[lang] }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

type FormInput = {
  product?: { id: number; name: string } | null;
  values?: FormValues;
  errors?: FormErrors;
  stamp: string;
};

function field(id: FormField, label: string, control: Html, errors: FormErrors): Html {
  const err = errors[id];
  return html`<div class="field${err ? ' bad' : ''}"><label for="f-${id}">${label}</label>${control}${err ? html`<p class="err" id="e-${id}">${err}</p>` : ''}</div>`;
}

const invalidAttrs = (errors: FormErrors, id: FormField) =>
  errors[id] ? raw(` aria-invalid="true" aria-describedby="e-${id}"`) : '';

/** The inquiry form: works without script; the server checks every field and shows errors beside them. */
export function inquiryForm(ctx: SiteContext, input: FormInput): Html {
  const { t, lang } = ctx;
  const v = input.values ?? {};
  const e = input.errors ?? {};
  const countries = COUNTRIES[lang];
  const text = (id: Exclude<FormField, 'attachment' | 'country' | 'message'>, type: string, extra: string) =>
    html`<input id="f-${id}" name="${id}" type="${type}" value="${v[id] ?? ''}"${raw(extra)}${invalidAttrs(e, id)}>`;
  return html`<form class="form" id="inquiry" method="post" action="${sitePath(ctx.root, lang, '/inquiry')}" enctype="multipart/form-data">
<h2>${t.inquiryTitle}</h2>
${input.product ? html`<p class="meta">${t.inquiryAbout.replace('{product}', input.product.name)}</p><input type="hidden" name="product_id" value="${input.product.id}">` : html`<p class="meta">${t.inquiryLead}</p>`}
${e.form ? html`<div class="alert" role="alert">${e.form}</div>` : ''}
<div class="row">${field('name', t.name, text('name', 'text', ' required maxlength="100" autocomplete="name"'), e)}${field('email', t.email, text('email', 'email', ' required maxlength="254" autocomplete="email"'), e)}</div>
<div class="row">${field('company', t.company, text('company', 'text', ' maxlength="200" autocomplete="organization"'), e)}${field(
    'country',
    t.country,
    html`<select id="f-country" name="country" required autocomplete="country"${invalidAttrs(e, 'country')}><option value="">${t.chooseCountry}</option>${countries.map(
      (c) =>
        html`<option value="${c.code}"${v.country === c.code ? raw(' selected') : ''}>${c.label}</option>`,
    )}</select>`,
    e,
  )}</div>
${field('phone', t.phone, text('phone', 'tel', ' maxlength="50" autocomplete="tel"'), e)}
${field('message', t.message, html`<textarea id="f-message" name="message" required minlength="10" maxlength="5000"${invalidAttrs(e, 'message')}>${v.message ?? ''}</textarea>`, e)}
${field('attachment', t.attachment, html`<input id="f-attachment" name="attachment" type="file" accept=".pdf,.jpg,.jpeg,.png,.webp,.doc,.docx,.xls,.xlsx"${invalidAttrs(e, 'attachment')}>`, e)}
<div class="hp" aria-hidden="true"><label for="f-website">${t.honeypot}</label><input id="f-website" name="website" type="text" tabindex="-1" autocomplete="off"></div>
<input type="hidden" name="stamp" value="${input.stamp}">
<button class="btn" type="submit">${t.submit}</button>
</form>`;
}
