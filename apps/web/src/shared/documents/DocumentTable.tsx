import type { ListAnswer } from '@quayside/contract';
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toThousands } from '@/shared/format';
import { type ListColumn, type ListPaging, ListTable } from '@/shared/list/ListTable';
import { ListToolbar } from '@/shared/list/ListToolbar';
import { useColumnPrefs } from '@/shared/list/useColumnPrefs';

/**
 * The table card of a document list: the count of the filter, the column chooser (remembered under
 * `prefKey`), a refresh, whatever the list shows above its rows (`above`: the order totals), and the
 * kit's table with server-side sort. `pinStart` (the number) is always shown.
 */
export function DocumentTable<T extends { id: number }>({
  prefKey,
  columns,
  pinStart,
  list,
  paging,
  defaultSort,
  onPagingChange,
  empty,
  above,
}: {
  prefKey: string;
  columns: ListColumn<T>[];
  pinStart?: ListColumn<T>[];
  list: { data: ListAnswer<T> | undefined; isFetching: boolean; refetch: () => unknown };
  paging: ListPaging;
  defaultSort: string;
  onPagingChange: (change: Partial<ListPaging>) => void;
  empty: ReactNode;
  above?: ReactNode;
}) {
  const { t } = useTranslation();
  const prefs = useColumnPrefs(prefKey, columns);
  const total = list.data?.total;
  return (
    <Card variant="borderless" className="table-card">
      <ListToolbar
        summary={
          total === undefined ? '' : t('documents.count', { count: total, formatted: toThousands(total) })
        }
        columns={columns}
        prefs={prefs}
        list={list}
      />
      {above}
      <ListTable<T>
        rowKey="id"
        columns={columns}
        settings={prefs.settings}
        pinStart={pinStart}
        data={prefs.loaded ? list.data : undefined}
        loading={(list.isFetching && !list.data) || !prefs.loaded}
        paging={paging}
        defaultSort={defaultSort}
        onPagingChange={onPagingChange}
        empty={empty}
      />
    </Card>
  );
}
