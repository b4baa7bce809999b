import { LOOKUPS } from '@quayside/contract';
import { describe, expect, it } from 'vitest';
import { makeLookups, matchesOption } from './lookups';

describe('makeLookups', () => {
  const en = makeLookups(LOOKUPS, 'en');
  const zh = makeLookups(LOOKUPS, 'zh');

  it('labels ids in the chosen language', () => {
    expect(en.label('grade', 1)).toBe('Potential');
    expect(zh.label('grade', 1)).toBe('潜在客户');
    expect(en.label('nation', 7)).toBe('Albania');
    expect(en.label('source', 24)).toBe('B2B');
  });

  it('shows nothing for no value and the id for an unknown one', () => {
    expect(en.label('grade', null)).toBe('');
    expect(en.label('grade', 99)).toBe('99');
  });

  it('shows nothing at all before the tables arrive', () => {
    const none = makeLookups(undefined, 'en');
    expect(none.ready).toBe(false);
    expect(none.label('grade', 1)).toBe('');
    expect(none.options('grade')).toEqual([]);
  });

  it('gives options findable in both languages and by country code', () => {
    const options = zh.options('nation');
    expect(options).toHaveLength(LOOKUPS.nation.length);
    const albania = options.find((o) => o.value === 7);
    expect(albania?.label).toBe('阿尔巴尼亚');
    for (const typed of ['alba', '阿尔巴', 'AL', ' Albania '])
      expect(matchesOption(typed, albania)).toBe(true);
    expect(matchesOption('brazil', albania)).toBe(false);
    expect(matchesOption('', albania)).toBe(true);
  });
});
