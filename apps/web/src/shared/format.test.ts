import { describe, expect, it } from 'vitest';
import { numberFormatter, parseTime, percent, timeAgo, toThousands } from './format';

const t = (key: string, o?: Record<string, unknown>) => (o ? `${key}:${o.count}` : key);

describe('parseTime', () => {
  const d = new Date(2018, 6, 13, 17, 54, 1); // a Friday

  it('gives null for falsy input', () => {
    expect(parseTime(null)).toBeNull();
    expect(parseTime(0)).toBeNull();
    expect(parseTime('')).toBeNull();
  });

  it('uses {y}-{m}-{d} {h}:{i}:{s} by default, zero-padded', () => {
    expect(parseTime(d)).toBe('2018-07-13 17:54:01');
  });

  it('treats 10-digit numbers and digit strings as seconds', () => {
    const seconds = Math.floor(d.getTime() / 1000);
    expect(parseTime(seconds)).toBe('2018-07-13 17:54:01');
    expect(parseTime(String(seconds))).toBe('2018-07-13 17:54:01');
    expect(parseTime(d.getTime())).toBe('2018-07-13 17:54:01');
  });

  it('formats custom tokens and the weekday', () => {
    expect(parseTime(d, '{y}/{m}/{d} 星期{a}')).toBe('2018/07/13 星期五');
    expect(parseTime(d, '{a} {h}:{i}', 'en')).toBe('Fri 17:54');
    expect(parseTime(d, '{m}-{d}')).toBe('07-13');
  });

  it('reads ISO strings of the API', () => {
    const iso = d.toISOString();
    expect(parseTime(iso)).toBe('2018-07-13 17:54:01');
  });
});

describe('timeAgo', () => {
  const now = new Date(2018, 6, 13, 17, 54, 1).getTime();
  it('says just now under 30 seconds', () => {
    expect(timeAgo(now - 29_000, t, now)).toBe('format.justNow');
  });
  it('counts minutes (ceil) under an hour', () => {
    expect(timeAgo(now - 30_000, t, now)).toBe('format.minutesAgo:1');
    expect(timeAgo(now - 61_000, t, now)).toBe('format.minutesAgo:2');
  });
  it('counts hours (ceil) under a day', () => {
    expect(timeAgo(now - 3600_000, t, now)).toBe('format.hoursAgo:1');
    expect(timeAgo(now - 3601_000, t, now)).toBe('format.hoursAgo:2');
  });
  it('says 1 day under two days, the date after', () => {
    expect(timeAgo(now - 30 * 3600_000, t, now)).toBe('format.oneDayAgo');
    expect(timeAgo(now - 49 * 3600_000, t, now)).toBe('2018-07-11 16:54');
  });
});

describe('numberFormatter', () => {
  it('uses the k M G T P E suffixes', () => {
    expect(numberFormatter(10000)).toBe('10k');
    expect(numberFormatter(999)).toBe('999');
    expect(numberFormatter(1_234_567, 1)).toBe('1.2M');
    expect(numberFormatter(1e9)).toBe('1G');
    expect(numberFormatter(2.5e12, 2)).toBe('2.5T');
    expect(numberFormatter(1e15)).toBe('1P');
    expect(numberFormatter(3e18)).toBe('3E');
  });
  it('removes trailing zeros', () => {
    expect(numberFormatter(1500, 3)).toBe('1.5k');
    expect(numberFormatter(2000, 2)).toBe('2k');
  });
});

describe('toThousands', () => {
  it('separates thousands of the integer part with commas', () => {
    expect(toThousands(10000)).toBe('10,000');
    expect(toThousands(1234567.891)).toBe('1,234,567.891');
    expect(toThousands(-9876543)).toBe('-9,876,543');
    expect(toThousands(999)).toBe('999');
    expect(toThousands(null)).toBe('0');
  });
});

describe('percent', () => {
  it('rounds a share to one decimal, half up, and drops a trailing zero', () => {
    expect(percent(1, 3, 'en')).toBe('33.3%');
    expect(percent(2, 3, 'en')).toBe('66.7%');
    expect(percent(1, 8, 'en')).toBe('12.5%');
    expect(percent(1, 2, 'en')).toBe('50%');
    expect(percent(999, 1000, 'en')).toBe('99.9%');
    expect(percent(3, 3, 'en')).toBe('100%');
  });

  it('shows a tiny share as 0% and a share of nothing as a dash', () => {
    expect(percent(1, 2001, 'en')).toBe('0%');
    expect(percent(0, 5, 'en')).toBe('0%');
    expect(percent(0, 0, 'en')).toBe('—');
  });

  it('writes the reader’s language', () => {
    expect(percent(2, 4, 'zh')).toBe('50%');
    expect(percent(1, 3, 'zh')).toBe('33.3%');
  });
});
