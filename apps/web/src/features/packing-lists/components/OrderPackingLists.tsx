import type { Order } from '@quayside/contract';
import { Button, Card, List, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { parseTime } from '@/shared/format';
import { notify } from '@/shared/notify';
import { useCreatePackingList, usePackingListList } from '../api';
import '../packing-lists.css';

/** On an order's page: its packing lists (cartons, CBM) and "Create packing list" from its lines. */
export function OrderPackingLists({ order }: { order: Order }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [invoiceId, setInvoiceId] = useState<number | null>(null);
  const { data } = usePackingListList({ order_id: order.id, page_size: 50 });
  const create = useCreatePackingList();
  const make = async () => {
    const made = await create.mutateAsync({ order_id: order.id, invoice_id: invoiceId });
    notify.message('success', t('packing.created_ok', { number: made.number }));
    navigate(`/packing/update/${made.id}`);
  };
  return (
    <Card
      variant="borderless"
      title={t('packing.title')}
      data-testid="order-packing-lists"
      extra={
        <Space size={4}>
          {order.invoices.length > 0 && (
            <Select<number | null>
              size="small"
              style={{ width: 130 }}
              aria-label={t('packing.invoice')}
              value={invoiceId}
              onChange={setInvoiceId}
              options={[
                { value: null, label: t('packing.noInvoice') },
                ...order.invoices.map((i) => ({ value: i.id, label: i.number })),
              ]}
            />
          )}
          <Button size="small" type="primary" loading={create.isPending} onClick={() => void make()}>
            {t('packing.create')}
          </Button>
        </Space>
      }
    >
      <List
        size="small"
        dataSource={data?.items ?? []}
        locale={{ emptyText: t('packing.noneYet') }}
        renderItem={(p) => (
          <List.Item>
            <List.Item.Meta
              title={<Link to={`/packing/detail/${p.id}`}>{p.number}</Link>}
              description={`${p.total_cartons} ${t('packing.totalCartons')} · ${p.total_cbm} CBM · ${parseTime(
                p.created_at,
                '{y}-{m}-{d}',
              )}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
