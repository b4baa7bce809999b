import Big from 'big.js';
import { z } from 'zod';
import { priceString, quantityString } from './decimal-schemas';
import { commaList, queryBool, queryId, recordId } from './envelope';
import { CURRENCIES, TRADE_TERMS, UNITS } from './lookups';
import { formatMoney, roundMoney } from './money';

/**
 * The business-document kit shared by quotations, orders, invoices and packing lists: line items,
 * totals computed with big.js (never floats), and the diff of two saved versions.
 */

/** Text without NUL (PostgreSQL cannot store it), trimmed. */
export const documentText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !v.includes('\u0000'), { message: 'Contains a character that is not allowed' })
    .transform((v) => v.trim());

const unitIds = UNITS.map((u) => u.id) as [string, ...string[]];
export const CURRENCY_IDS = CURRENCIES.map((c) => c.id) as [string, ...string[]];
export const TRADE_TERM_IDS = TRADE_TERMS.map((t) => t.id) as [string, ...string[]];

/** `?currency=USD,EUR` of a document list. */
export const currencyFilter = commaList(CURRENCY_IDS, 20);

/** What every versioned document answers: one version, the diff of two, and a version's PDF. */
export const documentVersionQuery = z.object({ id: queryId, version: queryId.optional() });
export const documentDiffQuery = z.object({ id: queryId, from: queryId, to: queryId });
export const documentPdfQuery = z.object({
  id: queryId,
  version: queryId.optional(),
  lang: z.enum(['en', 'zh']).default('en'),
  download: queryBool.optional(),
});
export const MAX_LINE_ITEMS = 500;

/** A line as the client sends it; the amount is the server's to compute. */
export const lineItemInput = z
  .object({
    product_id: recordId.nullable().default(null),
    description: documentText(2000).default(''),
    model: documentText(100).default(''),
    picture_file_id: recordId.nullable().default(null),
    quantity: quantityString,
    unit: z.enum(unitIds).default('pcs'),
    unit_price: priceString,
  })
  .refine((line) => line.description !== '' || line.model !== '' || line.product_id !== null, {
    message: 'Enter a description',
    path: ['description'],
  });
export type LineItemInput = z.infer<typeof lineItemInput>;

export const lineItem = z.object({
  product_id: z.number().int().nullable(),
  description: z.string(),
  model: z.string(),
  picture_file_id: z.number().int().nullable(),
  quantity: z.string(),
  unit: z.string(),
  unit_price: z.string(),
  /** quantity × unit price, half-up to the currency's decimals. */
  amount: z.string(),
});
export type LineItem = z.infer<typeof lineItem>;

/** The line's amount: quantity × unit price rounded half-up to the currency's places ("12.30"). */
export const lineAmount = (quantity: string, unitPrice: string, currency: string): string =>
  roundMoney(new Big(quantity).times(unitPrice).toFixed(), currency);

export function withAmounts(items: readonly LineItemInput[], currency: string): LineItem[] {
  return items.map((item) => ({ ...item, amount: lineAmount(item.quantity, item.unit_price, currency) }));
}

export type DocumentTotals = { subtotal: string; total: string };

/** subtotal = Σ amounts; total = subtotal − discount + shipping cost, each in the currency's places. */
export function documentTotals(
  items: readonly { amount: string }[],
  discount: string,
  shippingCost: string,
  currency: string,
): DocumentTotals {
  const subtotal = items.reduce((sum, item) => sum.plus(item.amount), new Big(0));
  const total = subtotal.minus(discount).plus(shippingCost);
  return { subtotal: roundMoney(subtotal.toFixed(), currency), total: roundMoney(total.toFixed(), currency) };
}

/** A header field that changed between two versions, old → new as shown (strings). */
export type FieldChange = { field: string; from: string; to: string };
export type LineChange = { field: string; from: string; to: string };
/** A line of the newer version against the older: added, removed, or changed field by field. */
export type LineDiffOf<T> =
  | { kind: 'added'; index: number; line: T }
  | { kind: 'removed'; index: number; line: T }
  | { kind: 'changed'; index: number; from_index: number; line: T; changes: LineChange[] };
export type LineDiff = LineDiffOf<LineItem>;
/** What a version changed, counted, for the web to word in the reader's language. */
export const diffChanges = z.object({
  prices: z.number().int(),
  quantities: z.number().int(),
  edited: z.number().int(),
  added: z.number().int(),
  removed: z.number().int(),
  /** Header fields changed other than the totals and currency. */
  fields: z.array(z.string()),
  total_from: z.string(),
  total_to: z.string(),
  currency_from: z.string(),
  currency: z.string(),
});
export type DiffChanges = z.infer<typeof diffChanges>;
export type DocumentDiff = {
  fields: FieldChange[];
  lines: LineDiff[];
  /** English; kept for older clients (`changes` is the same, counted). */
  summary: string;
  changes: DiffChanges;
};

