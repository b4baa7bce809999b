// The dashboard's greeting, shared with its first paint from the server (vite-first-paint.ts):
// nothing here may import anything, the build embeds `dayPart` into that page's script.

export type DayPart = 'morning' | 'afternoon' | 'evening';

/** The part of the day a greeting names; past midnight it is still the evening's work. */
export function dayPart(hour: number): DayPart {
  if (hour < 5) return 'evening';
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/** "Today: …" under the greeting, in `parseTime`'s placeholders. */
export const TODAY_FORMAT = { en: '{a}, {y}-{m}-{d}', zh: '{y}年{m}月{d}日 星期{a}' } as const;
