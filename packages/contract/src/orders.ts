import { z } from 'zod';
import { priceString } from './decimal-schemas';
import {
  currencyFilter,
  documentDiff,
  documentDiffQuery,
  documentPdfQuery,
  documentText,
  documentVersionQuery,
  documentParts as part,
} from './documents';
import {
  calendarDate,
  commaList,
  idQuery,
  idsBody,
  listQuery,
  queryId,
  recordId,
  sortParam,
} from './envelope';
import { ORDER_STATUS } from './lookups';

/**
 * Orders (spec §2, §3): made from a won quotation or from scratch; like quotations each save appends
 * a version of the whole content, and payments and status changes are kept beside it with who/when.
 */
export const ORDER_STATUSES = ORDER_STATUS.map((s) => s.id) as ['in_progress', 'done'];
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The editable content of an order: what each version keeps. */
const shape = {
  name: documentText(200),
  customer_id: recordId,
  ...part.contactInput,
  currency: part.currencyInput,
  ...part.termsInput,
  delivery_date: calendarDate.nullable(),
  items: part.linesInput,
  ...part.adjustmentsInput,
  remark: part.remarkInput,
};

export const orderCreate = z.object({
  name: shape.name.default(''),
  customer_id: shape.customer_id,
  ...part.termsCreate,
  delivery_date: shape.delivery_date.default(null),
  items: shape.items.min(1, 'Add at least one line'),
  ...part.adjustmentsCreate,
  remark: shape.remark.default(''),
});
export type OrderCreate = z.infer<typeof orderCreate>;

/** `version` is the version the edit started from: another save in between answers 409 CONFLICT. */
export const orderUpdate = z
  .object({ ...shape, items: shape.items.min(1, 'Add at least one line') })
  .partial()
  .extend(part.editVersion);
export type OrderUpdate = z.infer<typeof orderUpdate>;

/** POST /api/order/create_from_quotation/: the quotation's current version, same lines, same total. */
export const orderFromQuotation = z.object({ quotation_id: recordId });

/** One version's content as stored (whole, so any version renders and diffs on its own). */
export const orderContent = z.object({
  number: z.string(),
  name: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  quotation_id: z.number().int().nullable(),
  quotation_number: z.string().nullable(),
  quotation_version: z.number().int().nullable(),
  ...part.termsContent,
  delivery_date: z.string().nullable(),
  ...part.totalsContent,
  remark: z.string(),
});
export type OrderContent = z.infer<typeof orderContent>;
/** Header fields a diff compares (lines are compared line by line). */
export const ORDER_DIFF_FIELDS = [
  'name',
  'customer_name',
  ...part.termsFields,
  'delivery_date',
  ...part.totalsFields,
  'remark',
] as const;

export const orderPayment = z.object({
  id: z.number().int(),
  date: z.string(),
  amount: z.string(),
  remark: z.string(),
  created_by: z.number().int().nullable(),
  created_by_name: z.string(),
  created_at: z.string(),
});
export type OrderPayment = z.infer<typeof orderPayment>;

export const orderStatusChange = z.object({
  status: z.enum(ORDER_STATUSES),
  changed_by: z.number().int().nullable(),
  changed_by_name: z.string(),
  changed_at: z.string(),
});
export type OrderStatusChange = z.infer<typeof orderStatusChange>;

/** An invoice or packing list made from the order (ids and numbers, for links). */
export const orderLinkedDocument = z.object({
  id: z.number().int(),
  number: z.string(),
  /** proforma / commercial for an invoice; null for a packing list. */
  kind: z.string().nullable(),
  created_at: z.string(),
});
export type OrderLinkedDocument = z.infer<typeof orderLinkedDocument>;

export const order = orderContent.extend({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  version: z.number().int(),
  owner_id: z.number().int().nullable(),
  owner_name: z.string(),
  /** Σ payments, and total − paid (negative when overpaid), in the currency's places. */
  paid: z.string(),
  balance: z.string(),
  payments: z.array(orderPayment),
  status_changes: z.array(orderStatusChange),
  invoices: z.array(orderLinkedDocument),
  packing_lists: z.array(orderLinkedDocument),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Order = z.infer<typeof order>;

export const orderListItem = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  quotation_id: z.number().int().nullable(),
  quotation_version: z.number().int().nullable(),
  currency: z.string(),
  total: z.string(),
  paid: z.string(),
  balance: z.string(),
  status: z.enum(ORDER_STATUSES),
  version: z.number().int(),
  delivery_date: z.string().nullable(),
  ...part.stamps,
});
export type OrderListItem = z.infer<typeof orderListItem>;

/** Totals of the whole filtered list (every page), one row per currency. */
export const orderCurrencyTotal = z.object({
  currency: z.string(),
  count: z.number().int(),
  total: z.string(),
  paid: z.string(),
  balance: z.string(),
});
export type OrderCurrencyTotal = z.infer<typeof orderCurrencyTotal>;

export const orderListAnswer = z.object({
  items: z.array(orderListItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  totals: z.array(orderCurrencyTotal),
});
export type OrderListAnswer = z.infer<typeof orderListAnswer>;

export const ORDER_SORTS = ['number', 'total', 'delivery_date', 'created_at', 'updated_at'] as const;
export const orderListQuery = listQuery.extend({
  sort: sortParam(ORDER_SORTS).optional(),
  status: commaList(ORDER_STATUSES, 2).optional(),
  customer_id: queryId.optional(),
  owner_id: queryId.optional(),
  quotation_id: queryId.optional(),
  currency: currencyFilter.optional(),
  /** Created on or after / on or before (UTC days). */
  date_from: calendarDate.optional(),
  date_to: calendarDate.optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const orderIdQuery = idQuery;
export const orderIdsBody = idsBody;
export const orderVersionQuery = documentVersionQuery;
export const orderDiffQuery = documentDiffQuery;
export const orderPdfQuery = documentPdfQuery;

/** POST /api/order/set_status/: who and when are the server's. */
export const orderStatusSet = z.object({ id: recordId, status: z.enum(ORDER_STATUSES) });

/** POST /api/order/add_payment/: a payment received (amount > 0, at most the currency's places). */
export const orderPaymentCreate = z.object({
  order_id: recordId,
  date: calendarDate,
  amount: priceString.refine((v) => v !== '0', { message: 'Enter an amount above 0' }),
  remark: documentText(500).default(''),
});
export type OrderPaymentCreate = z.infer<typeof orderPaymentCreate>;
/** POST /api/order/delete_payment/ */
export const orderPaymentDelete = z.object({ order_id: recordId, payment_id: recordId });

export const orderVersion = part.version;
export type OrderVersion = z.infer<typeof orderVersion>;

export const orderDiff = z.object({ ...part.versionPair(orderContent), diff: documentDiff });
export type OrderDiff = z.infer<typeof orderDiff>;
