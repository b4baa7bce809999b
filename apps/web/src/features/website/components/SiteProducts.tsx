import type { Product } from '@quayside/contract';
import { Input, Segmented, Space, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBulkUpdateProducts, useProductList } from '@/features/products/api';

const PAGE_SIZE = 20;

/** Which products the site shows: the same published flag as the products list. */
export function SiteProducts() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [shown, setShown] = useState<'all' | 'published' | 'hidden'>('all');
  const [page, setPage] = useState(1);
  const params: Record<string, string | number> = { page, page_size: PAGE_SIZE };
  if (q) params.q = q;
  if (shown !== 'all') params.published = shown === 'published' ? 'true' : 'false';
  const list = useProductList(params);
  const update = useBulkUpdateProducts();

  return (
    <div>
      <Space wrap className="website__filters">
        <Input.Search
          allowClear
          placeholder={t('website.searchProducts')}
          aria-label={t('website.searchProducts')}
          onSearch={(v) => {
            setQ(v.trim());
            setPage(1);
          }}
          style={{ width: 280 }}
        />
        <Segmented
          value={shown}
          onChange={(v) => {
            setShown(v as typeof shown);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('website.all') },
            { value: 'published', label: t('website.onSite') },
            { value: 'hidden', label: t('website.notOnSite') },
          ]}
        />
      </Space>
      <Table<Product>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          {
            key: 'cover',
            title: '',
            width: 64,
            render: (_, p) =>
              p.pictures[0] ? (
                <img className="website__thumb" src={p.pictures[0].thumb_url} alt="" width={40} height={40} />
              ) : null,
          },
          {
            key: 'name',
            title: t('website.product'),
            render: (_, p) => (
              <div>
                <Typography.Text strong>{p.name}</Typography.Text>
                {p.model ? <div className="website__muted">{p.model}</div> : null}
              </div>
            ),
          },
          { key: 'category', title: t('website.category'), dataIndex: 'category' },
          {
            key: 'published',
            title: t('website.published'),
            width: 140,
            render: (_, p) => (
              <Switch
                checked={p.published}
                loading={update.isPending && update.variables?.ids.includes(p.id)}
                aria-label={t('website.publishNamed', { name: p.name })}
                onChange={(published) => update.mutate({ ids: [p.id], published })}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
