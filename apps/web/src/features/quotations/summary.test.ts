import type { DiffChanges } from '@quayside/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import zh from './locales/zh.json';
import { versionSummary } from './summary';

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { translation: en }, zh: { translation: zh } },
  lng: 'en',
  interpolation: { escapeValue: false },
});

const changes: DiffChanges = {
  prices: 2,
  quantities: 0,
  edited: 0,
  added: 1,
  removed: 0,
  fields: ['trade_term'],
  total_from: '12400',
  total_to: '11980.5',
  currency_from: 'USD',
  currency: 'USD',
};

describe('versionSummary', () => {
  it('words the counted changes in the reader language', () => {
    const tEn = i18n.getFixedT('en');
    const tZh = i18n.getFixedT('zh');
    expect(versionSummary(tEn, changes)).toBe(
      '2 prices changed, 1 line added, Trade term changed, total 12,400.00 → 11,980.50 USD',
    );
    expect(versionSummary(tZh, changes)).toBe(
      '2 个价格变更，新增 1 行，贸易术语已修改，总额 12,400.00 → 11,980.50 USD',
    );
    expect(versionSummary(tEn, { ...changes, prices: 1, added: 0, fields: [] })).toBe(
      '1 price changed, total 12,400.00 → 11,980.50 USD',
    );
  });

  it('says created for the first version and no changes for an identical save', () => {
    const same = { ...changes, prices: 0, added: 0, fields: [], total_to: '12400' };
    expect(versionSummary(i18n.getFixedT('en'), null)).toBe('Created');
    expect(versionSummary(i18n.getFixedT('zh'), same)).toBe('无变更');
  });
});
