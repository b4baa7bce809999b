import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  changesNothing,
  emptyListState,
  type FilterSpec,
  type FilterValues,
  type ListConfig,
  type ListState,
  nextListState,
  parseListState,
  serializeListState,
} from './url-state';

export type ListChange<S extends FilterSpec> = Partial<Omit<ListState<S>, 'filters'>> & {
  filters?: FilterValues<S>;
};

/**
 * A list's page, size, sort, search and filters, kept in the page's URL. Changes replace the
 * history entry (typing a search does not fill the back button), and the tab of the page keeps
 * its URL, so switching tabs or reloading gives the same list.
 */
export function useListState<S extends FilterSpec>(config: ListConfig<S>) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => parseListState(search, config), [search, config]);
  // Changes apply to the list as it is when they happen, not as it was when a handler was made
  // (a search typed before a filter was picked lands after the pick, keeping it).
  const latest = useRef({ state, search, pathname });
  latest.current = { state, search, pathname };

  const replace = useCallback(
    (next: ListState<S>) => {
      const qs = serializeListState(next, config);
      const target = qs ? `?${qs}` : '';
      if (target === latest.current.search) return;
      latest.current = { ...latest.current, state: next, search: target };
      navigate({ pathname: latest.current.pathname, search: target }, { replace: true });
    },
    [config, navigate],
  );

  const update = useCallback(
    (change: ListChange<S>) => {
      const current = latest.current.state;
      if (!changesNothing(current, change)) replace(nextListState(current, change));
    },
    [replace],
  );
  const reset = useCallback(() => {
    const { pageSize, sort } = latest.current.state;
    replace({ ...emptyListState(config), pageSize, sort });
  }, [config, replace]);

  return { state, update, reset, replace };
}
