import { describe, expect, it } from 'vitest';
import { percent } from './percent';
import { monthsOf } from './period';

describe('dashboard period helpers', () => {
  it('lists every month a period touches, across a year end', () => {
    expect(monthsOf('2025-11-20', '2026-02-03')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsOf('2026-03-01', '2026-03-31')).toEqual(['2026-03']);
  });

  it('writes a share as a percentage in the reader’s language, a dash for nothing sent', () => {
    expect(percent(1, 3, 'en')).toBe('33.3%');
    expect(percent(2, 4, 'zh')).toBe('50%');
    expect(percent(0, 0, 'en')).toBe('—');
  });
});
