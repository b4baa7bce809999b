import { SendOutlined } from '@ant-design/icons';
import type { Quotation } from '@quayside/contract';
import { Button, Card, Col, DatePicker, Form, Row, Select, Space, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { MakeOrderButton } from '@/features/orders/components/MakeOrderButton';
import { tagsStore } from '@/layout/tags-store';
import { LinesWithTotals, SaveAction, StaleAlert, TermsColumns } from '@/shared/documents/DocumentEditParts';
import { useDocumentEditor } from '@/shared/documents/useDocumentEditor';
import { currentLanguage } from '@/shared/i18n';
import { notify } from '@/shared/notify';
import type { PageProps } from '@/shared/routes/types';
import { PageHeader } from '@/shared/ui/PageHeader';
import {
  getCustomer,
  pdfUrl,
  searchCustomers,
  useCreateQuotation,
  useQuotation,
  useSendQuotation,
  useUpdateQuotation,
} from '../api';
import { emptyHeader, fromQuotation, type Header } from '../components/useQuotationForm';
import { type EditLine, toBody } from '../lines';
import '../quotations.css';

/** /order/createQuotation (?customer_id=&inquiry_email_id=) and /order/updateQuotation/{id}. */
export default function QuotationEditPage({ id }: PageProps) {
  const quotationId = id ? Number(id) : null;
  const { data, isLoading } = useQuotation(quotationId);
  // The create tab stays open: "Create quotation" from another inquiry starts a fresh form.
  const { search } = useLocation();
  if (quotationId && (isLoading || !data)) return <Spin className="page" />;
  return <Editor key={data ? `${data.id}-${data.version}` : `new${search}`} quotation={data ?? null} />;
}

function Editor({ quotation }: { quotation: Quotation | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [customers, setCustomers] = useState<{ value: number; label: string }[]>(
    quotation ? [{ value: quotation.customer_id, label: quotation.customer_name }] : [],
  );
  const create = useCreateQuotation();
  const update = useUpdateQuotation();
  const send = useSendQuotation();
  const editor = useDocumentEditor<Header>({
    initial: () => {
      if (quotation) return fromQuotation(quotation);
      const params = new URLSearchParams(search);
      const num = (k: string) => (Number(params.get(k)) > 0 ? Number(params.get(k)) : null);
      return {
        header: emptyHeader({ customer_id: num('customer_id'), inquiry_email_id: num('inquiry_email_id') }),
        lines: [] as EditLine[],
      };
    },
    persist: (h, items) => {
      const body = { ...h, customer_id: h.customer_id ?? 0, items: toBody(items) };
      return quotation
        ? update.mutateAsync({ ...body, id: quotation.id, version: quotation.version })
        : create.mutateAsync(body);
    },
    onSaved: (saved) => {
      notify.message('success', t('quotations.saved', { version: saved.version }));
      if (!quotation) {
        // The new quotation opens in its own tab; the create form's tab goes (a second Save would make another).
        const to = `/order/updateQuotation/${saved.id}`;
        navigate(to);
        tagsStore.close('/order/createQuotation', to);
      }
    },
  });
  const { header, set, setHeader, stale, save, item, field } = editor;

  useEffect(() => {
    if (quotation || !header.customer_id) return;
    void getCustomer(header.customer_id).then((c) => {
      setCustomers([{ value: c.id, label: c.company_name || c.name }]);
      setHeader((h) => ({
        ...h,
        contact_name: h.contact_name || c.name,
        contact_email: h.contact_email || c.email,
      }));
    });
  }, [quotation, header.customer_id, setHeader]);

  const title = quotation ? (
    <Space size={8}>
      {t('quotations.updateTitle', { number: quotation.number, version: quotation.version })}
      <Tag className="quotation-edit__status">{t(`quotations.statuses.${quotation.status}`)}</Tag>
    </Space>
  ) : (
    t('quotations.createTitle')
  );
  // The saved version goes out: the draft opens in the compose page, as every compose does.
  const sendToCustomer = async (q: Quotation) => {
    const { email_id } = await send.mutateAsync({
      id: q.id,
      lang: currentLanguage(),
    });
    navigate(`/email/emailCreate/${email_id}`);
  };

  return (
    <div className="page quotation-edit">
      <PageHeader
        title={title}
        subtitle={
          header.inquiry_email_id
            ? t('quotations.fromInquiry', { id: header.inquiry_email_id })
            : t('quotations.saveHint')
        }
        extra={
          quotation ? (
            <Space>
              <Button href={pdfUrl(quotation.id, quotation.version, i18n.language)} target="_blank">
                {t('quotations.pdf')}
              </Button>
              <MakeOrderButton quotationId={quotation.id} />
              <Button
                type="primary"
                icon={<SendOutlined />}
                loading={send.isPending}
                onClick={() => void sendToCustomer(quotation)}
              >
                {t('quotations.send')}
              </Button>
            </Space>
          ) : null
        }
      />
      <StaleAlert ns="quotations" version={stale} />
      <Card variant="borderless">
        <Form layout="vertical">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              {item(
                'customer_id',
                t('quotations.customer'),
                <Select<number>
                  showSearch
                  filterOption={false}
                  placeholder={t('quotations.pickCustomer')}
                  value={header.customer_id ?? undefined}
                  options={customers}
                  onSearch={async (q) =>
                    setCustomers(
                      (await searchCustomers(q)).map((c) => ({
                        value: c.id,
                        label: c.company_name || c.name,
                      })),
                    )
                  }
                  onChange={(customer_id) => set({ customer_id })}
                />,
                true,
              )}
            </Col>
            <TermsColumns ns="quotations" editor={editor} />
            <Col xs={24} md={12}>
              {field('payment_terms', t('quotations.paymentTerms'), 1000)}
            </Col>
            <Col xs={12} md={6}>
              {field('lead_time', t('quotations.leadTime'))}
            </Col>
            <Col xs={12} md={6}>
              <Form.Item label={t('quotations.validUntil')}>
                <DatePicker
                  style={{ width: '100%' }}
                  value={header.valid_until ? dayjs(header.valid_until) : null}
                  onChange={(d) => set({ valid_until: d ? d.format('YYYY-MM-DD') : null })}
                />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        <LinesWithTotals
          ns="quotations"
          editor={editor}
          currency={header.currency}
          totalTestId="quotation-total"
        />
        <Form layout="vertical">{field('remark', t('quotations.remark'), 5000)}</Form>
        <SaveAction
          ns="quotations"
          loading={create.isPending || update.isPending}
          onSave={() => void save()}
        />
      </Card>
    </div>
  );
}
