import { describe, expect, it } from 'vitest';
import { daysLeft } from './RecycleBinDrawer';

describe('recycle bin', () => {
  it('counts the days left to restore, rounding up, never below zero', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(daysLeft('2026-11-22T11:00:00Z', now)).toBe(30);
    expect(daysLeft('2026-11-01T12:00:00Z', now)).toBe(9);
    expect(daysLeft('2026-10-01T12:00:00Z', now)).toBe(0);
  });
});
