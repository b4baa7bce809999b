import type { FilterSpec } from '@/shared/list/url-state';

/**
 * What the four document lists (quotations, orders, invoices, packing lists) filter by alike:
 * `?customer_id=&currency=USD,EUR&date_from=&date_to=`; each list adds its own (status, owner, kind).
 */
export const DOCUMENT_FILTERS = {
  customer_id: 'ids',
  date_from: 'text',
  date_to: 'text',
} as const satisfies FilterSpec;

export const CURRENCY_FILTER = { currency: 'text' } as const satisfies FilterSpec;
export const OWNER_FILTER = { owner_id: 'ids' } as const satisfies FilterSpec;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The list endpoints take one customer, one owner and one invoice kind. */
const SINGLE = ['customer_id', 'owner_id', 'kind'];
const DAYS = ['date_from', 'date_to'];

export const isIsoDay = (value: string | undefined): value is string =>
  value !== undefined && ISO_DAY.test(value);

/**
 * The list's query as the server takes it, whatever a hand-edited link held: one customer, owner and
 * kind, calendar days only, and the values of `known` filters (`status`, `currency`, `kind`) cut to
 * those the server knows.
 */
export function documentParams<P extends Record<string, string | number>>(
  params: P,
  known: Readonly<Record<string, readonly string[]>> = {},
): P {
  const out: Record<string, string | number> = { ...params };
  for (const name of SINGLE) {
    const value = out[name];
    if (typeof value === 'string') out[name] = value.split(',')[0] ?? '';
  }
  for (const name of DAYS) {
    const value = out[name];
    if (value !== undefined && !isIsoDay(String(value))) delete out[name];
  }
  for (const [name, values] of Object.entries(known)) {
    const value = out[name];
    if (value === undefined) continue;
    const kept = String(value)
      .split(',')
      .filter((v) => values.includes(v));
    if (kept.length > 0) out[name] = [...new Set(kept)].join(',');
    else delete out[name];
  }
  return out as P;
}

/** A comma filter's values (`draft,sent`) for a multiple select. */
export const commaValues = (value: string | undefined): string[] =>
  value ? value.split(',').filter(Boolean) : [];
