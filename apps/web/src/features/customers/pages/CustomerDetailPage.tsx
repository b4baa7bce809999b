import {
  ArrowLeftOutlined,
  DeleteOutlined,
  EditOutlined,
  MailOutlined,
  MergeCellsOutlined,
  MoreOutlined,
  PhoneOutlined,
} from '@ant-design/icons';
import type { Customer } from '@quayside/contract';
import { Button, Card, Col, Dropdown, Result, Row, Skeleton, Space, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCompose } from '@/features/email/api';
import { formatRecipient } from '@/features/email/compose/addresses';
import { CustomerInvoices } from '@/features/invoices/components/CustomerInvoices';
import { CustomerOrders } from '@/features/orders/components/CustomerOrders';
import { CustomerPackingLists } from '@/features/packing-lists/components/CustomerPackingLists';
import { CustomerQuotations } from '@/features/quotations/components/CustomerQuotations';
import { tagsStore } from '@/layout/tags-store';
import { useTabLabel } from '@/layout/useTabLabel';
import { parseTime, timeAgo } from '@/shared/format';
import { useHotkeys } from '@/shared/list/hotkeys';
import { useLookups } from '@/shared/lookups/useLookups';
import { useCanOpen } from '@/shared/routes/pages';
import type { PageProps } from '@/shared/routes/types';
import { useUser } from '@/shared/session';
import { useCustomer } from '../api';
import { ActivityTabs } from '../components/ActivityTabs';
import { CustomerFormDrawer } from '../components/CustomerFormDrawer';
import { GradeTag } from '../components/columns';
import { InlineField } from '../components/InlineField';
import { MergeDialog } from '../components/MergeDialog';
import { ClaimButton, ReleaseButton } from '../components/PoolButtons';
import { useDeleteWithUndo } from '../components/useDeleteWithUndo';
import { customerTitle, FIELD_GROUPS, FIELDS, fieldLabel, initials, langOf } from '../fields';
import { mayClaim, mayEdit, mayRelease } from '../pool';
import '../customers.css';
import { useFeedback } from '@/shared/feedback';

const LIST_PATH = '/customer/list';

/** /customer/detail/:id — every field, edited in place, and the customer's activity. */
export default function CustomerDetailPage({ id: idParam }: PageProps) {
  const id = Number(idParam);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useUser();
  const isAdmin = Boolean(me?.roles.includes('admin'));
  const customer = useCustomer(id);
  const scope = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState(false);
  const [merging, setMerging] = useState(false);

  useHotkeys(scope, { e: () => customer.data && mayEdit(me, customer.data) && setEditing(true) });
  useTabLabel(customer.data ? customerTitle(customer.data) : undefined);

  if (customer.isLoading) {
    return (
      <div className="page" ref={scope}>
        <Card variant="borderless">
          <Skeleton active avatar paragraph={{ rows: 6 }} />
        </Card>
      </div>
    );
  }
  if (!customer.data) {
    return (
      <div className="page" ref={scope}>
        <Card variant="borderless">
          <Result
            status="404"
            title={<h1 className="result-heading">{t('customers.notFound')}</h1>}
            subTitle={t('customers.notFoundHint')}
            extra={
              <Button type="primary" onClick={() => navigate(LIST_PATH)}>
                {t('customers.backToList')}
              </Button>
            }
          />
        </Card>
      </div>
    );
  }

  return (
    <div className="page customer-detail" ref={scope}>
      <CustomerDetail
        customer={customer.data}
        isAdmin={isAdmin}
        onEdit={() => setEditing(true)}
        onMerge={() => setMerging(true)}
        onDeleted={() => {
          const path = `/customer/detail/${id}`;
          navigate(LIST_PATH);
          tagsStore.close(path, LIST_PATH);
        }}
      />
      {editing && <CustomerFormDrawer customer={customer.data} onClose={() => setEditing(false)} />}
      {merging && (
        <MergeDialog
          ids={[customer.data.id]}
          onClose={() => setMerging(false)}
          onMerged={(survivor) => {
            setMerging(false);
            if (survivor.id !== id) {
              navigate(`/customer/detail/${survivor.id}`);
              tagsStore.close(`/customer/detail/${id}`, `/customer/detail/${survivor.id}`);
            }
          }}
        />
      )}
    </div>
  );
}

