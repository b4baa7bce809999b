import type { WorkingHours } from '@quayside/contract';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Whether the runtime knows the time zone (an IANA name such as Europe/Berlin). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** 'HH:MM' → minutes after midnight. */
export const minutesOfDay = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, f);
  }
  return f;
}

/** The wall clock of an instant in a zone, as if it were UTC (ms): its local date and time. */
function wallClock(instant: number, zone: string): number {
  const p: Record<string, number> = {};
  for (const part of formatFor(zone).formatToParts(new Date(instant)))
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
}

/** The zone's offset from UTC at an instant (ms, whole seconds). */
const offsetAt = (instant: number, zone: string) =>
  wallClock(Math.floor(instant / 1000) * 1000, zone) - Math.floor(instant / 1000) * 1000;

/**
 * The instant a local wall time (given as if UTC) happens in a zone. A time the clocks skip (spring
 * forward) lands as much later as the skip; a time that happens twice (fall back) is one of the two.
 */
export function zonedToUtc(wall: number, zone: string): number {
  const first = wall - offsetAt(wall, zone);
  const second = wall - offsetAt(first, zone);
  if (first === second) return first;
  // Near a change the two guesses differ: the one that reads as this wall time wins.
  const [early, late] = first < second ? [first, second] : [second, first];
  if (wallClock(early, zone) === wall) return early;
  if (wallClock(late, zone) === wall) return late;
  return late; // skipped wall time: the moment after the skip, shifted like the clocks
}

/**
 * The working stretches [start, end) (UTC ms) that meet [from, to), in time order: each allowed
 * weekday's start–end in the zone's own time, DST included (a 09:00–18:00 day is 9 hours on either
 * side of a change, and on the change day it is what the clocks say).
 */
export function* workingStretches(
  from: number,
  to: number,
  hours: WorkingHours,
): Generator<[number, number]> {
  const zone = hours.time_zone;
  const startMin = minutesOfDay(hours.start);
  const endMin = minutesOfDay(hours.end);
  const days = new Set(hours.days);
  if (days.size === 0 || endMin <= startMin) return;
  // The local date of `from` (minus a day, for a stretch begun the evening before in UTC terms).
  let day = Math.floor(wallClock(from, zone) / DAY) * DAY - DAY;
  for (;;) {
    const weekday = ((new Date(day).getUTCDay() + 6) % 7) + 1;
    const a = zonedToUtc(day + startMin * MINUTE, zone);
    if (a >= to) return;
    if (days.has(weekday)) {
      const b = zonedToUtc(day + endMin * MINUTE, zone);
      const s = Math.max(a, from);
      const e = Math.min(b, to);
      if (e > s) yield [s, e];
    }
    day += DAY;
  }
}

/** The first working moment at or after `at` (within 400 days), or `at` itself without hours. */
export function nextWorkingMoment(at: Date, hours: WorkingHours | null): Date {
  if (!hours) return at;
  const first = workingStretches(at.getTime(), at.getTime() + 400 * DAY, hours).next();
  return first.done ? at : new Date(first.value[0]);
}

/**
 * Fixed interval: the i-th pending recipient goes at `from + i × interval` (interval 0: all now).
 * With working hours the interval runs in working time only: sending pauses at the end of a
 * stretch and picks up at the start of the next one, with what was left of the interval.
 */
export function fixedSchedule(
  count: number,
  from: Date,
  intervalMinutes: number,
  hours: WorkingHours | null = null,
): Date[] {
  if (!hours)
    return Array.from({ length: count }, (_, i) => new Date(from.getTime() + i * intervalMinutes * MINUTE));
  const out: Date[] = [];
  if (count === 0) return out;
  // Stretches in slices of a year: enough for any schedule a person sets up, without an end to know.
  let sliceFrom = from.getTime();
  let stretches = workingStretches(sliceFrom, sliceFrom + 366 * DAY, hours);
  const nextStretch = (): [number, number] => {
    for (let tries = 0; tries < 20; tries++) {
      const n = stretches.next();
      if (!n.done) return n.value;
      sliceFrom += 366 * DAY;
      stretches = workingStretches(sliceFrom, sliceFrom + 366 * DAY, hours);
    }
    throw new Error('no working hours within 20 years');
  };
  let [a, b] = nextStretch();
  let at = a;
  for (let i = 0; i < count; i++) {
    if (i > 0) at += intervalMinutes * MINUTE;
    while (at >= b) {
      const carry = at - b;
      [a, b] = nextStretch();
      at = a + carry;
    }
    out.push(new Date(at));
  }
  return out;
}

export class WindowTooShortError extends Error {
  constructor(
    readonly minutes: number,
    readonly count: number,
  ) {
    super(`${count} emails need ${count} minutes; ${minutes} left`);
  }
}

/**
 * Random within a window: each recipient at a random second of its own minute, the minutes drawn
 * without repeats from those left in [max(start, now), end) — and, with working hours, only the
 * minutes inside them — so no two leave in the same minute. The draw is stored, so a restart keeps
 * it. Answers in time order.
 */
export function randomSchedule(
  count: number,
  start: Date,
  end: Date,
  now: Date,
  random: () => number = Math.random,
  hours: WorkingHours | null = null,
): Date[] {
  const from = Math.max(start.getTime(), now.getTime());
  const to = end.getTime();
  // Whole minutes of each stretch: [first, last) minute numbers since the epoch.
  const spans: [number, number][] = [];
  let minutes = 0;
  const stretches: Iterable<[number, number]> = hours
    ? workingStretches(from, to, hours)
    : from < to
      ? [[from, to]]
      : [];
  for (const [a, b] of stretches) {
    const first = Math.ceil(a / MINUTE);
    const last = Math.floor(b / MINUTE);
    if (last > first) {
      spans.push([first, last]);
      minutes += last - first;
    }
  }
  if (count > minutes) throw new WindowTooShortError(minutes, count);
  // Floyd's sampling: `count` distinct minutes out of `minutes`, without an array of every minute.
  const chosen = new Set<number>();
  for (let j = minutes - count; j < minutes; j++) {
    const t = Math.floor(random() * (j + 1));
    chosen.add(chosen.has(t) ? j : t);
  }
  const sorted = [...chosen].sort((x, y) => x - y);
  const out: Date[] = [];
  let span = 0;
  let before = 0; // minutes in the spans before `span`
  for (const k of sorted) {
    while (k >= before + spans[span]![1] - spans[span]![0]) {
      before += spans[span]![1] - spans[span]![0];
      span++;
    }
    const minute = spans[span]![0] + (k - before);
    out.push(new Date(minute * MINUTE + Math.floor(random() * 59_000)));
  }
  return out;
}
