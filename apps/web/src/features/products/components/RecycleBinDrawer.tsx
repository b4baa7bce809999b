import { UndoOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, type Product } from '@quayside/contract';
import { App, Button, Drawer, Input, Space, Table, Typography } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from '@/shared/format';
import { paginationConfig } from '@/shared/ui/pagination';
import { useDeletedProducts, useRestoreProducts } from '../api';
import { fieldLabel, langOf } from '../fields';
import { Cover } from './columns';

/** Days a deleted product can still be restored (the server removes it for good after 30). */
const RESTORE_DAYS = 30;
const daysLeft = (deletedAt: string | null, now = Date.now()) =>
  deletedAt
    ? Math.max(0, Math.ceil(RESTORE_DAYS - (now - new Date(deletedAt).getTime()) / 86_400_000))
    : RESTORE_DAYS;

/** The bin: products deleted in the last 30 days, restorable one by one or together. */
export function RecycleBinDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<Key[]>([]);
  const list = useDeletedProducts({ page, page_size: pageSize, ...(q ? { q } : {}) }, open);
  const restore = useRestoreProducts();
  const run = async (ids: number[]) => {
    const { count } = await restore.mutateAsync(ids);
    setSelected([]);
    void message.success(t('products.restored', { count }));
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={820}
      title={t('products.binTitle')}
      destroyOnHidden
      extra={
        <Button
          type="primary"
          icon={<UndoOutlined />}
          disabled={selected.length === 0}
          loading={restore.isPending}
          onClick={() => run(selected as number[])}
        >
          {t('products.restoreSelected', { count: selected.length })}
        </Button>
      }
    >
      <Space orientation="vertical" size={12} className="full-width">
        <Typography.Text type="secondary">{t('products.binHint', { days: RESTORE_DAYS })}</Typography.Text>
        <Input.Search
          allowClear
          placeholder={t('products.searchPlaceholder')}
          aria-label={t('products.search')}
          onSearch={(v) => {
            setQ(v.trim());
            setPage(1);
          }}
        />
        <Table<Product>
          rowKey="id"
          size="middle"
          dataSource={list.data?.items ?? []}
          loading={list.isFetching && !list.data}
          locale={{ emptyText: t('products.binEmpty') }}
          rowSelection={{ selectedRowKeys: selected, onChange: setSelected, preserveSelectedRowKeys: true }}
          columns={[
            { key: 'picture', width: 56, render: (_, p) => <Cover product={p} size={36} /> },
            { key: 'name', title: fieldLabel('name', lang), dataIndex: 'name', ellipsis: true },
            {
              key: 'model',
              title: fieldLabel('model', lang),
              dataIndex: 'model',
              width: 120,
              ellipsis: true,
            },
            {
              key: 'deleted',
              title: t('products.deletedAt'),
              width: 150,
              render: (_, p) => parseTime(p.deleted_at, '{y}-{m}-{d} {h}:{i}'),
            },
            {
              key: 'left',
              title: t('products.daysLeft'),
              width: 100,
              render: (_, p) => t('products.days', { count: daysLeft(p.deleted_at) }),
            },
            {
              key: 'actions',
              title: t('common.actions'),
              width: 100,
              render: (_, p) => (
                <Button type="link" size="small" icon={<UndoOutlined />} onClick={() => run([p.id])}>
                  {t('products.restore')}
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
