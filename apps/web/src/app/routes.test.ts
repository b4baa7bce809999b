import { describe, expect, it } from 'vitest';
import { ROUTES } from '@/shared/routes/paths';
import { flattenRoutes } from '@/shared/routes/resolve';
import { PAGES } from './routes';

describe('pages of the route table', () => {
  it('gives no page to a name the route table lacks', () => {
    const names = flattenRoutes(ROUTES)
      .map((r) => r.route.name)
      .filter((n): n is string => Boolean(n));
    expect(PAGES.Dashboard).toBeDefined();
    expect(Object.keys(PAGES).filter((n) => !names.includes(n))).toEqual([]);
  });
});
