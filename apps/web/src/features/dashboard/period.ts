import dayjs from 'dayjs';

export const PERIOD_PRESETS = ['today', 'week', 'month', 'year', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export type Period = { preset: PeriodPreset; from: string; to: string };

const STORAGE_KEY = 'quayside.dashboard.period';
const DAY_FORMAT = 'YYYY-MM-DD';
const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The days a preset covers, ending today (custom keeps the days it was given). */
export function periodOf(preset: PeriodPreset, custom?: { from: string; to: string }): Period {
  const today = dayjs();
  const to = today.format(DAY_FORMAT);
  switch (preset) {
    case 'today':
      return { preset, from: to, to };
    case 'week':
      return { preset, from: today.subtract(6, 'day').format(DAY_FORMAT), to };
    case 'month':
      return { preset, from: today.subtract(29, 'day').format(DAY_FORMAT), to };
    case 'year':
      return { preset, from: today.startOf('year').format(DAY_FORMAT), to };
    case 'custom':
      return custom && custom.from <= custom.to ? { preset, ...custom } : periodOf('month');
  }
}

/** The period chosen last time in this browser; a preset moves with the calendar, a custom range stays. */
export function rememberedPeriod(): Period {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (saved && typeof saved === 'object' && 'preset' in saved) {
      const { preset, from, to } = saved as Record<string, unknown>;
      if (PERIOD_PRESETS.includes(preset as PeriodPreset)) {
        const custom = isDay(from) && isDay(to) ? { from, to } : undefined;
        return periodOf(preset as PeriodPreset, custom);
      }
    }
  } catch {
    // A value another version wrote, or storage refused: the default period.
  }
  return periodOf('week');
}

export function rememberPeriod(period: Period): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(period));
  } catch {
    // Private mode or full storage: the choice lasts for this visit only.
  }
}

/** Every month (`YYYY-MM`) the period touches, first to last. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    months.push(month);
    if (month >= last) return months;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}
