import type { WorkingHours } from '@quayside/contract';
import { describe, expect, it } from 'vitest';
import {
  fixedSchedule,
  isTimeZone,
  nextWorkingMoment,
  randomSchedule,
  WindowTooShortError,
  workingStretches,
  zonedToUtc,
} from './schedule';

const H = 3_600_000;
const iso = (ms: number | Date) => new Date(ms).toISOString();
const office = (time_zone: string, days = [1, 2, 3, 4, 5]): WorkingHours => ({
  time_zone,
  days,
  start: '09:00',
  end: '18:00',
});
const stretches = (from: string, to: string, hours: WorkingHours) =>
  [...workingStretches(Date.parse(from), Date.parse(to), hours)].map(([a, b]) => [iso(a), iso(b)]);

/** A seeded generator, so a failing draw can be replayed. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe('time zones', () => {
  it('knows IANA names and refuses others', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
  it('turns a local wall time into its instant, DST and half-hour offsets included', () => {
    expect(iso(zonedToUtc(Date.UTC(2026, 0, 15, 9), 'Europe/Berlin'))).toBe('2026-01-15T08:00:00.000Z');
    expect(iso(zonedToUtc(Date.UTC(2026, 6, 15, 9), 'Europe/Berlin'))).toBe('2026-07-15T07:00:00.000Z');
    expect(iso(zonedToUtc(Date.UTC(2026, 0, 15, 9), 'Asia/Kolkata'))).toBe('2026-01-15T03:30:00.000Z');
    // 02:30 does not exist in Berlin on 29 March 2026 (02:00 → 03:00): it lands an hour on.
    expect(iso(zonedToUtc(Date.UTC(2026, 2, 29, 2, 30), 'Europe/Berlin'))).toBe('2026-03-29T01:30:00.000Z');
  });
});

describe('working hours', () => {
  it('skips the weekend: Friday to Monday, 09:00–18:00 Berlin', () => {
    expect(stretches('2026-03-06T00:00:00Z', '2026-03-10T00:00:00Z', office('Europe/Berlin'))).toEqual([
      ['2026-03-06T08:00:00.000Z', '2026-03-06T17:00:00.000Z'],
      ['2026-03-09T08:00:00.000Z', '2026-03-09T17:00:00.000Z'],
    ]);
  });
  it('follows DST: a New York day is 9 hours on either side of the change, at other UTC times', () => {
    const everyDay = office('America/New_York', [1, 2, 3, 4, 5, 6, 7]);
    expect(stretches('2026-03-07T00:00:00Z', '2026-03-09T00:00:00Z', everyDay)).toEqual([
      ['2026-03-07T14:00:00.000Z', '2026-03-07T23:00:00.000Z'],
      ['2026-03-08T13:00:00.000Z', '2026-03-08T22:00:00.000Z'],
    ]);
    // Hours spanning the change itself are as long as the clocks say: 01:00–04:00 is 2 hours.
    const night: WorkingHours = { time_zone: 'Europe/Berlin', days: [7], start: '01:00', end: '04:00' };
    expect(stretches('2026-03-28T00:00:00Z', '2026-03-30T00:00:00Z', night)).toEqual([
      ['2026-03-29T00:00:00.000Z', '2026-03-29T02:00:00.000Z'],
    ]);
    // …and 4 hours when they fall back.
    expect(stretches('2026-10-24T00:00:00Z', '2026-10-26T00:00:00Z', night)).toEqual([
      ['2026-10-24T23:00:00.000Z', '2026-10-25T03:00:00.000Z'],
    ]);
  });
  it('clips to the window and starts inside a stretch already begun', () => {
    expect(stretches('2026-03-09T12:00:00Z', '2026-03-09T13:30:00Z', office('Europe/Berlin'))).toEqual([
      ['2026-03-09T12:00:00.000Z', '2026-03-09T13:30:00.000Z'],
    ]);
  });
  it('the next working moment of a Saturday is Monday 09:00', () => {
    expect(iso(nextWorkingMoment(new Date('2026-03-07T10:00:00Z'), office('Europe/Berlin')))).toBe(
      '2026-03-09T08:00:00.000Z',
    );
    const at = new Date('2026-03-07T10:00:00Z');
    expect(nextWorkingMoment(at, null)).toBe(at);
  });
});

describe('fixed interval within working hours', () => {
  it('pauses at the end of Friday and resumes Monday with what was left of the interval', () => {
    const from = new Date('2026-03-06T16:30:00Z'); // Friday 17:30 Berlin
    expect(fixedSchedule(4, from, 20, office('Europe/Berlin')).map(iso)).toEqual([
      '2026-03-06T16:30:00.000Z',
      '2026-03-06T16:50:00.000Z',
      '2026-03-09T08:10:00.000Z', // 17:10 + 20 min = 10 past the close, so Monday 09:10
      '2026-03-09T08:30:00.000Z',
    ]);
  });
  it('out of hours, interval 0 waits for the next opening and sends them all then', () => {
    const times = fixedSchedule(3, new Date('2026-03-07T10:00:00Z'), 0, office('Europe/Berlin'));
    expect(times.map(iso)).toEqual(Array(3).fill('2026-03-09T08:00:00.000Z'));
  });
  it('without hours, one every interval from the start', () => {
    expect(fixedSchedule(2, new Date('2026-03-07T10:00:00Z'), 5).map(iso)).toEqual([
      '2026-03-07T10:00:00.000Z',
      '2026-03-07T10:05:00.000Z',
    ]);
  });
});

describe('random within working hours', () => {
  const hours = office('Asia/Shanghai');
  const start = new Date('2026-03-06T00:00:00Z'); // Friday 08:00 Shanghai
  const end = new Date('2026-03-10T00:00:00Z'); // Tuesday 08:00 Shanghai

  it('every time inside the hours, weekend skipped, never two in the same minute', () => {
    const times = randomSchedule(600, start, end, start, seeded(7), hours);
    expect(times).toHaveLength(600);
    const minutes = new Set(times.map((d) => Math.floor(d.getTime() / 60_000)));
    expect(minutes.size).toBe(600);
    for (const d of times) {
      const local = new Date(d.getTime() + 8 * H); // Shanghai has no DST
      const weekday = local.getUTCDay();
      const hour = local.getUTCHours();
      expect(weekday, iso(d)).not.toBe(0);
      expect(weekday, iso(d)).not.toBe(6);
      expect(hour >= 9 && hour < 18, iso(d)).toBe(true);
    }
    expect(times.map(iso)).toEqual([...times].sort((a, b) => a.getTime() - b.getTime()).map(iso));
  });
  it('counts only the minutes inside the hours when the window is too short', () => {
    // Friday and Monday, 9 hours each: 1,080 minutes, although the window is 4 days long.
    expect(() => randomSchedule(1081, start, end, start, seeded(1), hours)).toThrow(WindowTooShortError);
    try {
      randomSchedule(1081, start, end, start, seeded(1), hours);
    } catch (err) {
      expect((err as WindowTooShortError).minutes).toBe(1080);
    }
    expect(randomSchedule(1080, start, end, start, seeded(1), hours)).toHaveLength(1080);
  });
  it('without hours, the whole window is used', () => {
    const times = randomSchedule(10, start, new Date(start.getTime() + 10 * 60_000), start, seeded(3));
    expect(new Set(times.map((d) => Math.floor(d.getTime() / 60_000))).size).toBe(10);
  });
});
