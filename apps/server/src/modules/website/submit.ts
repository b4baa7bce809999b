import { type SiteInquiry, type SiteLanguage, siteInquiry } from '@quayside/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sniffMime } from '../../lib/files';
import { cleanFileName } from '../files/service';
import { queueAcknowledgement } from './ack';
import { siteProduct } from './catalogue';
import { type FormErrors, type FormValues, formStamp, MIN_FILL_SECONDS, secondsSinceStamp } from './form';
import { contactPage, thanksPage } from './info-pages';
import { type InquiryAttachment, storeSiteInquiry } from './inquiry';
import { productPath, type SiteContext, sitePath } from './layout';
import { productPage } from './pages';
import { createRateLimit, INQUIRY_LIMIT } from './rate-limit';
import { loadContext, sendNotice, sendPage } from './render';
import type { SiteText } from './texts';

export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
const ATTACHMENT_TYPES = new Set([
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/msword',
  'application/x-cfb',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
]);
const TEXT_FIELDS = new Set([
  'name',
  'email',
  'company',
  'country',
  'phone',
  'message',
  'product_id',
  'website',
  'stamp',
]);

const limiter = createRateLimit(INQUIRY_LIMIT);

type Posted = { fields: Record<string, string>; attachment?: InquiryAttachment; attachmentError?: boolean };

/** The multipart form: its text fields (unknown ones ignored) and at most one attachment within the limits. */
async function readForm(request: FastifyRequest): Promise<Posted> {
  const out: Posted = { fields: {} };
  if (!request.isMultipart()) return out;
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 20, fieldSize: 20_000 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (!part.filename || bytes.length === 0) continue;
        const name = cleanFileName(part.filename);
        const mime = await sniffMime(bytes, name);
        if (ATTACHMENT_TYPES.has(mime)) out.attachment = { bytes, name, mime };
        else out.attachmentError = true;
      } else if (TEXT_FIELDS.has(part.fieldname) && typeof part.value === 'string') {
        out.fields[part.fieldname] = part.value;
      }
    }
  } catch {
    // Over the size limit or a broken upload: the form comes back with the attachment marked.
    out.attachmentError = true;
  }
  return out;
}

function fieldErrors(
  t: SiteText,
  issues: { path: PropertyKey[]; message: string; code: string }[],
): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as keyof FormErrors;
    if (errors[field]) continue;
    errors[field] =
      issue.message === 'email'
        ? t.errEmail
        : issue.message === 'short'
          ? t.errShort
          : issue.message === 'country'
            ? t.errCountry
            : issue.code === 'too_big'
              ? t.errTooLong
              : t.errRequired;
  }
  return errors;
}

/** What the visitor typed, to fill the form again (only strings, never more than the fields allow). */
const typed = (f: Record<string, string>): FormValues => ({
  name: f.name?.slice(0, 100),
  email: f.email?.slice(0, 254),
  company: f.company?.slice(0, 200),
  country: f.country?.slice(0, 2),
  phone: f.phone?.slice(0, 50),
  message: f.message?.slice(0, 5000),
});

/**
 * POST /site/inquiry. Spam stops here, quietly or with a friendly page: the honeypot field (a robot
 * fills it: it is thanked and nothing is stored), a post faster than a person can type, more than the
 * rate limit from one address (429). A person's mistakes bring the form back with what they typed.
 */
export async function handleInquiry(request: FastifyRequest, reply: FastifyReply, lang: SiteLanguage) {
  const app = request.server;
  if (!limiter.take(request.ip)) return sendNotice(request, reply, lang, 'tooMany');
  const posted = await readForm(request);
  const ctx = await loadContext(request, lang);
  const { fields } = posted;
  const productId = Number(fields.product_id);
  const product =
    Number.isInteger(productId) && productId > 0 ? await siteProduct(app.ctx.db, productId) : null;
  if (fields.website) return sendPage(request, reply, ctx, thanksPage(ctx, fields.email ?? ''), 200);

  const parsed = siteInquiry.safeParse({ ...fields, product_id: product?.id });
  const errors: FormErrors = parsed.success ? {} : fieldErrors(ctx.t, parsed.error.issues);
  if (posted.attachmentError) errors.attachment = ctx.t.errAttachment;
  const seconds = secondsSinceStamp(app.ctx.config.secret, fields.stamp);
  if (Object.keys(errors).length === 0 && (seconds === null || seconds < MIN_FILL_SECONDS))
    errors.form = ctx.t.errTooFast;
  if (!parsed.success || Object.keys(errors).length > 0) {
    errors.form ??= ctx.t.formErrors;
    return showFormAgain(request, reply, ctx, product, typed(fields), errors);
  }
  const form: SiteInquiry = parsed.data;
  const stored = await storeSiteInquiry(app.ctx, {
    form,
    product: product
      ? {
          id: product.id,
          name: product.name,
          model: product.model,
          url: `${ctx.origin}${sitePath(ctx.root, 'en', productPath(product))}`,
        }
      : null,
    ip: request.ip,
    attachment: posted.attachment,
    accountId: ctx.site.inquiry_account_id,
  });
  if (!stored) return sendNotice(request, reply, lang, 'unavailable');
  request.log.info({ emailId: stored.emailId, customerId: stored.customerId }, 'website inquiry stored');
  // The buyer's acknowledgement goes through the send queue after the answer: it never holds the
  // thank-you page back nor turns it into an error (a blacklisted sender gets none).
  if (ctx.site.ack_enabled && !stored.trashed) {
    void queueAcknowledgement(app.ctx, {
      site: ctx.site,
      company: ctx.company,
      lang: ctx.lang,
      to: { name: form.name, address: form.email },
      product: product ? { name: product.name } : null,
      inquiry: stored,
    }).catch((err: unknown) => request.log.warn({ err }, 'website acknowledgement not queued'));
  }
  return sendPage(request, reply, ctx, thanksPage(ctx, form.email), 200);
}

function showFormAgain(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: SiteContext,
  product: Awaited<ReturnType<typeof siteProduct>>,
  values: FormValues,
  errors: FormErrors,
) {
  const form = { values, errors, stamp: formStamp(request.server.ctx.config.secret) };
  const body = product ? productPage(ctx, product, form) : contactPage(ctx, form);
  return sendPage(request, reply, ctx, body, 400);
}
