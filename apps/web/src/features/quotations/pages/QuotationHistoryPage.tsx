import { type DocumentDiff, formatMoney, parseDecimal, type QuotationVersion } from '@quayside/contract';
import { Button, Card, Checkbox, Col, Empty, List, Row, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { parseTime } from '@/shared/format';
import { notify } from '@/shared/notify';
import type { PageProps } from '@/shared/routes/types';
import { PageHeader } from '@/shared/ui/PageHeader';
import { pdfUrl, useQuotation, useQuotationDiff, useQuotationHistory, useRestoreVersion } from '../api';
import '../quotations.css';
import { quotationFieldLabel, versionSummary } from '../summary';

/** /order/quotation/history/{id} (admin): versions newest first; tick two to see what changed. */
export default function QuotationHistoryPage({ id }: PageProps) {
  const quotationId = Number(id);
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { data: quotation } = useQuotation(quotationId);
  const { data: versions = [] } = useQuotationHistory(quotationId);
  const [picked, setPicked] = useState<number[]>([]);
  const restore = useRestoreVersion();
  const [from, to] = [...picked].sort((a, b) => a - b);
  const toggle = (v: number) =>
    setPicked((p) => (p.includes(v) ? p.filter((x) => x !== v) : [...p, v].slice(-2)));

  return (
    <div className="page quotation-history">
      <PageHeader
        title={t('quotations.versionsTitle', { number: quotation?.number ?? '' })}
        subtitle={t('quotations.pickTwo')}
        extra={
          <Button onClick={() => navigate(`/order/updateQuotation/${quotationId}`)}>
            {t('quotations.edit')}
          </Button>
        }
      />
      <Row gutter={16}>
        <Col xs={24} lg={9}>
          <Card variant="borderless">
            <List<QuotationVersion>
              dataSource={versions}
              renderItem={(v) => (
                <List.Item>
                  <List.Item.Meta
                    avatar={
                      <Checkbox
                        aria-label={t('quotations.versionN', { version: v.version })}
                        checked={picked.includes(v.version)}
                        onChange={() => toggle(v.version)}
                      />
                    }
                    title={
                      <Space>
                        {t('quotations.versionN', { version: v.version })}
                        <span>{`${formatMoney(v.total, v.currency)} ${v.currency}`}</span>
                      </Space>
                    }
                    description={
                      <>
                        <div>
                          {t('quotations.by', {
                            name: v.created_by_name,
                            time: parseTime(v.created_at, '{y}-{m}-{d} {h}:{i}'),
                          })}
                        </div>
                        <div className="quotation-history__summary">{versionSummary(t, v.changes)}</div>
                        <Space size="middle" wrap className="quotation-history__actions">
                          {[
                            <a
                              key="pdf"
                              href={pdfUrl(quotationId, v.version, i18n.language)}
                              target="_blank"
                              rel="noreferrer"
                            >
                              {t('quotations.pdf')}
                            </a>,
                            <a key="dl" href={pdfUrl(quotationId, v.version, i18n.language, true)}>
                              {t('quotations.download')}
                            </a>,
                            ...(quotation && v.version !== quotation.version
                              ? [
                                  <Button
                                    key="restore"
                                    size="small"
                                    type="link"
                                    onClick={async () => {
                                      const saved = await restore.mutateAsync({
                                        id: quotationId,
                                        version: quotation.version,
                                        from_version: v.version,
                                      });
                                      notify.message(
                                        'success',
                                        t('quotations.restored', { from: v.version, version: saved.version }),
                                      );
                                    }}
                                  >
                                    {t('quotations.restore')}
                                  </Button>,
                                ]
                              : []),
                          ]}
                        </Space>
                      </>
                    }
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={15}>
          <Card variant="borderless">
            {from && to ? (
              <DiffView id={quotationId} from={from} to={to} />
            ) : (
              <Empty description={t('quotations.pickTwo')} />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}

const MONEY_FIELDS = new Set(['subtotal', 'total', 'discount', 'shipping_cost', 'unit_price', 'amount']);

function DiffView({ id, from, to }: { id: number; from: number; to: number }) {
  const { t } = useTranslation();
  const { data } = useQuotationDiff(id, from, to);
  if (!data) return null;
  const diff: DocumentDiff = data.diff as DocumentDiff;
  // Money reads as it does everywhere else: "$25,793.75", a price keeping its places.
  const shown = (field: string, v: string, currency: string) =>
    MONEY_FIELDS.has(field) && parseDecimal(v) ? formatMoney(v, currency) : v;
  const old = (field: string, v: string) => (
    <span className="quotation-diff__old">{shown(field, v, data.from.currency)}</span>
  );
  const now = (field: string, v: string) => (
    <span className="quotation-diff__new">{shown(field, v, data.to.currency)}</span>
  );
  const fieldLabel = (field: string) => quotationFieldLabel(t, field);
  return (
    <div className="quotation-diff" data-testid="quotation-diff">
      <p>{versionSummary(t, diff.changes)}</p>
      {diff.fields.length === 0 && diff.lines.length === 0 ? (
        <Empty description={t('quotations.noChanges')} />
      ) : null}
      {diff.fields.length > 0 && (
        <Table
          size="small"
          pagination={false}
          rowKey="field"
          dataSource={diff.fields}
          columns={[
            { title: t('quotations.field'), render: (_v, f) => fieldLabel(f.field) },
            { title: t('quotations.before', { version: from }), render: (_v, f) => old(f.field, f.from) },
            { title: t('quotations.after', { version: to }), render: (_v, f) => now(f.field, f.to) },
          ]}
        />
      )}
      {diff.lines.map((l) => (
        <div key={`${l.kind}-${l.index}`} className={`quotation-diff__line quotation-diff__${l.kind}`}>
          <Tag color={l.kind === 'added' ? 'green' : l.kind === 'removed' ? 'red' : 'blue'}>
            {t(`quotations.${l.kind}`)}
          </Tag>
          {l.line.model} {l.line.description}
          {l.kind === 'changed' &&
            l.changes.map((c) => (
              <div key={c.field}>
                {fieldLabel(c.field)}: {old(c.field, c.from)} {now(c.field, c.to)}
              </div>
            ))}
        </div>
      ))}
    </div>
  );
}
