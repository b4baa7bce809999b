import { SavedSearches } from './SavedSearches';
import {
  type FilterSpec,
  type ListConfig,
  type ListState,
  parseListState,
  serializeListState,
} from './url-state';

/**
 * The saved searches of a list kept in the URL (useListState): saves the current search, filters
 * and sort from page 1, and applies a saved one keeping the page size.
 */
export function ListSavedSearches<S extends FilterSpec>({
  prefKey,
  config,
  state,
  replace,
}: {
  prefKey: string;
  config: ListConfig<S>;
  state: ListState<S>;
  replace: (next: ListState<S>) => void;
}) {
  return (
    <SavedSearches
      prefKey={prefKey}
      current={serializeListState({ ...state, page: 1 }, config)}
      onApply={(search) => replace({ ...parseListState(search, config), pageSize: state.pageSize })}
    />
  );
}
