import { describe, expect, it } from 'vitest';
import { ROUTES } from '@/shared/routes/paths';
import { flattenRoutes } from '@/shared/routes/resolve';
import en from './en.json';
import zh from './zh.json';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

function lookup(obj: object, key: string): unknown {
  return key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], obj);
}

describe('locales', () => {
  it('en and zh have the same keys', () => {
    expect(keys(zh).sort()).toEqual(keys(en).sort());
  });
  it('has no empty text', () => {
    for (const [lang, dict] of [
      ['en', en],
      ['zh', zh],
    ] as const) {
      for (const key of keys(dict)) expect(String(lookup(dict, key)).trim(), `${lang}:${key}`).not.toBe('');
    }
  });
  it('translates every route title', () => {
    for (const { route } of flattenRoutes(ROUTES)) {
      const title = route.meta?.title;
      if (!title) continue;
      expect(typeof lookup(en, title), title).toBe('string');
      expect(typeof lookup(zh, title), title).toBe('string');
    }
  });
});
