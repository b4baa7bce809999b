import { ExclamationCircleFilled, GlobalOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { EmailAccount, EmailFolder, EmailListItem } from '@quayside/contract';
import { Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { parseTime, timeAgo } from '@/shared/format';
import type { ListColumn } from '@/shared/list/ListTable';
import { SendStateCell } from '../compose/components/SendState';
import { partiesLabel, partyFull, partyLabel } from '../email-format';
import { folderShowsRecipients } from '../folders';
import { CountryFlag, StatusTag, TypeTag } from './badges';

const dash = <span className="muted-dash">—</span>;

/** Who the row is about: the sender, or the recipients of sent mail and drafts. Always first. */
export function partyColumn(t: TFunction, folder: EmailFolder): ListColumn<EmailListItem> {
  const outgoing = folderShowsRecipients(folder);
  const title = outgoing ? t('email.col.to') : t('email.col.from');
  return {
    key: 'party',
    label: title,
    title,
    width: 160,
    className: 'email-col--party',
    ellipsis: { showTitle: false },
    render: (_, e) => {
      const people = outgoing ? e.to : [e.from];
      const full = people.map(partyFull).join(', ');
      const text = outgoing ? partiesLabel(e.to) || t('email.noRecipients') : partyLabel(e.from);
      return (
        <span className="email-row__party" title={full}>
          {text}
        </span>
      );
    },
  };
}

/** The subject with its marks (attachment, a failed send, a message stored raw). Always second. */
export function subjectColumn(t: TFunction): ListColumn<EmailListItem> {
  return {
    key: 'subject',
    label: t('email.col.subject'),
    title: t('email.col.subject'),
    sortField: 'subject',
    width: 240,
    // Auto table layout grows a cell to its text: the class caps it (email.css).
    className: 'email-col--subject',
    ellipsis: { showTitle: false },
    render: (_, e) => (
      <span className="email-row__subject">
        {e.send_status === 'failed' && (
          <Tooltip title={e.send_error || t('email.sendFailed')}>
            <ExclamationCircleFilled className="email-row__failed" aria-label={t('email.sendFailed')} />
          </Tooltip>
        )}
        <Link
          to={e.folder === 'drafts' ? `/email/emailCreate/${e.id}` : `/email/emailDetail/${e.id}`}
          className="email-row__link"
          title={e.subject || t('email.noSubject')}
        >
          {e.subject || <span className="email-row__nosubject">{t('email.noSubject')}</span>}
        </Link>
        {e.has_attachment && (
          <PaperClipOutlined className="email-row__clip" aria-label={t('email.hasAttachment')} />
        )}
      </span>
    ),
  };
}

/** The outbox's own column: scheduled (with Cancel), sending, or failed with its reason and Retry. */
export function sendStateColumn(t: TFunction): ListColumn<EmailListItem> {
  return {
    key: 'send_state',
    label: t('email.col.sendState'),
    title: t('email.col.sendState'),
    width: 220,
    // Auto table layout grows a cell to its text: the class caps it (email.css).
    className: 'email-col--send-state',
    render: (_, e) => <SendStateCell email={e} />,
  };
}

/** The columns a user may show, hide and reorder, in their default order. */
export function emailColumns(t: TFunction, accounts: readonly EmailAccount[]): ListColumn<EmailListItem>[] {
  const accountById = new Map(accounts.map((a) => [a.id, a]));
  return [
    {
      key: 'customer',
      label: t('email.col.customer'),
      title: t('email.col.customer'),
      width: 140,
      className: 'email-col--customer',
      ellipsis: { showTitle: false },
      render: (_, e) =>
        e.customer ? (
          <Link
            to={`/customer/detail/${e.customer.id}`}
            className="email-row__customer"
            title={e.customer.company_name || e.customer.name}
            tabIndex={-1}
          >
            {e.customer.company_name || e.customer.name}
          </Link>
        ) : (
          dash
        ),
    },
    {
      key: 'country',
      label: t('email.col.country'),
      title: (
        <Tooltip title={t('email.col.country')}>
          <GlobalOutlined aria-label={t('email.col.country')} />
        </Tooltip>
      ),
      width: 48,
      align: 'center',
      render: (_, e) => <CountryFlag code={e.sender_country} nation={e.sender_nation} ip={e.sender_ip} />,
    },
    {
      key: 'date',
      label: t('email.col.date'),
      title: t('email.col.date'),
      sortField: 'date',
      descendFirst: true,
      width: 120,
      render: (_, e) => (
        <Tooltip title={parseTime(e.date)}>
          <span className="email-row__date">{timeAgo(e.date, t, Date.now(), '{y}-{m}-{d}')}</span>
        </Tooltip>
      ),
    },
    {
      key: 'type',
      label: t('email.col.type'),
      title: t('email.col.type'),
      width: 80,
      render: (_, e) => <TypeTag type={e.type} />,
    },
    {
      key: 'status',
      label: t('email.col.status'),
      title: t('email.col.status'),
      width: 100,
      render: (_, e) => <StatusTag status={e.status} />,
    },
    {
      key: 'handler',
      label: t('email.col.handler'),
      title: t('email.col.handler'),
      width: 104,
      ellipsis: true,
      render: (_, e) => e.handler_name || dash,
    },
    {
      key: 'account',
      label: t('email.col.account'),
      title: t('email.col.account'),
      width: 190,
      ellipsis: true,
      defaultHidden: true,
      render: (_, e) => accountById.get(e.account_id)?.address ?? dash,
    },
    {
      key: 'read_at',
      label: t('email.col.readAt'),
      title: t('email.col.readAt'),
      width: 150,
      defaultHidden: true,
      render: (_, e) => (e.read_at ? parseTime(e.read_at, '{y}-{m}-{d} {h}:{i}') : dash),
    },
  ];
}
