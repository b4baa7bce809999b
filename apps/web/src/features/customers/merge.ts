import type { Customer } from '@quayside/contract';
import { FIELD_ORDER, type FieldName } from './fields';

/** Merging two customers: which fields differ, and which value wins by default. */

export type Side = 'survivor' | 'merged';

export interface MergeRow {
  field: FieldName;
  survivor: Customer[FieldName];
  merged: Customer[FieldName];
  /** Both hold the same value (or both are empty): nothing to choose. */
  same: boolean;
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

export function mergeRows(survivor: Customer, merged: Customer): MergeRow[] {
  return FIELD_ORDER.map((field) => {
    const a = survivor[field];
    const b = merged[field];
    return { field, survivor: a, merged: b, same: a === b || (isEmpty(a) && isEmpty(b)) };
  });
}

/** The survivor keeps its values, except where it has none and the other customer has one. */
export function defaultPicks(rows: readonly MergeRow[]): Partial<Record<FieldName, Side>> {
  const picks: Partial<Record<FieldName, Side>> = {};
  for (const row of rows) {
    if (row.same) continue;
    picks[row.field] = isEmpty(row.survivor) && !isEmpty(row.merged) ? 'merged' : 'survivor';
  }
  return picks;
}

/** The body's `take_from_merged`: the fields whose winning value is the merged customer's. */
export function takeFromMerged(picks: Partial<Record<FieldName, Side>>): FieldName[] {
  return FIELD_ORDER.filter((f) => picks[f] === 'merged');
}

/** Choosing the other customer as survivor mirrors every pick. */
export function swapPicks(picks: Partial<Record<FieldName, Side>>): Partial<Record<FieldName, Side>> {
  const out: Partial<Record<FieldName, Side>> = {};
  for (const [field, side] of Object.entries(picks) as [FieldName, Side][]) {
    out[field] = side === 'merged' ? 'survivor' : 'merged';
  }
  return out;
}
