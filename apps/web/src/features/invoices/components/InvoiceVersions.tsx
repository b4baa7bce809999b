import { type DocumentDiff, formatMoney } from '@quayside/contract';
import { Card, Checkbox, Empty, List, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from '@/shared/format';
import { useInvoiceDiff, useInvoiceHistory } from '../api';

/**
 * Every saved version of the invoice with its own PDF (what was issued stays available); tick two
 * to see what changed between them.
 */
export function InvoiceVersions({
  invoiceId,
  pdfUrl,
}: {
  invoiceId: number;
  pdfUrl: (version: number) => string;
}) {
  const { t } = useTranslation();
  const { data: versions = [] } = useInvoiceHistory(invoiceId);
  const [picked, setPicked] = useState<number[]>([]);
  const [from, to] = [...picked].sort((a, b) => a - b);
  const toggle = (v: number) =>
    setPicked((p) => (p.includes(v) ? p.filter((x) => x !== v) : [...p, v].slice(-2)));
  return (
    <Card variant="borderless" title={t('invoice.versions')} data-testid="invoice-versions">
      <List
        size="small"
        dataSource={versions}
        renderItem={(v) => (
          <List.Item
            actions={[
              <a key="pdf" href={pdfUrl(v.version)} target="_blank" rel="noreferrer">
                {t('invoice.pdf')}
              </a>,
            ]}
          >
            <List.Item.Meta
              avatar={
                versions.length > 1 ? (
                  <Checkbox
                    aria-label={t('invoice.versionN', { version: v.version })}
                    checked={picked.includes(v.version)}
                    onChange={() => toggle(v.version)}
                  />
                ) : null
              }
              title={`${t('invoice.versionN', { version: v.version })} · ${formatMoney(v.total, v.currency)} ${v.currency}`}
              description={`${t('invoice.by', {
                name: v.created_by_name,
                time: parseTime(v.created_at, '{y}-{m}-{d} {h}:{i}'),
              })} · ${v.version === 1 ? t('invoice.created') : v.summary}`}
            />
          </List.Item>
        )}
      />
      {versions.length > 1 &&
        (from && to ? (
          <DiffView id={invoiceId} from={from} to={to} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('invoice.pickTwo')} />
        ))}
    </Card>
  );
}

function DiffView({ id, from, to }: { id: number; from: number; to: number }) {
  const { t } = useTranslation();
  const { data } = useInvoiceDiff(id, from, to);
  if (!data) return null;
  const diff = data.diff as DocumentDiff;
  const old = (v: string) => <span className="invoice-diff__old">{v}</span>;
  const now = (v: string) => <span className="invoice-diff__new">{v}</span>;
  const label = (field: string) => t(`invoice.fields.${field}`, { defaultValue: field });
  return (
    <div data-testid="invoice-diff">
      {diff.fields.length === 0 && diff.lines.length === 0 && <Empty description={t('invoice.noChanges')} />}
      {diff.fields.length > 0 && (
        <Table
          size="small"
          pagination={false}
          rowKey="field"
          dataSource={diff.fields}
          columns={[
            { title: t('invoice.field'), render: (_v, f) => label(f.field) },
            { title: t('invoice.before', { version: from }), render: (_v, f) => old(f.from) },
            { title: t('invoice.after', { version: to }), render: (_v, f) => now(f.to) },
          ]}
        />
      )}
      {diff.lines.map((l) => (
        <div key={`${l.kind}-${l.index}`} className="invoice-diff__line">
          <Space size={4}>
            <Tag color={l.kind === 'added' ? 'green' : l.kind === 'removed' ? 'red' : 'blue'}>
              {t(`invoice.${l.kind}`)}
            </Tag>
            {l.line.model} {l.line.description}
          </Space>
          {l.kind === 'changed' &&
            l.changes.map((c) => (
              <div key={c.field}>
                {label(c.field)}: {old(c.from)} {now(c.to)}
              </div>
            ))}
        </div>
      ))}
    </div>
  );
}
