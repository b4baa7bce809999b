import type { Customer } from '@quayside/contract';

/** Who looks at the customers, as far as the pool goes (issue 32). */
export type PoolViewer = { id: number; roles: readonly string[] };

/** The list's views: every customer, the viewer's own, the public pool (no owner). */
export type PoolView = 'all' | 'me' | 'pool';

const isAdmin = (v: PoolViewer | null) => Boolean(v?.roles.includes('admin'));
/** A salesperson and not an admin: the server narrows her customers to hers and the pool. */
export const isSalesOnly = (v: PoolViewer | null) => !isAdmin(v) && Boolean(v?.roles.includes('sales'));

/** The views the switch offers: a salesperson hers and the pool; others everything too. */
export const poolViews = (v: PoolViewer | null): PoolView[] =>
  isSalesOnly(v) ? ['me', 'pool'] : ['all', 'me', 'pool'];

/**
 * The owner the list asks for: the URL's (`me`, `pool` or a user id); without one, a salesperson's
 * own customers (her first view), everyone else's every customer.
 */
export function ownerParam(owner: string | undefined, v: PoolViewer | null): string | undefined {
  return owner ?? (isSalesOnly(v) ? 'me' : undefined);
}

/** The view the switch shows for that owner; none for one chosen user (the owner picker shows her). */
export function viewOf(owner: string | undefined, v: PoolViewer | null): PoolView | undefined {
  const asked = ownerParam(owner, v);
  if (asked === undefined) return 'all';
  return asked === 'me' || asked === 'pool' ? asked : undefined;
}

/** The URL's owner for a view: a salesperson's first view and "all" need none. */
export function ownerOfView(view: PoolView, v: PoolViewer | null): string | undefined {
  if (view === 'all' || (view === 'me' && isSalesOnly(v))) return undefined;
  return view;
}

/** Claim: a salesperson (or an admin) takes a customer without an owner. */
export const mayClaim = (v: PoolViewer | null, c: Pick<Customer, 'owner_id'>) =>
  c.owner_id === null && (isAdmin(v) || isSalesOnly(v));

/** Release: her own customer goes back to the pool (a salesperson's, or an admin's own). */
export const mayRelease = (v: PoolViewer | null, c: Pick<Customer, 'owner_id'>) =>
  v !== null && c.owner_id === v.id && (isAdmin(v) || isSalesOnly(v));

/** Edit: a salesperson only her own customers (pool ones are claimed first); others any (spec). */
export const mayEdit = (v: PoolViewer | null, c: Pick<Customer, 'owner_id'>) =>
  !isSalesOnly(v) || (v !== null && c.owner_id === v.id);

/** The selected rows that may be claimed, and those that may be released. */
export function splitSelection(
  v: PoolViewer | null,
  rows: readonly Customer[],
  selected: readonly number[],
): { claim: number[]; release: number[] } {
  const picked = rows.filter((c) => selected.includes(c.id));
  return {
    claim: picked.filter((c) => mayClaim(v, c)).map((c) => c.id),
    release: picked.filter((c) => mayRelease(v, c)).map((c) => c.id),
  };
}
