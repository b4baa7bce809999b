import { z } from 'zod';
import { quantityString } from './decimal-schemas';
import {
  diffFields,
  diffLines,
  documentDiffQuery,
  documentPdfQuery,
  documentText,
  documentVersionQuery,
  MAX_LINE_ITEMS,
  documentParts as part,
} from './documents';
import { calendarDate, listQuery, queryId, recordId, sortParam } from './envelope';
import { UNITS } from './lookups';

/**
 * Packing lists: made from an order (optionally tied to one of its invoices); per line cartons,
 * quantity per carton, quantity, weights per carton (kg) and carton dimensions (cm). The server
 * computes each line's CBM and weight totals and the document's totals; figures a client sends for
 * them are ignored. Like quotations, each save appends a version of the whole content.
 */

const unitIds = UNITS.map((u) => u.id) as [string, ...string[]];

/** A whole number of cartons ("12"); a part carton is still a carton. */
export const cartonCount = z
  .string()
  .max(40)
  .transform((text, ctx) => {
    const trimmed = text.trim();
    if (!/^\d{1,9}$/.test(trimmed)) {
      ctx.addIssue({ code: 'custom', message: 'Enter a whole number of cartons' });
      return z.NEVER;
    }
    return String(Number(trimmed));
  });

/** A line as the client sends it (cbm and the weight totals are the server's). */
export const packingLineInput = z
  .object({
    product_id: recordId.nullable().default(null),
    /** Index of the order line this packs (0-based), or null for a line of its own. */
    order_line: z.number().int().min(0).max(MAX_LINE_ITEMS).nullable().default(null),
    description: documentText(2000).default(''),
    model: documentText(100).default(''),
    unit: z.enum(unitIds).default('pcs'),
    cartons: cartonCount,
    qty_per_carton: quantityString.default('0'),
    quantity: quantityString,
    net_weight: quantityString.default('0'),
    gross_weight: quantityString.default('0'),
    length_cm: quantityString.default('0'),
    width_cm: quantityString.default('0'),
    height_cm: quantityString.default('0'),
  })
  .refine((line) => line.description !== '' || line.model !== '', {
    message: 'Enter a description',
    path: ['description'],
  });
export type PackingLineInput = z.infer<typeof packingLineInput>;

export const packingWarningsSchema = z.object({
  order_quantity: z.boolean(),
  carton_quantity: z.boolean(),
});

export const packingLine = z.object({
  product_id: z.number().int().nullable(),
  order_line: z.number().int().nullable(),
  description: z.string(),
  model: z.string(),
  unit: z.string(),
  cartons: z.string(),
  qty_per_carton: z.string(),
  quantity: z.string(),
  net_weight: z.string(),
  gross_weight: z.string(),
  length_cm: z.string(),
  width_cm: z.string(),
  height_cm: z.string(),
  /** The line's volume, m³, 3 places. */
  cbm: z.string(),
  total_net_weight: z.string(),
  total_gross_weight: z.string(),
  /** The order line's quantity when the line was saved (null: packs no order line). */
  order_quantity: z.string().nullable(),
  warnings: packingWarningsSchema,
});
export type PackingLine = z.infer<typeof packingLine>;

/** The editable header of a packing list. */
const shape = {
  invoice_id: recordId.nullable(),
  issue_date: calendarDate,
  shipping_marks: documentText(2000),
  container_number: documentText(100),
  seal_number: documentText(100),
  port_of_loading: documentText(200),
  port_of_destination: documentText(200),
  remark: documentText(5000),
  items: z.array(packingLineInput).max(MAX_LINE_ITEMS),
};

/** POST /api/packing_list/create_from_order/: the order's lines, carton figures from the products. */
export const packingListFromOrder = z.object({
  order_id: recordId,
  invoice_id: recordId.nullable().default(null),
});

/** `version` is the version the edit started from: another save in between answers 409 CONFLICT. */
export const packingListUpdate = z.object(shape).partial().extend(part.editVersion);
export type PackingListUpdate = z.infer<typeof packingListUpdate>;

