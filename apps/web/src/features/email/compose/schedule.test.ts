import { describe, expect, it } from 'vitest';
import { defaultPickedTime, schedulePresets, scheduleProblem } from './schedule';

const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

describe('schedulePresets', () => {
  it('offers tomorrow morning and afternoon, and Monday morning', () => {
    // Wednesday 4 March 2026, 16:20.
    const presets = schedulePresets(local(2026, 3, 4, 16, 20));
    expect(presets.map((p) => [p.key, p.at])).toEqual([
      ['tomorrowMorning', local(2026, 3, 5, 8)],
      ['tomorrowAfternoon', local(2026, 3, 5, 13)],
      ['mondayMorning', local(2026, 3, 9, 8)],
    ]);
  });

  it('leaves Monday out on a Sunday (tomorrow morning is Monday morning)', () => {
    const presets = schedulePresets(local(2026, 3, 8, 21));
    expect(presets.map((p) => p.key)).toEqual(['tomorrowMorning', 'tomorrowAfternoon']);
  });

  it('on a Monday means the next Monday', () => {
    const monday = schedulePresets(local(2026, 3, 9, 7)).find((p) => p.key === 'mondayMorning');
    expect(monday?.at).toEqual(local(2026, 3, 16, 8));
  });

  it('crosses months and years', () => {
    expect(schedulePresets(local(2026, 12, 31, 23, 59))[0]?.at).toEqual(local(2027, 1, 1, 8));
  });
});

describe('a picked time', () => {
  const now = local(2026, 3, 4, 16, 20);

  it('must be at least a minute ahead and within a year', () => {
    expect(scheduleProblem(local(2026, 3, 4, 16, 20), now)).toBe('past');
    expect(scheduleProblem(local(2026, 3, 4, 9), now)).toBe('past');
    expect(scheduleProblem(local(2026, 3, 4, 16, 30), now)).toBeNull();
    expect(scheduleProblem(local(2027, 3, 10), now)).toBe('tooFar');
  });

  it('starts the picker at a round hour after the next one', () => {
    expect(defaultPickedTime(now)).toEqual(local(2026, 3, 4, 18));
  });
});
