import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { defineList } from './url-state';
import { useListState } from './useListState';

const LIST = defineList({
  filters: { grade: 'ids', owner: 'text' },
  sorts: ['created_at', 'company_name'],
  defaultSort: '-created_at',
});

function setup(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ list: useListState(LIST), location: useLocation() }), { wrapper });
}

describe('useListState', () => {
  it('reads the list from the URL', () => {
    const { result } = setup('/customer/list?grade=1,3&sort=company_name&page=2');
    expect(result.current.list.state).toMatchObject({
      page: 2,
      sort: 'company_name',
      filters: { grade: [1, 3] },
    });
  });

  it('writes changes to the URL, starting again at page 1 for a new filter', () => {
    const { result } = setup('/customer/list?page=4');
    act(() => result.current.list.update({ filters: { grade: [2] }, q: 'acme' }));
    expect(result.current.location.pathname).toBe('/customer/list');
    expect(result.current.location.search).toBe('?q=acme&grade=2');
    expect(result.current.list.state.page).toBe(1);

    act(() => result.current.list.update({ page: 3 }));
    expect(result.current.location.search).toBe('?q=acme&grade=2&page=3');
  });

  it('replaces the history entry instead of adding one per keystroke', () => {
    const { result } = setup('/customer/list');
    const before = result.current.location.key;
    act(() => result.current.list.update({ q: 'a' }));
    act(() => result.current.list.update({ q: 'ab' }));
    // A replace gives a new key but the same history length: the back button leaves the list.
    expect(result.current.location.key).not.toBe(before);
    expect(window.history.length).toBe(1);
  });

  it('resets the filters but keeps the page size and sort', () => {
    const { result } = setup('/customer/list?q=x&grade=1&owner=me&sort=company_name&page_size=50&page=2');
    act(() => result.current.list.reset());
    expect(result.current.location.search).toBe('?sort=company_name&page_size=50');
  });
});

describe('useListState with handlers made earlier', () => {
  it('applies a late change to the list as it is now, keeping a filter picked meanwhile', () => {
    const { result } = setup('/customer/list');
    const staleUpdate = result.current.list.update;
    act(() => result.current.list.update({ filters: { grade: [2] } }));
    act(() => staleUpdate({ q: 'acme' }));
    expect(result.current.location.search).toBe('?q=acme&grade=2');
  });

  it('keeps the page when a change changes nothing', () => {
    const { result } = setup('/customer/list?q=acme&page=3');
    act(() => result.current.list.update({ q: 'acme' }));
    expect(result.current.location.search).toBe('?q=acme&page=3');
  });
});
