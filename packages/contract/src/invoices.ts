import { z } from 'zod';
import {
  currencyFilter,
  documentDiff,
  documentDiffQuery,
  documentPdfQuery,
  documentVersionQuery,
  documentParts as part,
} from './documents';
import { calendarDate, idQuery, idsBody, listQuery, queryId, recordId, sortParam } from './envelope';
import { INVOICE_KIND } from './lookups';
import { bankDetails } from './settings';

/**
 * Proforma and commercial invoices, made from an order: its lines copied (and editable), the bank
 * details of the company settings as they were when issued, the amount in words. Like quotations and
 * orders every save appends a version, so what was issued is never lost.
 */
export const INVOICE_KINDS = INVOICE_KIND.map((k) => k.id) as ['proforma', 'commercial'];
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** POST /api/invoice/create_from_order/: the order's current version, same lines, same total. */
export const invoiceFromOrder = z.object({
  order_id: recordId,
  kind: z.enum(INVOICE_KINDS),
  /** Today (UTC) when not given. */
  issue_date: calendarDate.optional(),
  due_date: calendarDate.nullable().default(null),
});
export type InvoiceFromOrder = z.infer<typeof invoiceFromOrder>;

/** What an edit may change; `version` is the version the edit started from (409 when another save came in between). */
export const invoiceUpdate = z
  .object({
    ...part.contactInput,
    ...part.termsInput,
    issue_date: calendarDate,
    due_date: calendarDate.nullable(),
    items: part.linesInput.min(1),
    ...part.adjustmentsInput,
    bank: bankDetails,
    remark: part.remarkInput,
  })
  .partial()
  .extend(part.editVersion);
export type InvoiceUpdate = z.infer<typeof invoiceUpdate>;

/** One version's content as stored (whole: any version prints and diffs on its own). */
export const invoiceContent = z.object({
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  order_id: z.number().int(),
  order_number: z.string(),
  order_version: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  ...part.termsContent,
  issue_date: z.string(),
  due_date: z.string().nullable(),
  ...part.totalsContent,
  /** "SAY US DOLLARS … ONLY", from the total when the version was saved. */
  amount_in_words: z.string(),
  bank: bankDetails,
  remark: z.string(),
});
export type InvoiceContent = z.infer<typeof invoiceContent>;

export const INVOICE_DIFF_FIELDS = [
  'contact_name',
  'contact_email',
  'trade_term',
  'port_of_loading',
  'port_of_destination',
  'payment_terms',
  'issue_date',
  'due_date',
  ...part.totalsFields,
  'bank_text',
  'remark',
] as const;

export const invoice = invoiceContent.extend({
  id: z.number().int(),
  version: z.number().int(),
  ...part.stamps,
});
export type Invoice = z.infer<typeof invoice>;

export const invoiceListItem = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  order_id: z.number().int(),
  order_number: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  currency: z.string(),
  total: z.string(),
  issue_date: z.string(),
  due_date: z.string().nullable(),
  version: z.number().int(),
  ...part.stamps,
});
export type InvoiceListItem = z.infer<typeof invoiceListItem>;

export const INVOICE_SORTS = [
  'number',
  'total',
  'issue_date',
  'due_date',
  'created_at',
  'updated_at',
] as const;
export const invoiceListQuery = listQuery.extend({
  sort: sortParam(INVOICE_SORTS).optional(),
  kind: z.enum(INVOICE_KINDS).optional(),
  customer_id: queryId.optional(),
  order_id: queryId.optional(),
  currency: currencyFilter.optional(),
  /** Issued on or after / on or before. */
  date_from: calendarDate.optional(),
  date_to: calendarDate.optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

export const invoiceIdQuery = idQuery;
export const invoiceIdsBody = idsBody;
export const invoiceVersionQuery = documentVersionQuery;
export const invoiceDiffQuery = documentDiffQuery;
export const invoicePdfQuery = documentPdfQuery;

export const invoiceVersion = part.version;
export type InvoiceVersion = z.infer<typeof invoiceVersion>;

export const invoiceDiff = z.object({ ...part.versionPair(invoiceContent), diff: documentDiff });
export type InvoiceDiff = z.infer<typeof invoiceDiff>;
