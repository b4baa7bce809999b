const MINUTE = 60_000;

/** Fixed interval: the i-th pending recipient goes at `from + i × interval` (interval 0: all now). */
export function fixedSchedule(count: number, from: Date, intervalMinutes: number): Date[] {
  return Array.from({ length: count }, (_, i) => new Date(from.getTime() + i * intervalMinutes * MINUTE));
}

export class WindowTooShortError extends Error {}

/**
 * Random within a window: each recipient at a random second of its own minute, the minutes drawn
 * without repeats from those left in [max(start, now), end), so no two leave in the same minute.
 * The draw is stored, so a restart keeps it. Answers in time order.
 */
export function randomSchedule(
  count: number,
  start: Date,
  end: Date,
  now: Date,
  random: () => number = Math.random,
): Date[] {
  const from = Math.ceil(Math.max(start.getTime(), now.getTime()) / MINUTE);
  const to = Math.floor(end.getTime() / MINUTE);
  const minutes = to - from;
  if (count > minutes)
    throw new WindowTooShortError(`${count} emails need ${count} minutes; ${Math.max(0, minutes)} left`);
  // Floyd's sampling: `count` distinct minutes out of `minutes`, without an array of every minute.
  const chosen = new Set<number>();
  for (let j = minutes - count; j < minutes; j++) {
    const t = Math.floor(random() * (j + 1));
    chosen.add(chosen.has(t) ? j : t);
  }
  return [...chosen]
    .sort((a, b) => a - b)
    .map((m) => new Date((from + m) * MINUTE + Math.floor(random() * 59_000)));
}
