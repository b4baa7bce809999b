import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import zh from '../locales/zh.json';
import { hoursBody, hoursDefaults, hoursSummary } from './WorkingHoursFields';

/** `t` over one language's task texts, with {{…}} filled in. */
const translator = (texts: typeof en) =>
  ((key: string, values: Record<string, string> = {}) => {
    const text = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts) as string;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  }) as unknown as TFunction;

describe('working hours fields', () => {
  it('start off, Monday to Friday 09:00–18:00, and send nothing while off', () => {
    const fresh = hoursDefaults();
    expect(fresh.hours_on).toBe(false);
    expect(fresh.hours_days).toEqual([1, 2, 3, 4, 5]);
    expect(hoursBody(fresh)).toBeNull();
    expect(hoursBody({ ...fresh, hours_on: true })).toMatchObject({ start: '09:00', end: '18:00' });
  });
  it('come back from a saved task as they were', () => {
    const saved = { time_zone: 'Asia/Tokyo', days: [1, 3], start: '10:30', end: '16:00' };
    expect(hoursBody(hoursDefaults(saved))).toEqual(saved);
  });
  it('read as one line in both languages', () => {
    const hours = { time_zone: 'Asia/Tokyo', days: [1, 2, 3], start: '10:00', end: '16:00' };
    expect(hoursSummary(translator(en), hours)).toBe('Mon, Tue, Wed, 10:00–16:00 (Asia/Tokyo)');
    expect(hoursSummary(translator(zh), hours)).toBe('周一、周二、周三，10:00–16:00（Asia/Tokyo）');
  });
});
