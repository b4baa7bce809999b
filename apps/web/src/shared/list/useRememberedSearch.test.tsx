import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchToRestore, useRememberedSearch } from './useRememberedSearch';

const calls = vi.hoisted(() => ({
  saved: null as unknown,
  posts: [] as unknown[],
  /** Holds the read of the saved search back until released. */
  gate: Promise.resolve(),
}));
vi.mock('@/shared/request', () => ({
  get: async () => {
    await calls.gate;
    return { key: 'k', value: calls.saved };
  },
  post: async (_path: string, body: unknown) => {
    calls.posts.push(body);
    return null;
  },
}));

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('searchToRestore', () => {
  it('brings the saved search back only to a plain URL', () => {
    expect(searchToRestore('', { search: 'status=handled' })).toBe('status=handled');
    expect(searchToRestore('?', { search: '?q=x' })).toBe('q=x');
    expect(searchToRestore('?q=abc', { search: 'status=handled' })).toBeNull();
    expect(searchToRestore('', { search: '' })).toBeNull();
    expect(searchToRestore('', null)).toBeNull();
    expect(searchToRestore('', 'status=handled')).toBeNull();
  });
});

describe('useRememberedSearch', () => {
  beforeEach(() => {
    calls.saved = null;
    calls.posts = [];
    calls.gate = Promise.resolve();
  });
  afterEach(() => vi.useRealTimers());

  it('applies the saved search when opened plain, then saves changes after a pause', async () => {
    calls.saved = { search: 'status=handled' };
    const apply = vi.fn();
    const { rerender } = renderHook(
      ({ current }) => useRememberedSearch('email.inbox.search', '', current, apply),
      { wrapper, initialProps: { current: '' } },
    );
    await waitFor(() => expect(apply).toHaveBeenCalledWith('status=handled'));
    rerender({ current: 'status=handled' });
    rerender({ current: 'status=closed' });
    await waitFor(
      () => expect(calls.posts).toEqual([{ key: 'email.inbox.search', value: { search: 'status=closed' } }]),
      {
        timeout: 2000,
      },
    );
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('keeps the search of a link and does not overwrite the saved one before it is known', async () => {
    calls.saved = { search: 'status=handled' };
    const apply = vi.fn();
    renderHook(() => useRememberedSearch('email.inbox.search', '?q=invoice', 'q=invoice', apply), {
      wrapper,
    });
    await waitFor(() => expect(calls.posts).toHaveLength(1), { timeout: 2000 });
    expect(apply).not.toHaveBeenCalled();
    expect(calls.posts[0]).toEqual({ key: 'email.inbox.search', value: { search: 'q=invoice' } });
    await act(async () => {});
  });

  it('keeps a search made while the saved one was on its way', async () => {
    calls.saved = { search: 'q=yesterday' };
    let release = () => {};
    calls.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const apply = vi.fn();
    const { rerender } = renderHook(
      ({ current }) => useRememberedSearch('user.list.search', '', current, apply),
      { wrapper, initialProps: { current: '' } },
    );
    rerender({ current: 'q=today' });
    await act(async () => release());
    await waitFor(
      () => expect(calls.posts).toEqual([{ key: 'user.list.search', value: { search: 'q=today' } }]),
      { timeout: 2000 },
    );
    expect(apply).not.toHaveBeenCalled();
  });
});
