import { z } from 'zod';
import {
  CURRENCIES,
  EMAIL_STATUS,
  EMAIL_TYPE,
  INVOICE_KIND,
  ORDER_STATUS,
  TASK_STATUS,
  TASK_TYPE,
  TRADE_TERMS,
  UNITS,
} from './business';
import { GRADE, RELIGION, SITUATION, SOURCE } from './customer';
import { NATION } from './nations';

export * from './business';
export * from './customer';
export * from './nations';

/** One id → label row of a lookup table, with the label in both languages; extra fields (code, symbol…) pass through. */
export const lookupItem = z.looseObject({
  id: z.union([z.number(), z.string()]),
  en: z.string(),
  zh: z.string(),
});
export type LookupItem = z.infer<typeof lookupItem>;
export type Lookup<Id extends number | string = number, Extra extends object = object> = readonly ({
  id: Id;
  en: string;
  zh: string;
} & Extra)[];

export const lookupsAnswer = z.record(z.string(), z.array(lookupItem).readonly());

export const LOOKUPS = {
  grade: GRADE,
  situation: SITUATION,
  religion: RELIGION,
  source: SOURCE,
  nation: NATION,
  email_status: EMAIL_STATUS,
  email_type: EMAIL_TYPE,
  task_status: TASK_STATUS,
  task_type: TASK_TYPE,
  order_status: ORDER_STATUS,
  trade_terms: TRADE_TERMS,
  currencies: CURRENCIES,
  invoice_kind: INVOICE_KIND,
  units: UNITS,
} as const satisfies Record<string, Lookup<number> | Lookup<string>>;

export type LookupName = keyof typeof LOOKUPS;
export type LookupLang = 'en' | 'zh';

const labelIndex = new Map<LookupName, ReadonlyMap<string, { en: string; zh: string }>>();

function rowsById(table: LookupName): ReadonlyMap<string, { en: string; zh: string }> {
  let rows = labelIndex.get(table);
  if (!rows) {
    const rowList: Lookup<number | string> = LOOKUPS[table];
    rows = new Map(rowList.map((row) => [String(row.id), row]));
    labelIndex.set(table, rows);
  }
  return rows;
}

/** Label of `id` in `table`: '' for an empty id, the id itself as text when the table has no such row. */
export function lookupLabel(
  table: LookupName,
  id: number | string | null | undefined,
  lang: LookupLang,
): string {
  if (id === null || id === undefined || id === '') return '';
  return rowsById(table).get(String(id))?.[lang] ?? String(id);
}
