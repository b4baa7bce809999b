import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  GRADE,
  LOOKUPS,
  type LookupName,
  lookupLabel,
  lookupsAnswer,
  NATION,
  NATION_UNKNOWN,
  nationIdByCode,
  SOURCE,
  SOURCE_WEBSITE,
} from './index';

const tables = Object.entries(LOOKUPS) as [LookupName, (typeof LOOKUPS)[LookupName]][];

const nationById = (id: number) => NATION.find((row) => row.id === id);

describe('every lookup table', () => {
  it.each(tables)('%s has unique ids and non-empty labels', (_name, rows) => {
    const ids = rows.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const row of rows) {
      expect(row.en.trim(), `en of ${row.id}`).not.toBe('');
      expect(row.zh.trim(), `zh of ${row.id}`).not.toBe('');
    }
  });

  it('matches the API answer schema, keeping extra fields', () => {
    const parsed = lookupsAnswer.parse(LOOKUPS);
    expect(Object.keys(parsed)).toEqual(Object.keys(LOOKUPS));
    expect(parsed.currencies?.find((row) => row.id === 'JPY')).toMatchObject({ symbol: '¥', minor_units: 0 });
    expect(parsed.nation?.find((row) => row.id === 7)).toMatchObject({ code: 'AL' });
  });
});

describe('customer lookups', () => {
  it('has the spec ids', () => {
    expect(GRADE.map((row) => [row.id, row.en])).toEqual([
      [1, 'Potential'],
      [2, 'Intentional'],
      [3, 'Cooperated'],
      [4, 'Invalid'],
    ]);
    expect(SOURCE.map((row) => [row.id, row.en])).toEqual([
      [1, 'Exhibition'],
      [24, 'B2B'],
      [27, 'Advertisement'],
      [28, 'Social Media'],
      [29, 'Yellow Page'],
      [30, 'Search'],
      [31, 'Website'],
    ]);
    expect(SOURCE_WEBSITE).toBe(31);
  });
});

describe('nations', () => {
  it('keeps the spec fixed points', () => {
    expect(nationById(1)).toMatchObject({ code: '', en: 'Unknow', zh: '未知' });
    expect(nationById(7)).toMatchObject({ code: 'AL', en: 'Albania' });
    expect(nationById(253)).toMatchObject({ code: 'EH', en: 'Western Sahara' });
    expect(Math.max(...NATION.map((row) => row.id))).toBe(253);
    expect(NATION.length).toBeGreaterThanOrEqual(240);
  });

  it('has ascending ids 1–253 with only the documented gap 251–252', () => {
    const ids = NATION.map((row) => row.id);
    const expected = Array.from({ length: 253 }, (_, i) => i + 1).filter((id) => id !== 251 && id !== 252);
    expect(ids).toEqual(expected);
  });

  it('has unique two-letter codes, one per nation but Unknow', () => {
    const codes = NATION.filter((row) => row.id !== NATION_UNKNOWN).map((row) => row.code);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toHaveLength(250);
  });

  it('maps country codes to nation ids', () => {
    const china = NATION.find((row) => row.en === 'China');
    expect(china?.code).toBe('CN');
    expect(nationIdByCode('CN')).toBe(china?.id);
    expect(nationIdByCode(' cn ')).toBe(china?.id);
    expect(nationIdByCode('UK')).toBe(nationIdByCode('GB'));
    expect(nationIdByCode('AL')).toBe(7);
    expect(nationIdByCode('EH')).toBe(253);
    expect(nationIdByCode('ZZ')).toBe(NATION_UNKNOWN);
    expect(nationIdByCode('')).toBe(NATION_UNKNOWN);
    expect(nationIdByCode(null)).toBe(NATION_UNKNOWN);
  });
});

describe('lookupLabel', () => {
  it('returns the label in the asked language', () => {
    expect(lookupLabel('grade', 2, 'en')).toBe('Intentional');
    expect(lookupLabel('grade', 2, 'zh')).toBe('意向客户');
    expect(lookupLabel('nation', '7', 'en')).toBe('Albania');
    expect(lookupLabel('email_status', 'follow_up', 'zh')).toBe('跟进中');
  });

  it('falls back to the id as text, or empty for no id', () => {
    expect(lookupLabel('grade', 99, 'en')).toBe('99');
    expect(lookupLabel('units', 'furlong', 'zh')).toBe('furlong');
    expect(lookupLabel('source', null, 'en')).toBe('');
    expect(lookupLabel('source', '', 'en')).toBe('');
  });
});

describe('currencies', () => {
  it('has decimals per ISO 4217', () => {
    for (const row of CURRENCIES) {
      expect(row.minor_units).toBe(row.id === 'JPY' || row.id === 'KRW' ? 0 : 2);
      expect(row.symbol).not.toBe('');
    }
  });
});
