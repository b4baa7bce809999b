import type { Customer } from '@quayside/contract';
import { describe, expect, it } from 'vitest';
import {
  mayClaim,
  mayEdit,
  mayRelease,
  ownerOfView,
  ownerParam,
  poolViews,
  splitSelection,
  viewOf,
} from './pool';

const lily = { id: 7, roles: ['sales'] };
const admin = { id: 1, roles: ['admin'] };
const editor = { id: 3, roles: ['editor'] };
const row = (id: number, owner_id: number | null) => ({ id, owner_id }) as Customer;

describe('the pool views', () => {
  it('offers a salesperson hers and the pool, others every customer too', () => {
    expect(poolViews(lily)).toEqual(['me', 'pool']);
    expect(poolViews(admin)).toEqual(['all', 'me', 'pool']);
    expect(poolViews(editor)).toEqual(['all', 'me', 'pool']);
    expect(poolViews({ id: 2, roles: ['sales', 'admin'] })).toEqual(['all', 'me', 'pool']);
  });
  it("opens a salesperson's list on her own customers, an admin's on all", () => {
    expect(ownerParam(undefined, lily)).toBe('me');
    expect(ownerParam(undefined, admin)).toBeUndefined();
    expect(ownerParam('pool', lily)).toBe('pool');
    expect(viewOf(undefined, lily)).toBe('me');
    expect(viewOf(undefined, admin)).toBe('all');
    expect(viewOf('pool', admin)).toBe('pool');
    expect(viewOf('12', admin)).toBeUndefined();
  });
  it('keeps the URL plain for the first view', () => {
    expect(ownerOfView('me', lily)).toBeUndefined();
    expect(ownerOfView('me', admin)).toBe('me');
    expect(ownerOfView('all', admin)).toBeUndefined();
    expect(ownerOfView('pool', lily)).toBe('pool');
  });
});

describe('what may be done to a customer', () => {
  it('claims a pool customer, releases her own, edits only hers (a salesperson)', () => {
    expect(mayClaim(lily, row(1, null))).toBe(true);
    expect(mayClaim(lily, row(1, 7))).toBe(false);
    expect(mayRelease(lily, row(1, 7))).toBe(true);
    expect(mayRelease(lily, row(1, 9))).toBe(false);
    expect(mayEdit(lily, row(1, null))).toBe(false);
    expect(mayEdit(lily, row(1, 7))).toBe(true);
  });
  it('leaves the editor as the spec has her: edits every customer, no pool', () => {
    expect(mayClaim(editor, row(1, null))).toBe(false);
    expect(mayRelease(editor, row(1, 3))).toBe(false);
    expect(mayEdit(editor, row(1, null))).toBe(true);
  });
  it('splits a selection into what may be claimed and what released', () => {
    const rows = [row(1, null), row(2, 7), row(3, 9), row(4, null)];
    expect(splitSelection(lily, rows, [1, 2, 3])).toEqual({ claim: [1], release: [2] });
    expect(splitSelection(admin, rows, [1, 2, 3, 4])).toEqual({ claim: [1, 4], release: [] });
  });
});
