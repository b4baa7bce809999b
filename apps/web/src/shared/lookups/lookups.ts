import type { LookupItem, LookupLang, LookupName } from '@quayside/contract';

/** The id → label tables of GET /api/lookups/, read in one language. Pure; `useLookups` feeds it. */

export type LookupTables = Partial<Record<LookupName | string, readonly LookupItem[]>>;

/** The customer list's lookup filters, in its order; the task audience offers the same. */
export const CUSTOMER_LOOKUP_FILTERS = [
  { name: 'grade', table: 'grade', width: 170 },
  { name: 'source', table: 'source', width: 170 },
  { name: 'nation', table: 'nation', width: 200 },
  { name: 'situation', table: 'situation', width: 210 },
  { name: 'religion', table: 'religion', width: 170 },
] as const satisfies readonly { name: string; table: LookupName; width: number }[];

export interface LookupOption<Id = number | string> {
  value: Id;
  label: string;
  /** Every text the option is found by: both languages and the code (countries: "AL"). */
  search: string;
}

export interface Lookups {
  ready: boolean;
  /** The label of `id` in the current language; '' for none, the id as text when unknown. */
  label: (table: LookupName, id: number | string | null | undefined) => string;
  options: <Id extends number | string = number>(table: LookupName) => LookupOption<Id>[];
  row: (table: LookupName, id: number | string | null | undefined) => LookupItem | undefined;
}

export function makeLookups(tables: LookupTables | undefined, lang: LookupLang): Lookups {
  const indexes = new Map<string, Map<string, LookupItem>>();
  const optionCache = new Map<string, LookupOption[]>();
  const index = (table: string) => {
    let rows = indexes.get(table);
    if (!rows) {
      rows = new Map((tables?.[table] ?? []).map((r) => [String(r.id), r]));
      indexes.set(table, rows);
    }
    return rows;
  };
  const row = (table: LookupName, id: number | string | null | undefined) =>
    id === null || id === undefined || id === '' ? undefined : index(table).get(String(id));
  return {
    ready: tables !== undefined,
    row,
    label: (table, id) => {
      if (id === null || id === undefined || id === '') return '';
      return row(table, id)?.[lang] ?? (tables ? String(id) : '');
    },
    options: <Id extends number | string = number>(table: LookupName) => {
      let options = optionCache.get(table);
      if (!options) {
        options = (tables?.[table] ?? []).map((r) => ({
          value: r.id,
          label: r[lang],
          search: [r.en, r.zh, typeof r.code === 'string' ? r.code : ''].join(' ').toLowerCase(),
        }));
        optionCache.set(table, options);
      }
      return options as LookupOption<Id>[];
    },
  };
}

/** Select filter: an option matches when any of its texts contains what was typed. */
export function matchesOption(input: string, option: object | undefined): boolean {
  const q = input.trim().toLowerCase();
  const search = (option as { search?: unknown } | undefined)?.search;
  return !q || (typeof search === 'string' && search.includes(q));
}
