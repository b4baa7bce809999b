import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@quayside/contract';

/**
 * A list's state (page, size, sort, search text, filters) as it lives in the URL, so a link or a
 * reload gives the same list and a tab keeps it. Pure functions; `useListState` wires them to the router.
 */

/** `ids`: several numeric ids (`grade=1,2`); `text`: one value (`owner=me`). */
export type FilterKind = 'ids' | 'text';
export type FilterSpec = Record<string, FilterKind>;

export type FilterValues<S extends FilterSpec> = {
  [K in keyof S]?: S[K] extends 'ids' ? number[] : string;
};

export interface ListConfig<S extends FilterSpec> {
  filters: S;
  /** Fields the list may be sorted by (the API's `sort` names, without `-`). */
  sorts: readonly string[];
  /** `field` ascending or `-field` descending. */
  defaultSort: string;
}

export interface ListState<S extends FilterSpec> {
  page: number;
  pageSize: number;
  sort: string;
  q: string;
  filters: FilterValues<S>;
}

export function defineList<S extends FilterSpec>(config: ListConfig<S>): ListConfig<S> {
  return config;
}

export function emptyListState<S extends FilterSpec>(config: ListConfig<S>): ListState<S> {
  return { page: 1, pageSize: DEFAULT_PAGE_SIZE, sort: config.defaultSort, q: '', filters: {} };
}

const RESERVED = new Set(['page', 'page_size', 'sort', 'q']);

function parseIds(raw: string): number[] {
  const ids = raw
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)];
}

export function isKnownSort(sort: string, sorts: readonly string[]): boolean {
  return sorts.includes(sort.replace(/^-/, ''));
}

/** Whatever the URL holds becomes a valid state: unknown or malformed values fall back to the defaults. */
export function parseListState<S extends FilterSpec>(search: string, config: ListConfig<S>): ListState<S> {
  const params = new URLSearchParams(search);
  const state = emptyListState(config);
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 0) state.page = page;
  const size = Number(params.get('page_size'));
  if ((PAGE_SIZES as readonly number[]).includes(size)) state.pageSize = size;
  const sort = params.get('sort');
  if (sort && isKnownSort(sort, config.sorts)) state.sort = sort;
  state.q = (params.get('q') ?? '').trim();
  const filters: Record<string, number[] | string> = {};
  for (const [name, kind] of Object.entries(config.filters)) {
    if (RESERVED.has(name)) continue;
    const raw = params.get(name);
    if (raw === null || raw.trim() === '') continue;
    if (kind === 'ids') {
      const ids = parseIds(raw);
      if (ids.length > 0) filters[name] = ids;
    } else filters[name] = raw.trim();
  }
  state.filters = filters as FilterValues<S>;
  return state;
}

/** The filter part of the state as API query parameters (ids joined by commas), without empty ones. */
export function filterParams<S extends FilterSpec>(state: ListState<S>): Record<string, string> {
  const out: Record<string, string> = {};
  if (state.q.trim()) out.q = state.q.trim();
  for (const [name, value] of Object.entries(state.filters as Record<string, unknown>)) {
    if (Array.isArray(value)) {
      if (value.length > 0) out[name] = value.join(',');
    } else if (typeof value === 'string' && value !== '') out[name] = value;
  }
  return out;
}

/** Everything the list endpoint takes: page, page_size, sort and the filters. */
export function listParams<S extends FilterSpec>(state: ListState<S>): Record<string, string | number> {
  return { page: state.page, page_size: state.pageSize, sort: state.sort, ...filterParams(state) };
}

/** The query string of a state; defaults are left out so a plain list has a plain URL. */
export function serializeListState<S extends FilterSpec>(state: ListState<S>, config: ListConfig<S>): string {
  const params = new URLSearchParams();
  const filters = filterParams(state);
  if (filters.q) params.set('q', filters.q);
  for (const name of Object.keys(config.filters)) {
    const value = filters[name];
    if (value !== undefined) params.set(name, value);
  }
  if (state.sort !== config.defaultSort && isKnownSort(state.sort, config.sorts))
    params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('page_size', String(state.pageSize));
  // Commas in id lists read better unescaped, and URLSearchParams accepts them back.
  return params.toString().replace(/%2C/g, ',');
}

/** How many filters (search text included) narrow the list. */
export function activeFilterCount<S extends FilterSpec>(state: ListState<S>): number {
  return Object.keys(filterParams(state)).length;
}

/** True when applying `change` would leave the list as it is (e.g. Enter on the same search). */
export function changesNothing<S extends FilterSpec>(
  state: ListState<S>,
  change: Partial<Omit<ListState<S>, 'filters'>> & { filters?: FilterValues<S> },
): boolean {
  const { filters, ...rest } = change;
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
  return (
    Object.entries(rest).every(([k, v]) => state[k as keyof typeof rest] === v) &&
    Object.entries(filters ?? {}).every(([k, v]) => same((state.filters as Record<string, unknown>)[k], v))
  );
}

/**
 * The next state after a change: any change of search, filters or page size starts again at page 1;
 * only a page change keeps the rest.
 */
export function nextListState<S extends FilterSpec>(
  state: ListState<S>,
  change: Partial<Omit<ListState<S>, 'filters'>> & { filters?: FilterValues<S> },
): ListState<S> {
  const next: ListState<S> = {
    ...state,
    ...change,
    filters: change.filters ? { ...state.filters, ...change.filters } : state.filters,
  };
  const onlyPage = Object.keys(change).every((k) => k === 'page');
  if (!onlyPage && change.page === undefined) next.page = 1;
  return next;
}
