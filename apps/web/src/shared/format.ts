/** Formatting helpers of SHELL.md (parseTime, time ago, number suffixes, thousands separator, shares). */

export type TimeInput = Date | string | number | null | undefined;
type Translate = (key: string, options?: Record<string, unknown>) => string;

export const DEFAULT_TIME_FORMAT = '{y}-{m}-{d} {h}:{i}:{s}';
export const WEEKDAYS: Record<string, readonly string[]> = {
  zh: ['日', '一', '二', '三', '四', '五', '六'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
};

/** A number or digit string of exactly 10 digits is Unix seconds; longer ones are milliseconds. */
export function toDate(time: Exclude<TimeInput, null | undefined>): Date {
  if (time instanceof Date) return time;
  let value: string | number = time;
  if (typeof value === 'string' && /^[0-9]+$/.test(value)) value = Number.parseInt(value, 10);
  if (typeof value === 'number' && String(value).length === 10) value *= 1000;
  return new Date(value);
}

/**
 * `parseTime(t, '{y}-{m}-{d} {h}:{i}:{s}')`: falsy → null; tokens y m d h i s a, zero-padded;
 * `{a}` is the weekday (日一二三四五六 in zh).
 */
export function parseTime(time: TimeInput, format = DEFAULT_TIME_FORMAT, lang = 'zh'): string | null {
  if (!time) return null;
  const date = toDate(time);
  if (Number.isNaN(date.getTime())) return null;
  const parts: Record<string, number> = {
    y: date.getFullYear(),
    m: date.getMonth() + 1,
    d: date.getDate(),
    h: date.getHours(),
    i: date.getMinutes(),
    s: date.getSeconds(),
    a: date.getDay(),
  };
  return format.replace(/{([ymdhisa])+}/g, (_match, key: string) => {
    const value = parts[key] ?? 0;
    if (key === 'a') return (WEEKDAYS[lang] ?? WEEKDAYS.zh)?.[value] ?? '';
    return String(value).padStart(2, '0');
  });
}

/**
 * Time ago: under 30 s "just now"; under an hour N minutes ago (ceil); under a day N hours
 * ago (ceil); under two days "1 day ago"; older: the date in `format`.
 */
export function timeAgo(
  time: TimeInput,
  t: Translate,
  now = Date.now(),
  format = '{y}-{m}-{d} {h}:{i}',
): string {
  if (!time) return '';
  const date = toDate(time);
  const diff = (now - date.getTime()) / 1000;
  if (diff < 30) return t('format.justNow');
  if (diff < 3600) return t('format.minutesAgo', { count: Math.ceil(diff / 60) });
  if (diff < 3600 * 24) return t('format.hoursAgo', { count: Math.ceil(diff / 3600) });
  if (diff < 3600 * 24 * 2) return t('format.oneDayAgo');
  return parseTime(date, format) ?? '';
}

const SI = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
] as const;

/** 10000 → "10k", 1234567 (1 digit) → "1.2M"; trailing zeros removed. */
export function numberFormatter(num: number, digits = 0): string {
  for (const { value, symbol } of SI) {
    if (num >= value) {
      return (num / value).toFixed(digits).replace(/\.0+$|(\.[0-9]*[1-9])0+$/, '$1') + symbol;
    }
  }
  return num.toString();
}

/** 10000 → "10,000": comma thousands separator on the integer part only. */
export function toThousands(num: number | string | null | undefined): string {
  return (Number(num) || 0).toString().replace(/^-?\d+/g, (int) => int.replace(/(?=(?!\b)(\d{3})+$)/g, ','));
}

/**
 * A share as a percentage in the reader's language, to one decimal ("33.3%", "50%"); "—" when there is
 * nothing to share (an open rate before anything was sent). The dashboard and the tasks use it.
 */
export function percent(part: number, whole: number, language: string): string {
  if (whole === 0) return '—';
  return percentFormat(language === 'zh' ? 'zh-CN' : 'en').format(part / whole);
}

/** One formatter per locale: making one costs far more than using it (a list asks per row). */
const percentFormats = new Map<string, Intl.NumberFormat>();
function percentFormat(locale: string): Intl.NumberFormat {
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    percentFormats.set(locale, format);
  }
  return format;
}
