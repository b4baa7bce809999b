import type { ListAnswer } from '@quayside/contract';
import { Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { Key, ReactNode } from 'react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import './list.css';
import { paginationConfig } from '@/shared/ui/pagination';
import type { ColumnSetting } from './column-prefs';
import { type SortOrder, sortFromTable, sortOrderOf } from './sort';

export interface ListColumn<T> extends Omit<ColumnType<T>, 'key' | 'sorter' | 'sortOrder'> {
  key: string;
  /** Plain name of the column for the column chooser. */
  label: string;
  /** The API's sort name when the list can be sorted by this column. */
  sortField?: string;
  /** Sort newest/largest first on the first click (dates). */
  descendFirst?: boolean;
  defaultHidden?: boolean;
}

export interface ListPaging {
  page: number;
  pageSize: number;
  sort: string;
}

interface ListTableProps<T> {
  rowKey: keyof T & string;
  /** The columns the user can choose, in their default order. */
  columns: ListColumn<T>[];
  /** The user's choice (useColumnPrefs); every column when absent. */
  settings?: ColumnSetting[];
  /** Always shown before / after the chosen columns (e.g. the name, the row actions). */
  pinStart?: ListColumn<T>[];
  pinEnd?: ListColumn<T>[];
  data: ListAnswer<T> | undefined;
  loading: boolean;
  paging: ListPaging;
  defaultSort: string;
  onPagingChange: (change: Partial<ListPaging>) => void;
  /** Row selection for bulk actions; kept across pages. */
  selectedKeys?: Key[];
  onSelectedKeysChange?: (keys: Key[]) => void;
  empty?: ReactNode;
  rowClassName?: TableProps<T>['rowClassName'];
  /** Row event handlers (e.g. open a row on click). */
  onRow?: TableProps<T>['onRow'];
}

/**
 * The table of every list screen: the user's columns, server-side sort and the SHELL.md pagination
 * (10/20/30/50; total, sizes, prev, pager, next, jumper), with an optional selection for bulk actions.
 */
/**
 * A column that ends long values in an ellipsis keeps its width: the table is as wide as its
 * content (`max-content`), so without a cap a 200-character name would widen its cell instead.
 */
function capped<T>(column: ColumnType<T>): ColumnType<T> {
  const { width, ellipsis, onCell } = column;
  if (!ellipsis || typeof width !== 'number') return column;
  return {
    ...column,
    onCell: (record, index) => {
      const cell = onCell?.(record, index) ?? {};
      return { ...cell, style: { ...cell.style, maxWidth: width } };
    },
  };
}

export function ListTable<T extends object>({
  rowKey,
  columns,
  settings,
  pinStart = [],
  pinEnd = [],
  data,
  loading,
  paging,
  defaultSort,
  onPagingChange,
  selectedKeys,
  onSelectedKeysChange,
  empty,
  rowClassName,
  onRow,
}: ListTableProps<T>) {
  const { t } = useTranslation();

  const shown = useMemo(() => {
    const byKey = new Map(columns.map((c) => [c.key, c]));
    const chosen = settings
      ? settings.filter((s) => s.visible).flatMap((s) => byKey.get(s.key) ?? [])
      : columns.filter((c) => !c.defaultHidden);
    return [...pinStart, ...chosen, ...pinEnd].map((column): ColumnType<T> => {
      const { label: _label, sortField, descendFirst, defaultHidden: _hidden, ...own } = column;
      const rest = capped(own);
      if (!sortField) return rest;
      return {
        ...rest,
        sorter: true,
        sortOrder: sortOrderOf(paging.sort, sortField),
        sortDirections: descendFirst ? ['descend', 'ascend'] : ['ascend', 'descend'],
      };
    });
  }, [columns, settings, pinStart, pinEnd, paging.sort]);

  const sortFields = useMemo(
    () => new Map([...pinStart, ...columns, ...pinEnd].map((c) => [c.key, c.sortField])),
    [columns, pinStart, pinEnd],
  );

  // A page past the end (rows deleted, a narrower filter in a link): show the last one instead.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / paging.pageSize)) : 1;
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && paging.page > lastPage)
      onPagingChange({ page: lastPage });
  }, [data, paging.page, lastPage, onPagingChange]);

  return (
    <Table<T>
      rowKey={rowKey}
      size="middle"
      className="list-table"
      columns={shown}
      dataSource={data?.items ?? []}
      loading={loading}
      // The page scrolls inside the layout's main area, not the window.
      sticky={{
        getContainer: () => (document.querySelector<HTMLElement>('.app-main') ?? window) as HTMLElement,
      }}
      scroll={{ x: 'max-content' }}
      showSorterTooltip={false}
      locale={empty ? { emptyText: empty } : undefined}
      rowClassName={rowClassName}
      onRow={onRow}
      rowSelection={
        onSelectedKeysChange
          ? {
              selectedRowKeys: selectedKeys ?? [],
              preserveSelectedRowKeys: true,
              onChange: (keys) => onSelectedKeysChange(keys),
              columnWidth: 40,
              fixed: 'left',
            }
          : undefined
      }
      onChange={(_pagination, _filters, sorter, extra) => {
        if (extra.action !== 'sort') return;
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        const field = one?.columnKey === undefined ? undefined : sortFields.get(String(one.columnKey));
        onPagingChange({
          sort: sortFromTable(field, (one?.order ?? null) as SortOrder, defaultSort),
          page: 1,
        });
      }}
      pagination={paginationConfig(
        t,
        {
          page: paging.page,
          pageSize: paging.pageSize,
          total: data?.total ?? 0,
          capped: data?.total_capped,
        },
        (page, pageSize) => onPagingChange(pageSize !== paging.pageSize ? { pageSize, page: 1 } : { page }),
      )}
    />
  );
}
