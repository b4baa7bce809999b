import { UndoOutlined } from '@ant-design/icons';
import { type Customer, DEFAULT_PAGE_SIZE } from '@quayside/contract';
import { App, Button, Drawer, Input, Space, Table, Typography } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackCloses } from '@/shared/form/useBackCloses';
import { parseTime } from '@/shared/format';
import { paginationConfig } from '@/shared/ui/pagination';
import { useDeletedCustomers, useRestoreCustomers } from '../api';
import { customerTitle, fieldLabel, langOf } from '../fields';

/** Days a deleted customer can still be restored (the server removes them for good after 30). */
export const RESTORE_DAYS = 30;

export function daysLeft(deletedAt: string | null, now = Date.now()): number {
  if (!deletedAt) return RESTORE_DAYS;
  const passed = (now - new Date(deletedAt).getTime()) / 86_400_000;
  return Math.max(0, Math.ceil(RESTORE_DAYS - passed));
}

/** The recycle bin (admin): customers deleted in the last 30 days, restorable one by one or together. */
export function RecycleBinDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<Key[]>([]);
  const list = useDeletedCustomers(
    { page, page_size: pageSize, sort: '-created_at', ...(q ? { q } : {}) },
    open,
  );
  const restore = useRestoreCustomers();
  // Back closes the bin, as it closes every drawer that belongs to its page.
  const stepBack = useBackCloses(open, 'recycle-bin', () => onClose());
  const close = () => {
    stepBack();
    onClose();
  };

  const run = async (ids: number[]) => {
    const { count } = await restore.mutateAsync(ids);
    setSelected([]);
    void message.success(t('customers.restored', { count }));
  };

  return (
    <Drawer
      open={open}
      onClose={close}
      size={860}
      title={t('customers.binTitle')}
      destroyOnHidden
      extra={
        <Button
          type="primary"
          icon={<UndoOutlined />}
          disabled={selected.length === 0}
          loading={restore.isPending}
          onClick={() => run(selected as number[])}
        >
          {t('customers.restoreSelected', { count: selected.length })}
        </Button>
      }
    >
      <Space orientation="vertical" size={12} className="full-width">
        <Typography.Text type="secondary">{t('customers.binHint', { days: RESTORE_DAYS })}</Typography.Text>
        <Input.Search
          allowClear
          placeholder={t('customers.searchPlaceholder')}
          aria-label={t('customers.search')}
          onSearch={(v) => {
            setQ(v.trim());
            setPage(1);
          }}
        />
        <Table<Customer>
          rowKey="id"
          size="middle"
          dataSource={list.data?.items ?? []}
          loading={list.isFetching && !list.data}
          locale={{ emptyText: t('customers.binEmpty') }}
          rowSelection={{ selectedRowKeys: selected, onChange: setSelected, preserveSelectedRowKeys: true }}
          columns={[
            {
              key: 'title',
              title: fieldLabel('company_name', lang),
              ellipsis: true,
              render: (_, c) => customerTitle(c),
            },
            { key: 'email', title: fieldLabel('email', lang), dataIndex: 'email', ellipsis: true },
            {
              key: 'deleted',
              title: t('customers.deletedAt'),
              width: 150,
              render: (_, c) => parseTime(c.deleted_at, '{y}-{m}-{d} {h}:{i}'),
            },
            {
              key: 'left',
              title: t('customers.daysLeft'),
              width: 110,
              render: (_, c) => t('customers.days', { count: daysLeft(c.deleted_at) }),
            },
            {
              key: 'actions',
              title: t('common.actions'),
              width: 110,
              render: (_, c) => (
                <Button type="link" size="small" icon={<UndoOutlined />} onClick={() => run([c.id])}>
                  {t('customers.restore')}
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
