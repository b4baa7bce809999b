import type { PackingList } from '@quayside/contract';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Space, Spin, Statistic } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useOrder } from '@/features/orders/api';
import { tagsStore } from '@/layout/tags-store';
import { useTabLabel } from '@/layout/useTabLabel';
import { useDocumentEditor } from '@/shared/documents/useDocumentEditor';
import { notify } from '@/shared/notify';
import type { PageProps } from '@/shared/routes/types';
import { PageHeader } from '@/shared/ui/PageHeader';
import { type PackingUpdateBody, usePackingList, useUpdatePackingList } from '../api';
import { PackingLinesEditor } from '../components/PackingLinesEditor';
import { type EditLine, fromStored, liveLines, liveTotals, toBody } from '../lines';
import '../packing-lists.css';

type Header = {
  invoice_id: number | null;
  issue_date: string;
  shipping_marks: string;
  container_number: string;
  seal_number: string;
  port_of_loading: string;
  port_of_destination: string;
  remark: string;
};

const headerOf = (p: PackingList): Header => ({
  invoice_id: p.invoice_id,
  issue_date: p.issue_date,
  shipping_marks: p.shipping_marks,
  container_number: p.container_number,
  seal_number: p.seal_number,
  port_of_loading: p.port_of_loading,
  port_of_destination: p.port_of_destination,
  remark: p.remark,
});

/** /packing/update/{id}: every save of a packing list is a new version. */
export default function PackingEditPage({ id }: PageProps) {
  const packingId = Number(id);
  const { data, isLoading } = usePackingList(packingId);
  if (isLoading || !data) return <Spin className="page" />;
  return <Editor key={`${data.id}-${data.version}`} packing={data} />;
}

function Editor({ packing }: { packing: PackingList }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const order = useOrder(packing.order_id).data;
  const update = useUpdatePackingList();
  const { header, set, lines, changeLines, errors, stale, save, item, field } = useDocumentEditor<
    Header,
    EditLine
  >({
    initial: () => ({ header: headerOf(packing), lines: fromStored(packing.items) }),
    persist: (h, items) =>
      update.mutateAsync({
        ...h,
        id: packing.id,
        version: packing.version,
        items: toBody(items),
      } as PackingUpdateBody),
    onSaved: (saved) => {
      notify.message('success', t('packing.saved', { number: saved.number, version: saved.version }));
      const to = `/packing/detail/${saved.id}`;
      navigate(to);
      tagsStore.close(`/packing/update/${packing.id}`, to);
    },
  });
  const live = useMemo(() => liveLines(lines), [lines]);
  const totals = useMemo(() => liveTotals(live), [live]);
  const warned = live.filter((l) => l.warnings.order_quantity || l.warnings.carton_quantity).length;
  useTabLabel(t('packing.editTab', { number: packing.number }));

  const area = (name: 'shipping_marks' | 'remark', label: string) =>
    item(
      name,
      label,
      <Input.TextArea
        aria-label={label}
        autoSize={{ minRows: 3, maxRows: 8 }}
        value={header[name]}
        maxLength={name === 'remark' ? 5000 : 2000}
        onChange={(e) => set({ [name]: e.target.value })}
      />,
    );
  const lineError = Object.entries(errors).find(([k]) => k.startsWith('items'));

  return (
    <div className="page packing-editor">
      <PageHeader
        title={t('packing.updateTitle', { number: packing.number, version: packing.version })}
        subtitle={t('packing.saveHint')}
        extra={
          <Space>
            <Button onClick={() => navigate(`/packing/detail/${packing.id}`)}>{t('packing.cancel')}</Button>
            <Button type="primary" loading={update.isPending} onClick={() => void save()}>
              {t('packing.save')}
            </Button>
          </Space>
        }
      />
      {stale !== null && (
        <Alert
          type="error"
          showIcon
          message={t('packing.stale', { version: stale })}
          action={<Button onClick={() => window.location.reload()}>{t('packing.reload')}</Button>}
        />
      )}
      <Card variant="borderless" title={t('packing.facts')}>
        <Form layout="vertical">
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item label={t('packing.order')}>
                <Input value={packing.order_number} disabled aria-label={t('packing.order')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              {item(
                'invoice_id',
                t('packing.invoice'),
                <Select<number | null>
                  aria-label={t('packing.invoice')}
                  value={header.invoice_id}
                  onChange={(v) => set({ invoice_id: v })}
                  options={[
                    { value: null, label: t('packing.noInvoice') },
                    ...(order?.invoices ?? []).map((i) => ({ value: i.id, label: i.number })),
                  ]}
                />,
              )}
            </Col>
            <Col xs={24} md={8}>
              {item(
                'issue_date',
                t('packing.issueDate'),
                <Input
                  type="date"
                  aria-label={t('packing.issueDate')}
                  value={header.issue_date}
                  onChange={(e) => set({ issue_date: e.target.value })}
                />,
              )}
            </Col>
            <Col xs={24} md={6}>
              {field('port_of_loading', t('packing.portOfLoading'))}
            </Col>
            <Col xs={24} md={6}>
              {field('port_of_destination', t('packing.portOfDestination'))}
            </Col>
            <Col xs={24} md={6}>
              {field('container_number', t('packing.container'), 100)}
            </Col>
            <Col xs={24} md={6}>
              {field('seal_number', t('packing.seal'), 100)}
            </Col>
            <Col xs={24} md={12}>
              {area('shipping_marks', t('packing.marks'))}
            </Col>
            <Col xs={24} md={12}>
              {area('remark', t('packing.remark'))}
            </Col>
          </Row>
        </Form>
      </Card>
      <Card variant="borderless" title={t('packing.lines')}>
        {warned > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="packing-editor-warning"
            message={t('packing.warnings', { count: warned })}
          />
        )}
        {lineError && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            message={t('packing.linesError', { message: `${lineError[0]}: ${lineError[1]}` })}
          />
        )}
        <PackingLinesEditor lines={live} onChange={changeLines} errors={errors} />
        <div className="packing-editor__totals" data-testid="packing-live-totals">
          <Statistic title={t('packing.totalCartons')} value={totals.total_cartons} />
          <Statistic title={t('packing.totalQuantity')} value={totals.total_quantity} />
          <Statistic title={t('packing.totalNet')} value={totals.total_net_weight} />
          <Statistic title={t('packing.totalGross')} value={totals.total_gross_weight} />
          <Statistic title={t('packing.totalCbm')} value={totals.total_cbm} />
        </div>
      </Card>
    </div>
  );
}
