import { describe, expect, it } from 'vitest';
import { monthsOf } from './period';

describe('dashboard period helpers', () => {
  it('lists every month a period touches, across a year end', () => {
    expect(monthsOf('2025-11-20', '2026-02-03')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsOf('2026-03-01', '2026-03-31')).toEqual(['2026-03']);
  });
});
