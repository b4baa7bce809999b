import { ReloadOutlined } from '@ant-design/icons';
import type { ListAnswer } from '@quayside/contract';
import { Button, Card, Space, Tooltip } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toThousands } from '@/shared/format';
import { ColumnChooser } from '@/shared/list/ColumnChooser';
import { isDefault } from '@/shared/list/column-prefs';
import { type ListColumn, type ListPaging, ListTable } from '@/shared/list/ListTable';
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
  const labels = useMemo(() => Object.fromEntries(columns.map((c) => [c.key, c.label])), [columns]);
  const total = list.data?.total;
  return (
    <Card variant="borderless" className="table-card">
      <div className="list-toolbar">
        <span className="list-toolbar__summary" aria-live="polite">
          {total === undefined ? '' : t('documents.count', { count: total, formatted: toThousands(total) })}
        </span>
        <Space size={8} className="list-toolbar__tools">
          <ColumnChooser
            settings={prefs.settings}
            labels={labels}
            onChange={prefs.save}
            onReset={prefs.reset}
            isDefault={isDefault(columns, prefs.settings)}
          />
          <Tooltip title={t('tags.refresh')}>
            <Button
              icon={<ReloadOutlined spin={list.isFetching} />}
              aria-label={t('tags.refresh')}
              onClick={() => void list.refetch()}
            />
          </Tooltip>
        </Space>
      </div>
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
