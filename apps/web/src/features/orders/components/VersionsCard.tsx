import { formatMoney } from '@quayside/contract';
import { Button, Card, List, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from '@/shared/format';
import { useOrderHistory } from '../api';
import { VersionDiff } from './VersionDiff';
import { orderVersionSummary } from './versionText';

/** Every saved version of the order, each with its own PDF and what it changed from the one before. */
export function VersionsCard({ orderId, pdfUrl }: { orderId: number; pdfUrl: (version: number) => string }) {
  const { t } = useTranslation();
  const { data } = useOrderHistory(orderId);
  const [diffOf, setDiffOf] = useState<number | null>(null);
  return (
    <Card variant="borderless" title={t('order.versions')} data-testid="order-versions">
      <List
        size="small"
        dataSource={data ?? []}
        renderItem={(v) => (
          <List.Item
            actions={[
              ...(v.version > 1
                ? [
                    <Button key="diff" type="link" size="small" onClick={() => setDiffOf(v.version)}>
                      {t('order.changes')}
                    </Button>,
                  ]
                : []),
              <a key="pdf" href={pdfUrl(v.version)} target="_blank" rel="noreferrer">
                PDF
              </a>,
            ]}
          >
            <List.Item.Meta
              title={`v${v.version} · ${formatMoney(v.total, v.currency)} ${v.currency}`}
              description={`${v.created_by_name} · ${parseTime(v.created_at, '{y}-{m}-{d} {h}:{i}')} · ${orderVersionSummary(
                t,
                v.changes,
              )}`}
            />
          </List.Item>
        )}
      />
      <Modal
        open={diffOf !== null}
        width={760}
        footer={null}
        title={diffOf ? t('order.changesTitle', { from: diffOf - 1, to: diffOf }) : ''}
        onCancel={() => setDiffOf(null)}
        destroyOnHidden
      >
        {diffOf !== null && <VersionDiff orderId={orderId} to={diffOf} />}
      </Modal>
    </Card>
  );
}
