import type { Customer } from '@quayside/contract';
import { describe, expect, it } from 'vitest';
import { defaultPicks, mergeRows, swapPicks, takeFromMerged } from './merge';

const base: Customer = {
  id: 1,
  company_name: 'Acme Trading',
  name: 'Ann',
  email: 'ann@acme.com',
  grade: 1,
  source: null,
  nation: 7,
  religion: null,
  situation: null,
  website: '',
  job_title: '',
  address: '',
  phone: '',
  remark: '',
  skype: '',
  qq: '',
  owner_id: 1,
  owner_name: 'Admin',
  last_received_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  deleted_at: null,
};

describe('merge', () => {
  const survivor = base;
  const merged: Customer = {
    ...base,
    id: 2,
    email: 'sales@acme.com',
    grade: 3,
    source: 24,
    phone: '+1 555',
    qq: '',
  };
  const rows = mergeRows(survivor, merged);

  it('compares every field and marks the ones that differ', () => {
    expect(rows.filter((r) => !r.same).map((r) => r.field)).toEqual(['email', 'phone', 'grade', 'source']);
  });

  it('keeps the survivor by default and fills its empty fields from the other', () => {
    expect(defaultPicks(rows)).toEqual({
      email: 'survivor',
      phone: 'merged',
      grade: 'survivor',
      source: 'merged',
    });
    expect(takeFromMerged(defaultPicks(rows))).toEqual(['phone', 'source']);
  });

  it('mirrors the choices when the other customer is made the survivor', () => {
    const swapped = swapPicks(defaultPicks(rows));
    expect(takeFromMerged(swapped)).toEqual(['email', 'grade']);
  });
});