function CustomerDetail({
  customer: c,
  isAdmin,
  onEdit,
  onMerge,
  onDeleted,
}: {
  customer: Customer;
  isAdmin: boolean;
  onEdit: () => void;
  onMerge: () => void;
  onDeleted: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const lookups = useLookups();
  const navigate = useNavigate();
  const { modal } = useFeedback();
  const remove = useDeleteWithUndo();
  const { composeTo, pending: composing } = useCompose();
  const me = useUser();
  const canOpen = useCanOpen();
  // A salesperson edits her own customers; one of the pool she claims first (issue 32).
  const editable = mayEdit(me, c);
  const title = customerTitle(c);
  const subtitle = [c.company_name ? c.name : '', c.job_title].filter(Boolean).join(' · ');

  const confirmDelete = () =>
    modal.confirm({
      title: t('customers.deleteOneConfirm', { name: title }),
      content: t('customers.deleteConfirmHint'),
      okText: t('customers.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await remove.run([c.id]);
        onDeleted();
      },
    });

  return (
    <>
      <Card variant="borderless" className="customer-hero">
        <div className="customer-hero__top">
          <Tooltip title={t('customers.backToList')}>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label={t('customers.backToList')}
              onClick={() => navigate(LIST_PATH)}
            />
          </Tooltip>
          <div className="customer-avatar" aria-hidden>
            {initials(title)}
          </div>
          <div className="customer-hero__title">
            <Typography.Title level={4} className="customer-hero__name">
              {title}
              {c.grade !== null && <GradeTag grade={c.grade} lookups={lookups} />}
            </Typography.Title>
            <div className="customer-hero__meta">
              {subtitle && <span>{subtitle}</span>}
              {c.nation !== null && <span>{lookups.label('nation', c.nation)}</span>}
              {c.owner_name && <span>{t('customers.ownedBy', { name: c.owner_name })}</span>}
            </div>
          </div>
          <Space className="customer-hero__actions" wrap>
            {c.email &&
              (canOpen('/email/emailCreate/new') ? (
                <Tooltip title={t('customers.writeEmail')}>
                  <Button
                    icon={<MailOutlined />}
                    disabled={composing}
                    onClick={() => composeTo(formatRecipient({ name: c.name, address: c.email }))}
                  >
                    {c.email}
                  </Button>
                </Tooltip>
              ) : (
                <Button icon={<MailOutlined />} href={`mailto:${c.email}`}>
                  {c.email}
                </Button>
              ))}
            {c.phone && (
              <Button icon={<PhoneOutlined />} href={`tel:${c.phone.replace(/[^\d+]/g, '')}`}>
                {c.phone}
              </Button>
            )}
            {mayClaim(me, c) && <ClaimButton kind="page" ids={[c.id]} />}
            {mayRelease(me, c) && <ReleaseButton kind="page" ids={[c.id]} name={title} />}
            {editable && (
              <Tooltip title={t('customers.editHint')}>
                <Button type="primary" icon={<EditOutlined />} onClick={onEdit}>
                  {t('common.edit')}
                </Button>
              </Tooltip>
            )}
            {isAdmin && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'merge', icon: <MergeCellsOutlined />, label: t('customers.mergeAction') },
                    { type: 'divider' },
                    { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('customers.delete') },
                  ],
                  onClick: ({ key }) => (key === 'merge' ? onMerge() : confirmDelete()),
                }}
              >
                <Button icon={<MoreOutlined />} aria-label={t('common.more')} />
              </Dropdown>
            )}
          </Space>
        </div>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10} xxl={9}>
          <Card variant="borderless" className="customer-fields" title={t('customers.details')}>
            {FIELD_GROUPS.map((group) => (
              <section
                key={group.key}
                className="customer-fields__group"
                aria-label={t(`customers.group.${group.key}`)}
              >
                <h3 className="customer-fields__heading">{t(`customers.group.${group.key}`)}</h3>
                <div className="customer-fields__grid">
                  {group.fields.map((name) => (
                    <InlineField
                      key={name}
                      def={FIELDS[name]}
                      label={fieldLabel(name, lang)}
                      customer={c}
                      lookups={lookups}
                      readOnly={!editable}
                    />
                  ))}
                </div>
              </section>
            ))}
            <dl className="customer-fields__meta">
              <div>
                <dt>{fieldLabel('last_received_at', lang)}</dt>
                <dd title={parseTime(c.last_received_at) ?? ''}>
                  {c.last_received_at ? timeAgo(c.last_received_at, t) : '—'}
                </dd>
              </div>
              <div>
                <dt>{fieldLabel('created_at', lang)}</dt>
                <dd>{parseTime(c.created_at, '{y}-{m}-{d} {h}:{i}')}</dd>
              </div>
              <div>
                <dt>{t('customers.updatedAt')}</dt>
                <dd title={parseTime(c.updated_at) ?? ''}>{timeAgo(c.updated_at, t)}</dd>
              </div>
            </dl>
          </Card>
        </Col>
        <Col xs={24} xl={14} xxl={15}>
          <Card variant="borderless" className="customer-activity" title={t('customers.activity')}>
            <ActivityTabs customerId={c.id} />
          </Card>
          {canOpen('/order/quotation') && <CustomerQuotations customerId={c.id} mayCreate={editable} />}
          {canOpen('/order/list') && <CustomerOrders customerId={c.id} mayCreate={editable} />}
          {canOpen('/invoice/list') && <CustomerInvoices customerId={c.id} />}
          {canOpen('/packing/list') && <CustomerPackingLists customerId={c.id} />}
        </Col>
      </Row>
    </>
  );
}
