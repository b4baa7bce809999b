import { describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import zh from '@/locales/zh.json';
import { ROUTES } from '@/shared/routes/paths';
import { filterRoutes } from '@/shared/routes/permission';
import { canOpenPath } from '@/shared/routes/reach';
import { matchRoute } from '@/shared/routes/resolve';
import { buildBreadcrumb } from './breadcrumb';
import { buildMenu, type MenuEntry, openKeysFor, pruneMenu } from './menu';

const menuOf = (roles: string[]) =>
  buildMenu(filterRoutes(ROUTES, roles)).map((e) =>
    e.children ? [e.key, e.children.map((c) => c.key)] : e.key,
  );

describe('sidebar menu', () => {
  it('shows the admin every module, single pages flattened', () => {
    expect(menuOf(['admin'])).toEqual([
      '/dashboard',
      '/customer/list',
      [
        '/email',
        [
          '/email/inbox',
          '/email/outbox',
          '/email/drafts',
          '/email/inquiry',
          '/email/quotation',
          '/email/trash',
          '/email/accounts',
          '/email/blacklist',
        ],
      ],
      '/task/list',
      '/product/list',
      '/inquiry/list',
      ['/order', ['/order/list', '/invoice/list', '/packing/list', '/order/quotation']],
      '/website/index',
      '/user/list',
    ]);
  });
  it('shows the editor the permitted parents only (spec §6)', () => {
    expect(menuOf(['editor'])).toEqual([
      '/dashboard',
      '/customer/list',
      '/email',
      '/task',
      '/product',
      '/order',
    ]);
  });
  it('gives a salesperson the screens she works, not the admin settings (issue 32)', () => {
    expect(menuOf(['sales'])).toEqual([
      '/dashboard',
      '/customer/list',
      [
        '/email',
        [
          '/email/inbox',
          '/email/outbox',
          '/email/drafts',
          '/email/inquiry',
          '/email/quotation',
          '/email/trash',
        ],
      ],
      '/task/list',
      '/product/list',
      '/inquiry/list',
      ['/order', ['/order/list', '/invoice/list', '/packing/list', '/order/quotation']],
    ]);
  });
  it("gives an editor who also sells the salesperson's menu", () => {
    expect(menuOf(['editor', 'sales'])).toEqual(menuOf(['sales']));
  });
  it('finds the submenus to open', () => {
    const menu = buildMenu(filterRoutes(ROUTES, ['admin']));
    expect(openKeysFor(menu, '/email/trash')).toEqual(['/email']);
    expect(openKeysFor(menu, '/customer/list')).toEqual([]);
  });
});

describe('breadcrumb', () => {
  const crumbs = (path: string) =>
    buildBreadcrumb(matchRoute(ROUTES, path)?.resolved ?? null).map(
      (c) => `${c.title}${c.to ? `→${c.to}` : ''}`,
    );
  it('starts with the dashboard', () => {
    expect(crumbs('/email/inbox')).toEqual([
      'route.dashboard→/dashboard',
      'route.email→/email/inbox',
      'route.emailInbox',
    ]);
    expect(crumbs('/order/quotation/history/3')).toEqual([
      'route.dashboard→/dashboard',
      'route.order→/order/list',
      'route.quotationHistory',
    ]);
  });
  it('is just the dashboard on the dashboard', () => {
    expect(crumbs('/dashboard')).toEqual(['route.dashboard']);
  });
  it('says a shared parent title once', () => {
    expect(crumbs('/user/list')).toEqual(['route.dashboard→/dashboard', 'route.user']);
  });
});

describe('no dead ends (issue 15)', () => {
  const built = (name: string) => ['Dashboard', 'CustomerIndex', 'EmailInbox', 'UserIndex'].includes(name);
  const menuOf = (roles: string[]) =>
    pruneMenu(buildMenu(filterRoutes(ROUTES, roles)), (p) => canOpenPath(roles, p, built));
  const keys = (entries: MenuEntry[]): string[] =>
    entries.flatMap((e) => (e.children ? keys(e.children) : [e.key]));

  it('gives an editor only entries she may open, none leading to 401 or to a module not built', () => {
    expect(keys(menuOf(['editor']))).toEqual(['/dashboard', '/customer/list']);
  });
  it('gives a salesperson only entries she may open', () => {
    expect(keys(menuOf(['sales']))).toEqual(['/dashboard', '/customer/list', '/email/inbox']);
  });
  it('gives an admin the built screens only', () => {
    expect(keys(menuOf(['admin']))).toEqual(['/dashboard', '/customer/list', '/email/inbox', '/user/list']);
  });
  it('follows redirects to the page they end on', () => {
    expect(canOpenPath(['editor'], '/email', built)).toBe(false);
    expect(canOpenPath(['admin'], '/email', built)).toBe(true);
    expect(canOpenPath(['editor'], '/customer?x=1', built)).toBe(true);
    expect(canOpenPath(['sales'], '/email', built)).toBe(true);
  });
  it("keeps the admin's settings closed to a salesperson, wherever a link points", () => {
    for (const path of ['/user/list', '/website/index', '/email/accounts', '/email/blacklist', '/user']) {
      expect(canOpenPath(['sales'], path)).toBe(false);
    }
    for (const path of [
      '/profile',
      '/order/quotation/history/3',
      '/email/emailCreate/new',
      '/invoice/detail/1',
    ]) {
      expect(canOpenPath(['sales'], path)).toBe(true);
    }
    expect(canOpenPath(['editor'], '/profile')).toBe(false);
  });
});

describe('labels (issue 15: two things never share one)', () => {
  const leafTitles = (entries: MenuEntry[]): string[] =>
    entries.flatMap((e) => (e.children ? leafTitles(e.children) : [e.title]));
  it.each([
    ['en', en],
    ['zh', zh],
  ])('no two admin menu entries read the same in %s', (_lang, messages) => {
    const route = (messages as { route: Record<string, string> }).route;
    const texts = leafTitles(buildMenu(filterRoutes(ROUTES, ['admin']))).map(
      (k) => route[k.replace('route.', '')],
    );
    expect(texts.filter((x, i) => texts.indexOf(x) !== i)).toEqual([]);
  });
});