export const documentDiff = z.object({
  fields: z.array(z.object({ field: z.string(), from: z.string(), to: z.string() })),
  lines: z.array(
    z.object({
      kind: z.enum(['added', 'removed', 'changed']),
      index: z.number().int(),
      from_index: z.number().int().optional(),
      line: lineItem,
      changes: z.array(z.object({ field: z.string(), from: z.string(), to: z.string() })).optional(),
    }),
  ),
  summary: z.string(),
  changes: diffChanges,
});

/*
 * The pieces quotations, orders and invoices (and, where it fits, packing lists) build their
 * schemas from (`documentParts` below). Spread in place, so every document keeps its own field
 * names and their order.
 */

/** Who at the customer the document is for, as the client sends it. */
const contactInput = {
  contact_name: documentText(200),
  contact_email: documentText(254),
};
const currencyInput = z.enum(CURRENCY_IDS);
/** How the goods travel and are paid for, as the client sends them. */
const termsInput = {
  trade_term: z.enum(TRADE_TERM_IDS).nullable(),
  port_of_loading: documentText(200),
  port_of_destination: documentText(200),
  payment_terms: documentText(1000),
};
const linesInput = z.array(lineItemInput).max(MAX_LINE_ITEMS);
/** The figures that turn the subtotal into the total, as the client sends them. */
const adjustmentsInput = { discount: priceString, shipping_cost: priceString };
const remarkInput = documentText(5000);

/** Contact, currency and terms of a new document: each may be left out and starts empty. */
const termsCreate = {
  contact_name: contactInput.contact_name.default(''),
  contact_email: contactInput.contact_email.default(''),
  currency: currencyInput.default('USD'),
  trade_term: termsInput.trade_term.default(null),
  port_of_loading: termsInput.port_of_loading.default(''),
  port_of_destination: termsInput.port_of_destination.default(''),
  payment_terms: termsInput.payment_terms.default(''),
};
const adjustmentsCreate = {
  discount: priceString.default('0'),
  shipping_cost: priceString.default('0'),
};

/** What an edit adds to its fields: `version` is the version the edit started from (409 CONFLICT when another save came in between). */
const editVersion = { id: recordId, version: z.number().int().min(1).max(1_000_000) };

/** Contact, currency and terms of a stored version. */
const termsContent = {
  contact_name: z.string(),
  contact_email: z.string(),
  currency: z.string(),
  trade_term: z.string().nullable(),
  port_of_loading: z.string(),
  port_of_destination: z.string(),
  payment_terms: z.string(),
};
/** The fields of `termsContent` and of the figures of `totalsContent`, in order (diffs, content checks). */
const termsFields = [
  'contact_name',
  'contact_email',
  'currency',
  'trade_term',
  'port_of_loading',
  'port_of_destination',
  'payment_terms',
] as const;
const totalsFields = ['discount', 'shipping_cost', 'subtotal', 'total'] as const;
/** Lines and figures of a stored version. */
const totalsContent = {
  items: z.array(lineItem),
  discount: z.string(),
  shipping_cost: z.string(),
  subtotal: z.string(),
  total: z.string(),
};
/** Who owns a document and when it was made and last saved, as records and lists answer them. */
const stamps = {
  owner_id: z.number().int().nullable(),
  owner_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** Who saved a version and when (the first fields of every version history entry). */
const versionStamp = {
  version: z.number().int(),
  created_at: z.string(),
  created_by: z.number().int().nullable(),
  created_by_name: z.string(),
};
/** One entry of a priced document's history: who saved it, its total and what changed. */
const version = z.object({
  ...versionStamp,
  total: z.string(),
  currency: z.string(),
  /** What changed from the version before ("2 prices changed, 1 line added, total …"). */
  summary: z.string(),
  /** The same, counted, for the reader's language; null for the first version. */
  changes: diffChanges.nullable(),
});

/** Two versions' content side by side (`from`, `to`) for a diff answer. */
const versionPair = <S extends z.ZodRawShape>(content: z.ZodObject<S>) => ({
  from: content.extend({ version: z.number().int() }),
  to: content.extend({ version: z.number().int() }),
});

/** The shared pieces of the document schemas, as one namespace (`part.termsInput`, …). */
export const documentParts = {
  contactInput,
  currencyInput,
  termsInput,
  linesInput,
  adjustmentsInput,
  remarkInput,
  termsCreate,
  adjustmentsCreate,
  editVersion,
  termsContent,
  totalsContent,
  termsFields,
  totalsFields,
  stamps,
  versionStamp,
  version,
  versionPair,
};

const LINE_FIELDS = [
  'description',
  'model',
  'quantity',
  'unit',
  'unit_price',
  'amount',
  'picture_file_id',
] as const;
const show = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const lineKey = (line: LineItem) =>
  line.product_id !== null
    ? `p:${line.product_id}`
    : `t:${line.model.toLowerCase()}|${line.description.toLowerCase()}`;

/** Header fields that differ, compared as text. */
export function diffFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  headerFields: readonly string[],
): FieldChange[] {
  return headerFields.flatMap((field) => {
    const [from, to] = [show(before[field]), show(after[field])];
    return from === to ? [] : [{ field, from, to }];
  });
}

