import type { PackingChanges } from '@quayside/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import zh from './locales/zh.json';
import { packingSummary } from './summary';

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { translation: en }, zh: { translation: zh } },
  lng: 'en',
  interpolation: { escapeValue: false },
});

const changes: PackingChanges = {
  quantities: 1,
  cartons: 2,
  edited: 0,
  added: 0,
  removed: 1,
  fields: ['container_number', 'shipping_marks'],
  total_cbm_from: '1.008',
  total_cbm_to: '0.954',
};

describe('packing list version summary', () => {
  it('words the counted changes in English and Chinese', () => {
    expect(packingSummary(changes, i18n.getFixedT('en'))).toBe(
      '1 quantity changed, 2 carton counts changed, 1 line removed, Container No., Shipping marks changed, CBM 1.008 → 0.954',
    );
    expect(packingSummary(changes, i18n.getFixedT('zh'))).toBe(
      '1 行数量变更，2 行箱数变更，删除 1 行，柜号，唛头已修改，体积 1.008 → 0.954',
    );
    const none = { ...changes, quantities: 0, cartons: 0, removed: 0, fields: [], total_cbm_to: '1.008' };
    expect(packingSummary(none, i18n.getFixedT('en'))).toBe('No changes');
  });
});
