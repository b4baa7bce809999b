import { ArrowDownOutlined, ArrowUpOutlined, MailOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { EmailListItem } from '@quayside/contract';
import { Empty, List, Pagination, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { parseTime, timeAgo } from '@/shared/format';
import { useLookups } from '@/shared/lookups/useLookups';
import { useCanOpen } from '@/shared/routes/pages';
import { useCustomerEmails } from '../api';

const PAGE_SIZE = 10;

/** Sent by us (outbox, drafts) or received from the customer. */
const isOutgoing = (e: EmailListItem) => e.folder === 'outbox' || e.folder === 'drafts';

/** Every email with the customer, newest first (GET /api/email/history/?customer_id=). */
export function EmailHistory({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const lookups = useLookups();
  // The email screens are admin-only (spec §2); others see the history without links.
  const canOpen = useCanOpen()('/email/emailDetail/0');
  const [page, setPage] = useState(1);
  const history = useCustomerEmails(customerId, page);
  const data = history.isError ? undefined : history.data;

  if (!data || data.items.length === 0) {
    return (
      <Empty
        image={<MailOutlined className="activity-empty__icon" />}
        description={
          history.isLoading ? (
            t('customers.emailsLoading')
          ) : (
            <span className="activity-empty__text">{t('customers.emailsEmpty')}</span>
          )
        }
      />
    );
  }

  return (
    <>
      <List<EmailListItem>
        className="email-history"
        dataSource={data.items}
        renderItem={(email) => {
          const out = isOutgoing(email);
          const who = out
            ? email.to.map((a) => a.name || a.address).join(', ')
            : email.from.name || email.from.address;
          const subject = email.subject || t('customers.noSubject');
          return (
            <List.Item
              className={`email-history__item${email.is_read || out ? '' : ' email-history__item--unread'}`}
            >
              <Tooltip title={out ? t('customers.emailSent') : t('customers.emailReceived')}>
                <span className={`email-history__dir email-history__dir--${out ? 'out' : 'in'}`}>
                  {out ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
                </span>
              </Tooltip>
              <div className="email-history__main">
                <div className="email-history__subject">
                  {canOpen ? <Link to={`/email/emailDetail/${email.id}`}>{subject}</Link> : subject}
                  {email.has_attachment && <PaperClipOutlined className="email-history__clip" />}
                  {email.type !== 'normal' && (
                    <Tag className="email-history__type">{lookups.label('email_type', email.type)}</Tag>
                  )}
                </div>
                <Typography.Text type="secondary" className="email-history__who" ellipsis>
                  {out ? t('customers.emailTo', { who }) : t('customers.emailFrom', { who })}
                </Typography.Text>
              </div>
              <Tooltip title={parseTime(email.date)}>
                <span className="email-history__date">{timeAgo(email.date, t)}</span>
              </Tooltip>
            </List.Item>
          );
        }}
      />
      {data.total > PAGE_SIZE && (
        <Pagination
          size="small"
          className="email-history__pager"
          current={page}
          pageSize={PAGE_SIZE}
          total={data.total}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </>
  );
}
