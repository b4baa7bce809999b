import { z } from 'zod';
import {
  currencyFilter,
  documentDiff,
  documentDiffQuery,
  documentPdfQuery,
  documentText,
  documentVersionQuery,
  documentParts as part,
} from './documents';
import { idQuery, idsBody, listQuery, queryId, recordId, sortParam } from './envelope';

export const QUOTATION_STATUSES = ['draft', 'sent', 'accepted', 'rejected', 'expired'] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];
/** Statuses a user sets; `expired` follows from valid_until, `sent` from sending. */
export const QUOTATION_SET_STATUSES = ['draft', 'sent', 'accepted', 'rejected'] as const;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date such as 2026-12-31')
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      message: 'Not a date',
    },
  );

/** The editable content of a quotation: what each version keeps. */
const shape = {
  customer_id: recordId,
  inquiry_email_id: recordId.nullable(),
  ...part.contactInput,
  currency: part.currencyInput,
  ...part.termsInput,
  lead_time: documentText(200),
  valid_until: isoDate.nullable(),
  items: part.linesInput,
  ...part.adjustmentsInput,
  remark: part.remarkInput,
  status: z.enum(QUOTATION_SET_STATUSES),
};

export const quotationCreate = z.object({
  customer_id: shape.customer_id,
  inquiry_email_id: shape.inquiry_email_id.default(null),
  ...part.termsCreate,
  lead_time: shape.lead_time.default(''),
  valid_until: shape.valid_until.default(null),
  items: shape.items.default([]),
  ...part.adjustmentsCreate,
  remark: shape.remark.default(''),
});
export type QuotationCreate = z.infer<typeof quotationCreate>;

/** `version` is the version the edit started from: another save in between answers 409 CONFLICT. */
export const quotationUpdate = z.object(shape).partial().extend(part.editVersion);
export type QuotationUpdate = z.infer<typeof quotationUpdate>;

/** One version's content as stored (whole, so any version renders and diffs on its own). */
export const quotationContent = z.object({
  number: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  inquiry_email_id: z.number().int().nullable(),
  ...part.termsContent,
  lead_time: z.string(),
  valid_until: z.string().nullable(),
  ...part.totalsContent,
  remark: z.string(),
});
export type QuotationContent = z.infer<typeof quotationContent>;
/** Header fields a diff compares (lines are compared line by line). */
export const QUOTATION_DIFF_FIELDS = [
  'customer_name',
  ...part.termsFields,
  'lead_time',
  'valid_until',
  ...part.totalsFields,
  'remark',
] as const;

export const quotation = quotationContent.extend({
  id: z.number().int(),
  status: z.enum(QUOTATION_STATUSES),
  version: z.number().int(),
  ...part.stamps,
  /** The thumbnail (file download URL of its 160 px variant) of each line picture, by picture_file_id. */
  thumb_urls: z.record(z.string(), z.string()),
});
export type Quotation = z.infer<typeof quotation>;

export const quotationListItem = z.object({
  id: z.number().int(),
  number: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  inquiry_email_id: z.number().int().nullable(),
  currency: z.string(),
  total: z.string(),
  status: z.enum(QUOTATION_STATUSES),
  version: z.number().int(),
  valid_until: z.string().nullable(),
  ...part.stamps,
});
export type QuotationListItem = z.infer<typeof quotationListItem>;

/** GET /api/product/usage/: the quotations whose current version has a line with the product. */
export const productUsageQuery = z.object({ id: queryId });
export const productUsage = z.object({ quotations: z.array(quotationListItem) });
export type ProductUsage = z.infer<typeof productUsage>;

export const QUOTATION_SORTS = ['number', 'total', 'valid_until', 'created_at', 'updated_at'] as const;
export const quotationListQuery = listQuery.extend({
  sort: sortParam(QUOTATION_SORTS).optional(),
  status: z
    .string()
    .max(200)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(z.enum(QUOTATION_STATUSES)).max(5))
    .optional(),
  customer_id: queryId.optional(),
  owner_id: queryId.optional(),
  inquiry_email_id: queryId.optional(),
  currency: currencyFilter.optional(),
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
});
export type QuotationListQuery = z.infer<typeof quotationListQuery>;

export const quotationIdQuery = idQuery;
export const quotationIdsBody = idsBody;
export const quotationVersionQuery = documentVersionQuery;
export const quotationDiffQuery = documentDiffQuery;
export const quotationPdfQuery = documentPdfQuery;

export const quotationVersion = part.version.extend({
  /** Emails that carried this version's PDF. */
  email_ids: z.array(z.number().int()),
});
export type QuotationVersion = z.infer<typeof quotationVersion>;

export const quotationDiff = z.object({ ...part.versionPair(quotationContent), diff: documentDiff });
export type QuotationDiff = z.infer<typeof quotationDiff>;

export const quotationRestore = z.object({ id: recordId, version: recordId, from_version: recordId });

export const quotationSend = z.object({
  id: recordId,
  account_id: recordId.optional(),
  to: z.array(z.string().email().max(254)).max(50).optional(),
  subject: documentText(500).optional(),
  html: z.string().max(200_000).optional(),
  lang: z.enum(['en', 'zh']).default('en'),
});
export const quotationSendAnswer = z.object({ email_id: z.number().int() });
