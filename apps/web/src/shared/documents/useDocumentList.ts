import { useCallback, useMemo } from 'react';
import type { ListPaging } from '@/shared/list/ListTable';
import { type FilterSpec, filterParams, type ListConfig, listParams } from '@/shared/list/url-state';
import { useListState } from '@/shared/list/useListState';
import { documentParams } from './document-list';

/**
 * A document list's state in the URL (`useListState`), with the query of the page and the query of
 * its export (every row of the filter). `known` (a module constant) names the comma filters' values.
 */
export function useDocumentList<S extends FilterSpec>(
  config: ListConfig<S>,
  known?: Readonly<Record<string, readonly string[]>>,
) {
  const { state, update, reset } = useListState(config);
  const params = useMemo(() => documentParams(listParams(state), known), [state, known]);
  const exportParams = useMemo(() => documentParams(filterParams(state), known), [state, known]);
  const onPaging = useCallback((change: Partial<ListPaging>) => update(change), [update]);
  return { state, update, reset, params, exportParams, onPaging };
}
