import { formatMoney } from '@quayside/contract';
import { Empty, Spin, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOrderDiff } from '../api';
import { orderFieldLabel } from './versionText';

/** Version `to` against the one before it: header fields old → new, and the lines added, removed or changed. */
export function VersionDiff({ orderId, to }: { orderId: number; to: number }) {
  const { t } = useTranslation();
  const { data, isLoading } = useOrderDiff(orderId, to - 1, to);
  if (isLoading || !data) return <Spin />;
  const { fields, lines } = data.diff;
  if (fields.length === 0 && lines.length === 0) return <Empty description={t('quotations.summary.none')} />;
  const money = (v: string) => formatMoney(v, data.to.currency);
  return (
    <div className="order-diff" data-testid="order-diff">
      {fields.length > 0 && (
        <Table
          rowKey="field"
          size="small"
          pagination={false}
          dataSource={fields}
          columns={[
            { title: t('order.field'), render: (_v, f) => orderFieldLabel(t, f.field), width: 160 },
            {
              title: `v${to - 1}`,
              render: (_v, f) => <span className="order-diff__old">{f.from || '—'}</span>,
            },
            { title: `v${to}`, render: (_v, f) => <span className="order-diff__new">{f.to || '—'}</span> },
          ]}
        />
      )}
      {lines.map((l) => (
        <div key={`${l.kind}-${l.index}`} className={`order-diff__line order-diff__line--${l.kind}`}>
          <Tag color={l.kind === 'added' ? 'green' : l.kind === 'removed' ? 'red' : 'blue'}>
            {t(`order.lineChange.${l.kind}`)}
          </Tag>
          <strong>{[l.line.model, l.line.description].filter(Boolean).join(' · ')}</strong>{' '}
          {l.kind === 'changed'
            ? (l.changes ?? []).map((c) => (
                <span key={c.field} className="order-diff__change">
                  {t(`order.${c.field === 'unit_price' ? 'unitPrice' : c.field}`, { defaultValue: c.field })}:{' '}
                  <span className="order-diff__old">{c.from}</span> →{' '}
                  <span className="order-diff__new">{c.to}</span>
                </span>
              ))
            : `${l.line.quantity} × ${money(l.line.unit_price)} = ${money(l.line.amount)}`}
        </div>
      ))}
    </div>
  );
}