/**
 * Lines matched by `key` in order (the first unmatched older line with the same key); a line that
 * matches none is added or removed, a matched one is changed when one of `fields` differs as text.
 */
export function diffLines<T extends object>(
  before: readonly T[],
  after: readonly T[],
  key: (line: T) => string,
  lineFields: readonly (keyof T & string)[],
): LineDiffOf<T>[] {
  const lines: LineDiffOf<T>[] = [];
  const unmatched = before.map((line, index) => ({ line, index }));
  after.forEach((line, index) => {
    const at = unmatched.findIndex((old) => key(old.line) === key(line));
    if (at < 0) {
      lines.push({ kind: 'added', index, line });
      return;
    }
    const [old] = unmatched.splice(at, 1);
    const changes = lineFields
      .filter((f) => show(old!.line[f]) !== show(line[f]))
      .map((f) => ({ field: f, from: show(old!.line[f]), to: show(line[f]) }));
    if (changes.length > 0) lines.push({ kind: 'changed', index, from_index: old!.index, line, changes });
  });
  for (const old of unmatched) lines.push({ kind: 'removed', index: old.index, line: old.line });
  return lines;
}

/**
 * Lines are matched by product (or, for free lines, by model and description) in order; a line that
 * matches none is added or removed. Every other header field is compared as text.
 */
export function diffDocuments(
  before: { items: LineItem[]; total: string; currency: string } & Record<string, unknown>,
  after: { items: LineItem[]; total: string; currency: string } & Record<string, unknown>,
  headerFields: readonly string[],
): DocumentDiff {
  const fields = diffFields(before, after, headerFields);
  const lines = diffLines(before.items, after.items, lineKey, LINE_FIELDS);
  const changes = countChanges(fields, lines, before, after);
  return { fields, lines, summary: diffSummary(changes), changes };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function countChanges(
  fields: FieldChange[],
  lines: LineDiff[],
  before: { total: string; currency: string },
  after: { total: string; currency: string },
): DiffChanges {
  const changed = (test: (c: LineChange[]) => boolean) =>
    lines.filter((l) => l.kind === 'changed' && test(l.changes)).length;
  const has = (field: string) => (c: LineChange[]) => c.some((x) => x.field === field);
  return {
    prices: changed(has('unit_price')),
    quantities: changed(has('quantity')),
    edited: changed((c) => !has('unit_price')(c) && !has('quantity')(c)),
    added: lines.filter((l) => l.kind === 'added').length,
    removed: lines.filter((l) => l.kind === 'removed').length,
    fields: fields.map((f) => f.field).filter((f) => !['total', 'subtotal', 'currency'].includes(f)),
    total_from: before.total,
    total_to: after.total,
    currency_from: before.currency,
    currency: after.currency,
  };
}

/** "2 prices changed, 1 line added, total 12,400.00 → 11,980.00 USD" (English; the web words `changes`). */
function diffSummary(c: DiffChanges): string {
  const parts: string[] = [];
  if (c.prices) parts.push(`${plural(c.prices, 'price', 'prices')} changed`);
  if (c.quantities) parts.push(`${plural(c.quantities, 'quantity', 'quantities')} changed`);
  if (c.edited) parts.push(`${plural(c.edited, 'line', 'lines')} edited`);
  if (c.added) parts.push(`${plural(c.added, 'line', 'lines')} added`);
  if (c.removed) parts.push(`${plural(c.removed, 'line', 'lines')} removed`);
  if (c.fields.length) parts.push(`${c.fields.map((f) => f.replaceAll('_', ' ')).join(', ')} changed`);
  if (c.total_from !== c.total_to || c.currency_from !== c.currency) {
    parts.push(
      `total ${totalText(c.total_from, c.currency_from)} → ${totalText(c.total_to, c.currency)} ${c.currency}`,
    );
  }
  return parts.length ? parts.join(', ') : 'no changes';
}

/** A total without its currency sign ("12,400.00"). */
export const totalText = (total: string, currency: string) =>
  formatMoney(total, currency).replace(/^[^\d]+/, '');
