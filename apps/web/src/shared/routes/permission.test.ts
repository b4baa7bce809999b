import { describe, expect, it } from 'vitest';
import { ROUTES } from './paths';
import { canAccess, filterRoutes, hasPermission } from './permission';
import type { AppRoute } from './types';

const table: AppRoute[] = [
  { path: '/open', meta: { title: 'open' } },
  {
    path: '/email',
    meta: { title: 'email', roles: ['admin', 'editor'] },
    children: [
      { path: 'inbox', meta: { title: 'inbox', roles: ['admin'] } },
      { path: 'help', meta: { title: 'help' } },
    ],
  },
  {
    path: '/admin',
    meta: { title: 'admin', roles: ['admin'] },
    children: [{ path: 'x', meta: { title: 'x' } }],
  },
];

const paths = (routes: AppRoute[]): unknown[] =>
  routes.map((r) => (r.children ? [r.path, paths(r.children)] : r.path));

describe('hasPermission', () => {
  it('lets routes without roles meta through', () => {
    expect(hasPermission(['editor'], { path: '/a' })).toBe(true);
    expect(hasPermission([], { path: '/a', meta: { title: 'a' } })).toBe(true);
  });
  it('needs one of the listed roles', () => {
    expect(hasPermission(['editor'], { path: '/a', meta: { title: 'a', roles: ['admin'] } })).toBe(false);
    expect(hasPermission(['editor'], { path: '/a', meta: { title: 'a', roles: ['admin', 'editor'] } })).toBe(
      true,
    );
  });
  it('lets admin through everything', () => {
    expect(hasPermission(['admin'], { path: '/a', meta: { title: 'a', roles: ['editor'] } })).toBe(true);
  });
});

describe('filterRoutes', () => {
  it('keeps everything for admin', () => {
    expect(paths(filterRoutes(table, ['admin']))).toEqual(paths(table));
  });
  it('filters children recursively and keeps a passing parent', () => {
    expect(paths(filterRoutes(table, ['editor']))).toEqual(['/open', ['/email', ['help']]]);
  });
  it('keeps a passing parent even when all its children are filtered out', () => {
    const onlyAdminChildren: AppRoute[] = [
      {
        path: '/p',
        meta: { title: 'p', roles: ['editor'] },
        children: [{ path: 'c', meta: { title: 'c', roles: ['admin'] } }],
      },
    ];
    expect(paths(filterRoutes(onlyAdminChildren, ['editor']))).toEqual([['/p', []]]);
  });
  it('does not change the table', () => {
    filterRoutes(table, ['editor']);
    expect(table[1]?.children).toHaveLength(2);
  });
});

describe('canAccess', () => {
  it('needs every ancestor to pass', () => {
    const [, email, admin] = table as [AppRoute, AppRoute, AppRoute];
    expect(canAccess(['editor'], [email, email.children?.[1] as AppRoute])).toBe(true);
    expect(canAccess(['editor'], [email, email.children?.[0] as AppRoute])).toBe(false);
    expect(canAccess(['editor'], [admin, admin.children?.[0] as AppRoute])).toBe(false);
  });
});

describe('the route table (spec §2)', () => {
  const editorTop = filterRoutes(ROUTES, ['editor']).map((r) => r.path);
  it('gives the editor the parents the spec allows', () => {
    expect(editorTop).toEqual(['/', '/customer', '/email', '/task', '/product', '/order', '/profile']);
  });
  it('keeps admin-only children away from the editor', () => {
    const email = filterRoutes(ROUTES, ['editor']).find((r) => r.path === '/email');
    expect(email?.children).toEqual([]);
    const task = filterRoutes(ROUTES, ['editor']).find((r) => r.path === '/task');
    expect(task?.children?.map((c) => c.path)).toEqual(['create', 'detail/:id']);
    const profile = filterRoutes(ROUTES, ['editor']).find((r) => r.path === '/profile');
    expect(profile?.children).toEqual([]);
  });
  it('gives a salesperson the parents and children she works, not the admin settings (issue 32)', () => {
    const sales = filterRoutes(ROUTES, ['sales']);
    expect(sales.map((r) => r.path)).toEqual([
      '/',
      '/customer',
      '/email',
      '/task',
      '/product',
      '/inquiry',
      '/order',
      '/profile',
    ]);
    const email = sales.find((r) => r.path === '/email');
    expect(email?.children?.map((c) => c.path)).not.toContain('accounts');
    expect(email?.children?.map((c) => c.path)).not.toContain('blacklist');
    const order = sales.find((r) => r.path === '/order');
    const allOrder = ROUTES.find((r) => r.path === '/order')?.children;
    expect(order?.children?.map((c) => c.path)).toEqual(allOrder?.map((c) => c.path));
    expect(sales.find((r) => r.path === '/profile')?.children?.map((c) => c.path)).toEqual(['index']);
  });
});