/** One version's content as stored (whole, so any version renders and diffs on its own). */
export const packingListContent = z.object({
  number: z.string(),
  order_id: z.number().int(),
  order_number: z.string(),
  invoice_id: z.number().int().nullable(),
  invoice_number: z.string().nullable(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  issue_date: z.string(),
  shipping_marks: z.string(),
  container_number: z.string(),
  seal_number: z.string(),
  port_of_loading: z.string(),
  port_of_destination: z.string(),
  remark: z.string(),
  items: z.array(packingLine),
  total_cartons: z.string(),
  total_quantity: z.string(),
  total_net_weight: z.string(),
  total_gross_weight: z.string(),
  total_cbm: z.string(),
});
export type PackingListContent = z.infer<typeof packingListContent>;

/** Header fields a diff compares (lines are compared line by line). */
export const PACKING_LIST_DIFF_FIELDS = [
  'invoice_number',
  'issue_date',
  'shipping_marks',
  'container_number',
  'seal_number',
  'port_of_loading',
  'port_of_destination',
  'remark',
  'total_cartons',
  'total_quantity',
  'total_net_weight',
  'total_gross_weight',
  'total_cbm',
] as const;
export const PACKING_LINE_DIFF_FIELDS = [
  'description',
  'model',
  'unit',
  'cartons',
  'qty_per_carton',
  'quantity',
  'net_weight',
  'gross_weight',
  'length_cm',
  'width_cm',
  'height_cm',
  'cbm',
] as const;

export const packingList = packingListContent.extend({
  id: z.number().int(),
  version: z.number().int(),
  owner_id: z.number().int().nullable(),
  owner_name: z.string(),
  /** Lines with a warning, for the header of the screen. */
  warning_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PackingList = z.infer<typeof packingList>;

export const packingListItem = z.object({
  id: z.number().int(),
  number: z.string(),
  order_id: z.number().int(),
  order_number: z.string(),
  invoice_id: z.number().int().nullable(),
  invoice_number: z.string().nullable(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  total_cartons: z.string(),
  total_gross_weight: z.string(),
  total_cbm: z.string(),
  version: z.number().int(),
  ...part.stamps,
});
export type PackingListItem = z.infer<typeof packingListItem>;

export const PACKING_LIST_SORTS = [
  'number',
  'total_cartons',
  'total_cbm',
  'created_at',
  'updated_at',
] as const;
export const packingListQuery = listQuery.extend({
  sort: sortParam(PACKING_LIST_SORTS).optional(),
  customer_id: queryId.optional(),
  order_id: queryId.optional(),
  invoice_id: queryId.optional(),
  date_from: calendarDate.optional(),
  date_to: calendarDate.optional(),
});
export type PackingListQuery = z.infer<typeof packingListQuery>;

export const packingListVersionQuery = documentVersionQuery;
export const packingListDiffQuery = documentDiffQuery;
export const packingListPdfQuery = documentPdfQuery;

/** What a version changed, counted, for the web to word in the reader's language. */
export const packingChanges = z.object({
  quantities: z.number().int(),
  cartons: z.number().int(),
  edited: z.number().int(),
  added: z.number().int(),
  removed: z.number().int(),
  /** Header fields changed other than the totals. */
  fields: z.array(z.string()),
  total_cbm_from: z.string(),
  total_cbm_to: z.string(),
});
export type PackingChanges = z.infer<typeof packingChanges>;

export const packingListVersion = z.object({
  ...part.versionStamp,
  total_cbm: z.string(),
  total_cartons: z.string(),
  summary: z.string(),
  changes: packingChanges.nullable(),
});
export type PackingListVersion = z.infer<typeof packingListVersion>;

const change = z.object({ field: z.string(), from: z.string(), to: z.string() });
export const packingListDiff = z.object({
  ...part.versionPair(packingListContent),
  diff: z.object({
    fields: z.array(change),
    lines: z.array(
      z.object({
        kind: z.enum(['added', 'removed', 'changed']),
        index: z.number().int(),
        from_index: z.number().int().optional(),
        line: packingLine,
        changes: z.array(change).optional(),
      }),
    ),
    summary: z.string(),
    changes: packingChanges,
  }),
});
export type PackingListDiff = z.infer<typeof packingListDiff>;

const lineKey = (line: PackingLine) =>
  line.order_line !== null
    ? `o:${line.order_line}`
    : line.product_id !== null
      ? `p:${line.product_id}`
      : `t:${line.model.toLowerCase()}|${line.description.toLowerCase()}`;
const TOTAL_FIELDS: readonly string[] = [
  'total_cartons',
  'total_quantity',
  'total_net_weight',
  'total_gross_weight',
  'total_cbm',
];
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Two versions of a packing list compared: header fields, lines (by order line, product or text), counted. */
export function diffPackingLists(
  before: PackingListContent,
  after: PackingListContent,
): PackingListDiff['diff'] {
  const fields = diffFields(before, after, PACKING_LIST_DIFF_FIELDS);
  const lines = diffLines(before.items, after.items, lineKey, PACKING_LINE_DIFF_FIELDS);
  const changed = (test: (fields: string[]) => boolean) =>
    lines.filter((l) => l.kind === 'changed' && test(l.changes.map((c) => c.field))).length;
  const changes: PackingChanges = {
    quantities: changed((f) => f.includes('quantity')),
    cartons: changed((f) => !f.includes('quantity') && f.includes('cartons')),
    edited: changed((f) => !f.includes('quantity') && !f.includes('cartons')),
    added: lines.filter((l) => l.kind === 'added').length,
    removed: lines.filter((l) => l.kind === 'removed').length,
    fields: fields.map((f) => f.field).filter((f) => !TOTAL_FIELDS.includes(f)),
    total_cbm_from: before.total_cbm,
    total_cbm_to: after.total_cbm,
  };
  const parts: string[] = [];
  if (changes.quantities) parts.push(`${plural(changes.quantities, 'quantity', 'quantities')} changed`);
  if (changes.cartons) parts.push(`${plural(changes.cartons, 'carton count', 'carton counts')} changed`);
  if (changes.edited) parts.push(`${plural(changes.edited, 'line', 'lines')} edited`);
  if (changes.added) parts.push(`${plural(changes.added, 'line', 'lines')} added`);
  if (changes.removed) parts.push(`${plural(changes.removed, 'line', 'lines')} removed`);
  if (changes.fields.length)
    parts.push(`${changes.fields.map((f) => f.replaceAll('_', ' ')).join(', ')} changed`);
  if (changes.total_cbm_from !== changes.total_cbm_to)
    parts.push(`CBM ${changes.total_cbm_from} → ${changes.total_cbm_to}`);
  return { fields, lines, summary: parts.length ? parts.join(', ') : 'no changes', changes };
}
