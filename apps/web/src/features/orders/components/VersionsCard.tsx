import { formatMoney } from '@quayside/contract';
import { Card, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseTime } from '@/shared/format';
import { useOrderHistory } from '../api';

/** Every saved version of the order, each with its own PDF (what was confirmed stays available). */
export function VersionsCard({ orderId, pdfUrl }: { orderId: number; pdfUrl: (version: number) => string }) {
  const { t } = useTranslation();
  const { data } = useOrderHistory(orderId);
  return (
    <Card variant="borderless" title={t('order.versions')}>
      <List
        size="small"
        dataSource={data ?? []}
        renderItem={(v) => (
          <List.Item
            actions={[
              <a key="pdf" href={pdfUrl(v.version)} target="_blank" rel="noreferrer">
                PDF
              </a>,
            ]}
          >
            <List.Item.Meta
              title={`v${v.version} · ${formatMoney(v.total, v.currency)} ${v.currency}`}
              description={`${v.created_by_name} · ${parseTime(v.created_at, '{y}-{m}-{d} {h}:{i}')} · ${
                v.version === 1 ? t('order.created') : v.summary
              }`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
