import type { BankDetails, Invoice } from '@quayside/contract';
import { Card, Col, DatePicker, Form, Input, Row, Spin } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { tagsStore } from '@/layout/tags-store';
import { useTabLabel } from '@/layout/useTabLabel';
import { LinesWithTotals, SaveAction, StaleAlert, TermsColumns } from '@/shared/documents/DocumentEditParts';
import { editLinesOf, toBody } from '@/shared/documents/lines';
import { useDocumentEditor } from '@/shared/documents/useDocumentEditor';
import { notify } from '@/shared/notify';
import type { PageProps } from '@/shared/routes/types';
import { PageHeader } from '@/shared/ui/PageHeader';
import { useInvoice, useUpdateInvoice } from '../api';
import '../invoices.css';

type Header = {
  contact_name: string;
  contact_email: string;
  trade_term: string | null;
  port_of_loading: string;
  port_of_destination: string;
  payment_terms: string;
  issue_date: string;
  due_date: string | null;
  discount: string;
  shipping_cost: string;
  remark: string;
  bank: BankDetails;
};
const BANK_FIELDS = ['beneficiary', 'bank_name', 'bank_address', 'account_number', 'swift', 'iban'] as const;

const headerOf = (i: Invoice): Header => ({
  contact_name: i.contact_name,
  contact_email: i.contact_email,
  trade_term: i.trade_term,
  port_of_loading: i.port_of_loading,
  port_of_destination: i.port_of_destination,
  payment_terms: i.payment_terms,
  issue_date: i.issue_date,
  due_date: i.due_date,
  discount: i.discount,
  shipping_cost: i.shipping_cost,
  remark: i.remark,
  bank: i.bank,
});

/** /invoice/update/{id}: every save appends a version; the issued one stays as it was (and its PDF). */
export default function InvoiceEditPage({ id }: PageProps) {
  const { data, isLoading } = useInvoice(Number(id));
  if (isLoading || !data) return <Spin className="page" />;
  return <Editor key={`${data.id}-${data.version}`} invoice={data} />;
}

function Editor({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateInvoice();
  const editor = useDocumentEditor<Header>({
    initial: () => ({
      header: headerOf(invoice),
      lines: editLinesOf(invoice.items),
    }),
    persist: (h, items) =>
      update.mutateAsync({ ...h, items: toBody(items), id: invoice.id, version: invoice.version }),
    onSaved: (saved) => {
      notify.message('success', t('invoice.saved', { number: saved.number, version: saved.version }));
      const to = `/invoice/detail/${saved.id}`;
      navigate(to);
      tagsStore.close(`/invoice/update/${invoice.id}`, to);
    },
  });
  const { header, set, stale, save, item, field } = editor;
  useTabLabel(t('invoice.editTab', { number: invoice.number }));

  const date = (name: 'issue_date' | 'due_date', label: string) =>
    item(
      name,
      label,
      <DatePicker
        aria-label={label}
        style={{ width: '100%' }}
        allowClear={name === 'due_date'}
        value={header[name] ? dayjs(header[name]) : null}
        onChange={(d) =>
          set({ [name]: d ? d.format('YYYY-MM-DD') : name === 'due_date' ? null : header.issue_date })
        }
      />,
    );

  return (
    <div className="page invoice-edit">
      <PageHeader
        title={t('invoice.updateTitle', { number: invoice.number, version: invoice.version })}
        subtitle={t('invoice.saveHint')}
      />
      <StaleAlert ns="invoice" version={stale} />
      <Card variant="borderless">
        <Form layout="vertical">
          <Row gutter={16}>
            <Col xs={12} md={6}>
              {date('issue_date', t('invoice.issueDate'))}
            </Col>
            <Col xs={12} md={6}>
              {date('due_date', t('invoice.dueDate'))}
            </Col>
            <TermsColumns ns="invoice" editor={editor} />
            <Col xs={12} md={6}>
              {field('payment_terms', t('invoice.paymentTerms'), 1000)}
            </Col>
          </Row>
        </Form>
        <LinesWithTotals
          ns="invoice"
          editor={editor}
          currency={invoice.currency}
          itemsError
          totalTestId="invoice-edit-total"
          figuresClassName="invoice-figures"
        />
        <h3 className="document-edit__section">{t('invoice.bank.title')}</h3>
        <Form layout="vertical">
          <Row gutter={16}>
            {BANK_FIELDS.map((f) => (
              <Col key={f} xs={24} md={f === 'bank_address' ? 24 : 12}>
                {item(
                  `bank.${f}`,
                  t(`invoice.bank.${f}`),
                  <Input
                    aria-label={t(`invoice.bank.${f}`)}
                    maxLength={f === 'bank_address' ? 500 : 200}
                    value={header.bank[f]}
                    onChange={(e) => set({ bank: { ...header.bank, [f]: e.target.value } })}
                  />,
                )}
              </Col>
            ))}
          </Row>
          {field('remark', t('invoice.remark'), 5000)}
        </Form>
        <SaveAction ns="invoice" loading={update.isPending} onSave={() => void save()} />
      </Card>
    </div>
  );
}
