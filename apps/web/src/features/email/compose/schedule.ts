/** "Send later": the presets of the menu and the rules of a chosen time (server: future, within a year). */
export type PresetKey = 'tomorrowMorning' | 'tomorrowAfternoon' | 'mondayMorning';

export interface SchedulePreset {
  key: PresetKey;
  at: Date;
}

const MORNING = 8;
const AFTERNOON = 13;
const MONDAY = 1;

function at(day: Date, hours: number): Date {
  const d = new Date(day);
  d.setHours(hours, 0, 0, 0);
  return d;
}

function addDays(day: Date, days: number): Date {
  const d = new Date(day);
  d.setDate(d.getDate() + days);
  return d;
}

/** Tomorrow 8:00 and 13:00, and next Monday 8:00 unless tomorrow is that Monday. Local time. */
export function schedulePresets(now: Date): SchedulePreset[] {
  const tomorrow = addDays(now, 1);
  const presets: SchedulePreset[] = [
    { key: 'tomorrowMorning', at: at(tomorrow, MORNING) },
    { key: 'tomorrowAfternoon', at: at(tomorrow, AFTERNOON) },
  ];
  const daysToMonday = (MONDAY - now.getDay() + 7) % 7 || 7;
  if (daysToMonday > 1) presets.push({ key: 'mondayMorning', at: at(addDays(now, daysToMonday), MORNING) });
  return presets;
}

/** The earliest a chosen time may be: a minute from now (the server wants the future). */
export const MIN_LEAD_MS = 60_000;
const MAX_AHEAD_MS = 365 * 86_400_000;

export type ScheduleProblem = 'past' | 'tooFar' | null;

export function scheduleProblem(when: Date, now: Date): ScheduleProblem {
  if (when.getTime() < now.getTime() + MIN_LEAD_MS) return 'past';
  if (when.getTime() > now.getTime() + MAX_AHEAD_MS) return 'tooFar';
  return null;
}

/** What the date picker offers first: the next full hour after an hour from now. */
export function defaultPickedTime(now: Date): Date {
  const d = new Date(now.getTime() + 3_600_000);
  d.setMinutes(0, 0, 0);
  return new Date(d.getTime() + 3_600_000);
}
