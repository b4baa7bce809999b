import { describe, expect, it } from 'vitest';

/** Every feature's and kit's own texts (features/<m>/locales, shared/<kit>/locales) exist in both languages. */
const files = import.meta.glob<Record<string, unknown>>(
  ['../../features/*/locales/*.json', '../*/locales/*.json'],
  {
    eager: true,
    import: 'default',
  },
);

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

const dirs = [...new Set(Object.keys(files).map((path) => path.replace(/\/[a-z]+\.json$/, '')))];

describe('module locales', () => {
  it('finds the feature and kit locales', () => {
    expect(dirs).toEqual(expect.arrayContaining(['../../features/customers/locales', './locales']));
  });

  for (const dir of dirs) {
    it(`${dir}: en and zh have the same keys and no empty text`, () => {
      const en = files[`${dir}/en.json`];
      const zh = files[`${dir}/zh.json`];
      expect(en, `${dir}/en.json`).toBeDefined();
      expect(zh, `${dir}/zh.json`).toBeDefined();
      expect(keys(zh ?? {}).sort()).toEqual(keys(en ?? {}).sort());
      for (const [lang, dict] of [
        ['en', en],
        ['zh', zh],
      ] as const) {
        for (const key of keys(dict ?? {})) {
          const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], dict);
          expect(String(value).trim(), `${lang}:${key}`).not.toBe('');
        }
      }
    });
  }
});
