import { describe, expect, it } from 'vitest';
import { dedupeAudience, normaliseAddress } from './addresses';
import { mergeValues, renderMerge } from './merge';
import { countsAsOpen, isScannerAgent } from './opens';
import { fixedSchedule, randomSchedule, WindowTooShortError } from './schedule';

const customer = { name: 'Jonas', companyName: 'Berlin <Haus>', jobTitle: '', website: '' };

describe('merge fields', () => {
  it('fills known fields, escapes values in HTML, keeps unknown fields as written', () => {
    const v = mergeValues('j@b.test', customer);
    expect(renderMerge('Dear {{name}} of {{ company_name }}', v, 'html')).toBe(
      'Dear Jonas of Berlin &lt;Haus&gt;',
    );
    expect(renderMerge('{{company_name}}', v, 'text')).toBe('Berlin <Haus>');
    expect(renderMerge('{{nickname}} {{email}}', v, 'text')).toBe('{{nickname}} j@b.test');
  });
  it('uses the fallback only when the value is empty', () => {
    expect(renderMerge('Dear {{name|Sir or Madam}},', mergeValues('x@y.test'), 'html')).toBe(
      'Dear Sir or Madam,',
    );
    expect(renderMerge('Dear {{name|Sir or Madam}},', mergeValues('x@y.test', customer), 'html')).toBe(
      'Dear Jonas,',
    );
    expect(renderMerge('{{job_title|}}!', mergeValues('x@y.test', customer), 'text')).toBe('!');
  });
});

describe('audience', () => {
  it('normalises, drops repeats and reports malformed and duplicate addresses', () => {
    expect(normaliseAddress(' Ann <ANN@Example.test> ')).toBe('ann@example.test');
    const { keep, skipped } = dedupeAudience(
      [{ address: 'ann@example.test', name: 'Ann', customerId: 1 }],
      ['ann@example.test, bob@example.test', 'not-an-address', 'Bob <BOB@example.test>'],
    );
    expect(keep.map((k) => k.address)).toEqual(['ann@example.test', 'bob@example.test']);
    expect(skipped).toEqual([
      { address: 'ann@example.test', reason: 'duplicate' },
      { address: 'not-an-address', reason: 'malformed' },
      { address: 'bob@example.test', reason: 'duplicate' },
    ]);
  });
});

describe('schedules', () => {
  it('fixed interval: N minutes apart, 0 means all at once', () => {
    const from = new Date('2026-01-01T10:00:00Z');
    expect(fixedSchedule(3, from, 5).map((d) => d.toISOString())).toEqual([
      '2026-01-01T10:00:00.000Z',
      '2026-01-01T10:05:00.000Z',
      '2026-01-01T10:10:00.000Z',
    ]);
    expect(new Set(fixedSchedule(4, from, 0).map((d) => d.getTime())).size).toBe(1);
  });
  it('random: inside the window, never two in the same minute, only the part not yet past', () => {
    const start = new Date('2026-01-01T09:00:00Z');
    const end = new Date('2026-01-01T10:00:00Z');
    const now = new Date('2026-01-01T09:30:00Z');
    for (let run = 0; run < 50; run++) {
      const times = randomSchedule(30, start, end, now);
      expect(times).toHaveLength(30);
      const minutes = new Set(times.map((t) => Math.floor(t.getTime() / 60_000)));
      expect(minutes.size).toBe(30);
      for (const t of times) {
        expect(t.getTime()).toBeGreaterThanOrEqual(now.getTime());
        expect(t.getTime()).toBeLessThan(end.getTime());
      }
      expect([...times].sort((a, b) => a.getTime() - b.getTime())).toEqual(times);
    }
    expect(() => randomSchedule(31, start, end, now)).toThrow(WindowTooShortError);
  });
});

describe('opens', () => {
  const sentAt = new Date('2026-01-01T10:00:00Z');
  const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36';
  it('a person a minute later counts; a prefetch within seconds, a scanner or no user agent does not', () => {
    expect(countsAsOpen({ userAgent: chrome, at: new Date('2026-01-01T10:01:00Z') }, sentAt)).toBe(true);
    expect(countsAsOpen({ userAgent: chrome, at: new Date('2026-01-01T10:00:03Z') }, sentAt)).toBe(false);
    expect(
      countsAsOpen({ userAgent: 'Barracuda Sentinel (EE)', at: new Date('2026-01-01T11:00:00Z') }, sentAt),
    ).toBe(false);
    expect(countsAsOpen({ userAgent: undefined, at: new Date('2026-01-01T11:00:00Z') }, sentAt)).toBe(false);
    expect(isScannerAgent('python-requests/2.31')).toBe(true);
    expect(isScannerAgent('Mozilla/5.0 (via ggpht.com GoogleImageProxy)')).toBe(false);
  });
});
