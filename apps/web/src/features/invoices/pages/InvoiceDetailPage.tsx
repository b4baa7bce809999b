import { DeleteOutlined, FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { tagsStore } from '@/layout/tags-store';
import { useTabLabel } from '@/layout/useTabLabel';
import { currentLanguage } from '@/shared/i18n';
import { notify } from '@/shared/notify';
import type { PageProps } from '@/shared/routes/types';
import { PageHeader } from '@/shared/ui/PageHeader';
import { invoicePdfUrl, invoiceXlsxUrl, useDeleteInvoices, useInvoice } from '../api';
import { BankCard } from '../components/BankCard';
import { InvoiceFactsCard } from '../components/InvoiceFactsCard';
import { InvoiceKindTag } from '../components/InvoiceKindTag';
import { InvoiceLinesCard } from '../components/InvoiceLinesCard';
import { InvoiceVersions } from '../components/InvoiceVersions';
import '../invoices.css';

/** /invoice/detail/{id}: lines, totals and amount in words, bank details, terms, every version with its PDF. */
export default function InvoiceDetailPage({ id }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invoiceId = Number(id);
  const { data: invoice, isLoading, isError } = useInvoice(invoiceId);
  const remove = useDeleteInvoices();
  useTabLabel(invoice?.number);
  if (isLoading) return <Spin className="page" />;
  if (isError || !invoice) return <Result status="404" title={t('invoice.notFound')} />;
  const lang = currentLanguage();

  const onDelete = async () => {
    await remove.mutateAsync([invoice.id]);
    notify.message('success', t('invoice.deleted', { number: invoice.number }));
    navigate('/invoice/list');
    tagsStore.close(`/invoice/detail/${invoice.id}`, '/invoice/list');
  };

  return (
    <div className="page invoice-detail">
      <PageHeader
        title={
          <Space size={8}>
            <span data-testid="invoice-number">{invoice.number}</span>
            <InvoiceKindTag kind={invoice.kind} />
          </Space>
        }
        subtitle={`${invoice.customer_name} · ${t('invoice.versionN', { version: invoice.version })}`}
        extra={
          <Space wrap>
            <Button
              icon={<FilePdfOutlined />}
              href={invoicePdfUrl(invoice.id, invoice.version, lang)}
              target="_blank"
            >
              {t('invoice.pdf')}
            </Button>
            <Button
              icon={<FilePdfOutlined />}
              href={invoicePdfUrl(invoice.id, invoice.version, lang, true)}
              data-testid="invoice-download"
            >
              {t('invoice.download')}
            </Button>
            <Button icon={<FileExcelOutlined />} href={invoiceXlsxUrl(invoice.id, invoice.version, lang)}>
              {t('invoice.xlsx')}
            </Button>
            <Popconfirm
              title={t('invoice.deleteConfirm', { number: invoice.number })}
              onConfirm={() => void onDelete()}
            >
              <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
                {t('invoice.delete')}
              </Button>
            </Popconfirm>
            <Button type="primary" onClick={() => navigate(`/invoice/update/${invoice.id}`)}>
              {t('invoice.edit')}
            </Button>
          </Space>
        }
      />
      <div className="invoice-detail__grid">
        <div className="invoice-detail__main">
          <InvoiceLinesCard invoice={invoice} />
          <InvoiceVersions invoiceId={invoice.id} pdfUrl={(v) => invoicePdfUrl(invoice.id, v, lang)} />
        </div>
        <div className="invoice-detail__side">
          <InvoiceFactsCard invoice={invoice} />
          <BankCard bank={invoice.bank} />
        </div>
      </div>
    </div>
  );
}
