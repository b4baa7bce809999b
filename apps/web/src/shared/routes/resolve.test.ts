import { describe, expect, it } from 'vitest';
import { matchRoute } from './resolve';
import type { AppRoute } from './types';

const table = (detail: string): AppRoute[] => [
  {
    path: '/customer',
    redirect: '/customer/list',
    children: [
      { path: 'list', name: 'CustomerList' },
      { path: ':id', name: detail },
      { path: 'new', name: 'CustomerNew' },
    ],
  },
];

describe('matchRoute', () => {
  it('prefers a static path over one with params, whatever the order', () => {
    const routes = table('CustomerDetail');
    expect(matchRoute(routes, '/customer/new')?.resolved.route.name).toBe('CustomerNew');
    expect(matchRoute(routes, '/customer/42/')?.params).toEqual({ id: '42' });
    expect(matchRoute(routes, '/customer')?.resolved.route.redirect).toBe('/customer/list');
    expect(matchRoute(routes, '/nowhere')).toBeNull();
  });

  it('answers a path asked again the same, and each table for itself', () => {
    const one = table('One');
    const other = table('Other');
    expect(matchRoute(one, '/customer/7')).toBe(matchRoute(one, '/customer/7/'));
    expect(matchRoute(one, '/nowhere')).toBeNull();
    expect(matchRoute(one, '/nowhere')).toBeNull();
    expect(matchRoute(other, '/customer/7')?.resolved.route.name).toBe('Other');
  });
});
