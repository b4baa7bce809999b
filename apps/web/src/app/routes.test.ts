import { describe, expect, it } from 'vitest';
import { ROUTES } from '@/shared/routes/paths';
import { canAccess } from '@/shared/routes/permission';
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

  /** The named routes a user with `roles` may open. */
  const opened = (roles: string[]) =>
    flattenRoutes(ROUTES)
      .filter((r) => r.route.name && canAccess(roles, r.chain))
      .map((r) => r.route.name as string);

  it('builds every page a salesperson may open, none admin-only (issue 32)', () => {
    const sales = opened(['sales']);
    expect(sales.filter((n) => !(n in PAGES))).toEqual([]);
    for (const admin of ['UserIndex', 'WebsiteIndex', 'EmailAccounts', 'EmailBlacklist']) {
      expect(sales).not.toContain(admin);
    }
    for (const page of [
      'EmailInbox',
      'EmailCreateView',
      'ProductIndex',
      'OrderQuotationIndex',
      'ProfileIndex',
    ]) {
      expect(sales).toContain(page);
    }
  });

  it('keeps the editor where the spec puts her (spec §6)', () => {
    expect(opened(['editor'])).toEqual([
      'Dashboard',
      'CustomerIndex',
      'CustomerCreate',
      'CustomerDetailView',
      'TaskCreateView',
      'TaskDetailView',
      'CreateQuotation',
      'UpdateQuotation',
    ]);
  });
});
