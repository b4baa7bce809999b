import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Popconfirm, Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTabLabel } from '@/layout/useTabLabel';
import { currentLanguage } from '@/shared/i18n';
import { notify } from '@/shared/notify';
import type { PageProps } from '@/shared/routes/types';
import { PageHeader } from '@/shared/ui/PageHeader';
import { packingPdfUrl, packingXlsxUrl, useDeletePackingLists, usePackingList } from '../api';
import { PackingLinesTable } from '../components/PackingLinesTable';
import { PackingVersionsCard } from '../components/PackingVersionsCard';
import '../packing-lists.css';

/** /packing/detail/{id} (?version=): the lines with their totals and warnings, shipment facts, PDF, versions. */
export default function PackingDetailPage({ id }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const packingId = Number(id);
  const asked = Number(new URLSearchParams(search).get('version')) || undefined;
  const { data: p, isLoading, isError } = usePackingList(packingId, asked);
  const latest = usePackingList(packingId).data?.version ?? p?.version ?? 0;
  const remove = useDeletePackingLists();
  useTabLabel(p?.number);
  if (isLoading) return <Spin className="page" />;
  if (isError || !p) return <Result status="404" title={t('packing.notFound')} />;
  const lang = currentLanguage();
  const fact = (label: string, value: string) =>
    value ? <Descriptions.Item label={label}>{value}</Descriptions.Item> : null;

  return (
    <div className="page packing-detail">
      <PageHeader
        title={<span data-testid="packing-number">{p.number}</span>}
        subtitle={`${p.customer_name} · ${t('packing.versionN', { version: p.version })}`}
        extra={
          <Space wrap>
            <Button icon={<FilePdfOutlined />} href={packingPdfUrl(p.id, p.version, lang)} target="_blank">
              {t('packing.pdf')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              href={packingPdfUrl(p.id, p.version, lang, true)}
              data-testid="packing-pdf-download"
            >
              {t('packing.downloadPdf')}
            </Button>
            <Button href={packingXlsxUrl(p.id, p.version, lang)}>{t('packing.xlsx')}</Button>
            <Popconfirm
              title={t('packing.deleteConfirm', { number: p.number })}
              onConfirm={async () => {
                await remove.mutateAsync([p.id]);
                notify.message('success', t('packing.deleted', { number: p.number }));
                navigate(`/order/detail/${p.order_id}`);
              }}
            >
              <Button danger>{t('packing.delete')}</Button>
            </Popconfirm>
            <Button type="primary" onClick={() => navigate(`/packing/update/${p.id}`)}>
              {t('packing.edit')}
            </Button>
          </Space>
        }
      />
      {p.warning_count > 0 && (
        <Alert
          type="warning"
          showIcon
          className="packing-detail__alert"
          data-testid="packing-warning-count"
          message={t('packing.warnings', { count: p.warning_count })}
        />
      )}
      <Card variant="borderless" title={t('packing.lines')} className="packing-detail__lines">
        <PackingLinesTable items={p.items} totals={p} />
      </Card>
      <div className="packing-detail__grid">
        <Card variant="borderless" title={t('packing.facts')}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('packing.customer')}>
              <Link to={`/customer/detail/${p.customer_id}`}>{p.customer_name}</Link>
            </Descriptions.Item>
            <Descriptions.Item label={t('packing.order')}>
              <Link to={`/order/detail/${p.order_id}`}>{p.order_number}</Link>
            </Descriptions.Item>
            {p.invoice_id && (
              <Descriptions.Item label={t('packing.invoice')}>
                <Link to={`/invoice/detail/${p.invoice_id}`}>{p.invoice_number}</Link>
              </Descriptions.Item>
            )}
            {fact(t('packing.issueDate'), p.issue_date)}
            {fact(t('packing.portOfLoading'), p.port_of_loading)}
            {fact(t('packing.portOfDestination'), p.port_of_destination)}
            {fact(t('packing.container'), p.container_number)}
            {fact(t('packing.seal'), p.seal_number)}
          </Descriptions>
          {p.shipping_marks && (
            <Descriptions column={1} size="small" layout="vertical">
              <Descriptions.Item label={t('packing.marks')}>
                <span className="packing-detail__marks">{p.shipping_marks}</span>
              </Descriptions.Item>
            </Descriptions>
          )}
          {p.remark && (
            <Descriptions column={1} size="small" layout="vertical">
              <Descriptions.Item label={t('packing.remark')}>
                <span className="packing-detail__marks">{p.remark}</span>
              </Descriptions.Item>
            </Descriptions>
          )}
        </Card>
        <PackingVersionsCard
          id={p.id}
          shown={p.version}
          latest={latest}
          pdfUrl={(v) => packingPdfUrl(p.id, v, lang)}
        />
      </div>
    </div>
  );
}
