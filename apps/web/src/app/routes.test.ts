import { describe, expect, it } from 'vitest';
import { ROUTES } from '@/shared/routes/paths';
import { flattenRoutes } from '@/shared/routes/resolve';
import { PAGES } from './routes';

describe('pages of the route table', () => {
  it('gives every named route a page, and no page without a route', () => {
    const names = flattenRoutes(ROUTES)
      .map((r) => r.route.name)
      .filter((n): n is string => Boolean(n));
    expect(names.filter((n) => !PAGES[n])).toEqual([]);
    expect(Object.keys(PAGES).filter((n) => !names.includes(n))).toEqual([]);
  });
});
