import { UndoOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@quayside/contract';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Button, Drawer, Input, Space, Table, type TableColumnsType, Typography } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { useBackCloses } from '@/shared/form/useBackCloses';
import { parseTime } from '@/shared/format';
import { paginationConfig } from '@/shared/ui/pagination';

/** Days a deleted row can still be restored (the server removes it for good after 30). */
export const RESTORE_DAYS = 30;

export function daysLeft(deletedAt: string | null, now = Date.now()): number {
  if (!deletedAt) return RESTORE_DAYS;
  const passed = (now - new Date(deletedAt).getTime()) / 86_400_000;
  return Math.max(0, Math.ceil(RESTORE_DAYS - passed));
}

export type BinQuery = { page: number; page_size: number; q?: string };

interface Deleted {
  id: number;
  deleted_at: string | null;
}

export interface RecycleBinProps<T extends Deleted> {
  open: boolean;
  onClose: () => void;
  /** The module's deleted-rows query; a hook, called once per render. */
  useDeleted: (query: BinQuery, enabled: boolean) => UseQueryResult<{ items: T[]; total: number }>;
  restore: Pick<UseMutationResult<{ count: number }, Error, number[]>, 'mutateAsync' | 'isPending'>;
  /** i18n prefix holding the bin's texts (`binTitle`, `restored`, `days`…), e.g. `customers`. */
  texts: string;
  /** The columns naming the row; deleted-at, days left and restore follow. */
  columns: TableColumnsType<T>;
  size: number;
  /** Width of the days-left and restore columns. */
  tailWidth: number;
  /** When set, Back closes the bin (it takes a history step under this id). */
  backId?: string;
}

/** The recycle bin: rows deleted in the last 30 days, restorable one by one or together. */
export function RecycleBinDrawer<T extends Deleted>(props: RecycleBinProps<T>) {
  const { open, onClose, useDeleted, restore, texts, columns, size, tailWidth, backId } = props;
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<Key[]>([]);
  const list = useDeleted({ page, page_size: pageSize, ...(q ? { q } : {}) }, open);
  const stepBack = useBackCloses(open && backId !== undefined, backId ?? 'recycle-bin', () => onClose());
  const close = () => {
    stepBack();
    onClose();
  };

  const run = async (ids: number[]) => {
    const { count } = await restore.mutateAsync(ids);
    setSelected([]);
    void message.success(t(`${texts}.restored`, { count }));
  };

  return (
    <Drawer
      open={open}
      onClose={close}
      size={size}
      title={t(`${texts}.binTitle`)}
      destroyOnHidden
      extra={
        <Button
          type="primary"
          icon={<UndoOutlined />}
          disabled={selected.length === 0}
          loading={restore.isPending}
          onClick={() => run(selected as number[])}
        >
          {t(`${texts}.restoreSelected`, { count: selected.length })}
        </Button>
      }
    >
      <Space orientation="vertical" size={12} className="full-width">
        <Typography.Text type="secondary">{t(`${texts}.binHint`, { days: RESTORE_DAYS })}</Typography.Text>
        <Input.Search
          allowClear
          placeholder={t(`${texts}.searchPlaceholder`)}
          aria-label={t(`${texts}.search`)}
          onSearch={(v) => {
            setQ(v.trim());
            setPage(1);
          }}
        />
        <Table<T>
          rowKey="id"
          size="middle"
          dataSource={list.data?.items ?? []}
          loading={list.isFetching && !list.data}
          locale={{ emptyText: t(`${texts}.binEmpty`) }}
          rowSelection={{ selectedRowKeys: selected, onChange: setSelected, preserveSelectedRowKeys: true }}
          columns={[
            ...columns,
            {
              key: 'deleted',
              title: t(`${texts}.deletedAt`),
              width: 150,
              render: (_, r) => parseTime(r.deleted_at, '{y}-{m}-{d} {h}:{i}'),
            },
            {
              key: 'left',
              title: t(`${texts}.daysLeft`),
              width: tailWidth,
              render: (_, r) => t(`${texts}.days`, { count: daysLeft(r.deleted_at) }),
            },
            {
              key: 'actions',
              title: t('common.actions'),
              width: tailWidth,
              render: (_, r) => (
                <Button type="link" size="small" icon={<UndoOutlined />} onClick={() => run([r.id])}>
                  {t(`${texts}.restore`)}
                </Button>
              ),
            },
          ]}
          pagination={paginationConfig(t, { page, pageSize, total: list.data?.total ?? 0 }, (p, s) => {
            setPage(s !== pageSize ? 1 : p);
            setPageSize(s);
          })}
        />
      </Space>
    </Drawer>
  );
}
