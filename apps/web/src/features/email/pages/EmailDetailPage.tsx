import {
  ArrowLeftOutlined,
  DeleteOutlined,
  DownloadOutlined,
  DownOutlined,
  EditOutlined,
  EyeInvisibleOutlined,
  MoreOutlined,
  ProfileOutlined,
  RollbackOutlined,
  ShareAltOutlined,
  StopOutlined,
  UndoOutlined,
  UpOutlined,
} from '@ant-design/icons';
import type { EmailAccount, EmailDetail, EmailFolder } from '@quayside/contract';
import { Alert, Button, Card, Col, Dropdown, Result, Row, Skeleton, Space, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CreateQuotationFromInquiry } from '@/features/quotations/components/CreateQuotationFromInquiry';
import { tagsStore } from '@/layout/tags-store';
import { useTabLabel } from '@/layout/useTabLabel';
import { fileUrl } from '@/shared/files';
import { parseTime, timeAgo } from '@/shared/format';
import { useHotkeys } from '@/shared/list/hotkeys';
import type { PageProps } from '@/shared/routes/types';
import { useCompose, useEmailAccounts, useEmailDetail } from '../api';
import { AttachmentList } from '../components/AttachmentList';
import { BlockSendersDialog } from '../components/BlockSendersDialog';
import { useRunAction } from '../components/BulkActions';
import { CountryFlag, PartyAvatar, StatusTag, TypeTag } from '../components/badges';
import { CustomerCard } from '../components/CustomerCard';
import { EmailBody } from '../components/EmailBody';
import { EmailMiniList, isOutgoing } from '../components/EmailMiniList';
import { HandlingCard } from '../components/HandlingCard';
import { HeadersDialog } from '../components/HeadersDialog';
import { HistoryCard } from '../components/HistoryCard';
import { SenderCard } from '../components/SenderCard';
import { SendStateAlert } from '../compose/components/SendState';
import { partiesLabel, partyFull, partyLabel } from '../email-format';
import { folderOfPath, folderPath } from '../folders';
import { neighbours } from '../list-cache';
import { useReadingList } from '../reading-list';
import '../email.css';
import { useFeedback } from '@/shared/feedback';
import { useCanOpen } from '@/shared/routes/pages';

const detailPath = (id: number) => `/email/emailDetail/${id}`;

/** The folder page an email lives in (its type's page for inquiries and quotations). */
function homeFolder(e: Pick<EmailDetail, 'folder' | 'type'>): EmailFolder {
  if (e.folder === 'trash' || e.folder === 'drafts' || e.folder === 'outbox') return e.folder;
  return e.type === 'normal' ? 'inbox' : e.type;
}

/** /email/emailDetail/:id — one email: headers, body, attachments, thread, customer, handling. */
export default function EmailDetailPage({ id: idParam }: PageProps) {
  const id = Number(idParam);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const detail = useEmailDetail(id);
  const accounts = useEmailAccounts();
  const reading = useReadingList();
  const scope = useRef<HTMLDivElement>(null);
  const email = detail.data;
  const fromList = reading?.ids.includes(id) ? reading : null;
  // The folder it was opened from stays highlighted (an outbox mail is not in the inbox).
  const listPath = fromList?.href.split('?')[0];
  const menuPath =
    listPath && folderOfPath(listPath) ? listPath : email ? folderPath(homeFolder(email)) : undefined;
  useTabLabel(email ? email.subject || t('email.noSubject') : undefined, menuPath);

  const near = fromList ? neighbours(fromList.ids, id) : { prev: null, next: null };
  const backHref = fromList?.href ?? (email ? folderPath(homeFolder(email)) : folderPath('inbox'));

  /** Leaves this email for another page and closes its tab (it is done with). */
  const leaveTo = (href: string) => {
    navigate(href);
    tagsStore.close(detailPath(id), href.split('?')[0] ?? href);
  };
  const step = (to: number | null) => to !== null && leaveTo(detailPath(to));

  useHotkeys(scope, {
    u: () => leaveTo(backHref),
    j: () => step(near.next),
    k: () => step(near.prev),
  });

  const nav = (
    <Space size={4} className="email-nav">
      <Tooltip title={t('email.backHint')}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => leaveTo(backHref)}>
          {t('email.back')}
        </Button>
      </Tooltip>
      {fromList && (
        <>
          <Tooltip title={t('email.prevHint')}>
            <Button
              icon={<UpOutlined />}
              aria-label={t('email.prev')}
              disabled={near.prev === null}
              onClick={() => step(near.prev)}
            />
          </Tooltip>
          <Tooltip title={t('email.nextHint')}>
            <Button
              icon={<DownOutlined />}
              aria-label={t('email.next')}
              disabled={near.next === null}
              onClick={() => step(near.next)}
            />
          </Tooltip>
          <span className="email-nav__position">
            {t('email.position', { at: fromList.ids.indexOf(id) + 1, of: fromList.ids.length })}
          </span>
        </>
      )}
    </Space>
  );

  if (detail.isLoading) {
    return (
      <div className="page email-detail" ref={scope}>
        <Card variant="borderless">
          <Skeleton active avatar paragraph={{ rows: 8 }} />
        </Card>
      </div>
    );
  }
  if (!email) {
    return (
      <div className="page email-detail" ref={scope}>
        <Card variant="borderless">
          <Result
            status="404"
            title={<h1 className="result-heading">{t('email.notFound')}</h1>}
            subTitle={t('email.notFoundHint')}
            extra={
              <Button type="primary" onClick={() => leaveTo(backHref)}>
                {t('email.back')}
              </Button>
            }
          />
        </Card>
      </div>
    );
  }

  return (
    <div className="page email-detail" ref={scope}>
      <EmailView
        email={email}
        accounts={accounts.data ?? []}
        nav={nav}
        onLeave={() => leaveTo(near.next !== null ? detailPath(near.next) : backHref)}
        onBack={() => leaveTo(backHref)}
        scope={scope}
      />
    </div>
  );
}

function EmailView({
  email: e,
  accounts,
  nav,
  onLeave,
  onBack,
  scope,
}: {
  email: EmailDetail;
  accounts: EmailAccount[];
  nav: React.ReactNode;
  /** The email left its folder (trash, restore, delete): on to the next one. */
  onLeave: () => void;
  onBack: () => void;
  scope: React.RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = useFeedback();
  const { run } = useRunAction();
  const { compose, pending: composing } = useCompose();
  const [headers, setHeaders] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const mayBlock = useCanOpen()('/email/blacklist');
  const account = accounts.find((a) => a.id === e.account_id);
  const accountLabel = account
    ? account.name
      ? `${account.name} <${account.address}>`
      : account.address
    : '—';
  const ours = new Set(accounts.map((a) => a.address.toLowerCase()));
  const outgoing = isOutgoing(e) || ours.has(e.from.address.toLowerCase());
  const party = outgoing ? e.to[0] : e.from;
  const ids = [e.id];
  const inTrash = e.folder === 'trash';

  const confirmDelete = () =>
    modal.confirm({
      title: t('email.deleteConfirm', { count: 1 }),
      content: t('email.deleteConfirmHint'),
      okText: t('email.deleteForever'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        if (await run({ kind: 'delete', ids })) onLeave();
      },
    });

  const thread = [...e.thread, e].sort((a, b) => a.date.localeCompare(b.date));

  useHotkeys(scope, {
    r: () => e.folder !== 'drafts' && compose('reply', e.id),
    a: () => e.folder !== 'drafts' && compose('reply_all', e.id),
    f: () => e.folder !== 'drafts' && compose('forward', e.id),
  });

  return (
    <>
      <Card variant="borderless" className="email-hero">
        <div className="email-hero__bar">
          {nav}
          <Space size={6} wrap className="email-hero__actions">
            {e.folder === 'drafts' ? (
              <Button
                type="primary"
                icon={<EditOutlined />}
                onClick={() => navigate(`/email/emailCreate/${e.id}`)}
              >
                {t('email.editDraft')}
              </Button>
            ) : (
              <Space.Compact>
                <Tooltip title={t('email.replyHint')}>
                  <Button
                    type="primary"
                    icon={<RollbackOutlined />}
                    loading={composing}
                    onClick={() => compose('reply', e.id)}
                  >
                    {t('email.reply')}
                  </Button>
                </Tooltip>
                <Tooltip title={t('email.replyAllHint')}>
                  <Button onClick={() => compose('reply_all', e.id)} disabled={composing}>
                    {t('email.replyAll')}
                  </Button>
                </Tooltip>
                <Tooltip title={t('email.forwardHint')}>
                  <Button
                    icon={<ShareAltOutlined />}
                    onClick={() => compose('forward', e.id)}
                    disabled={composing}
                  >
                    {t('email.forward')}
                  </Button>
                </Tooltip>
              </Space.Compact>
            )}
            {e.type === 'inquiry' && !inTrash && <CreateQuotationFromInquiry emailId={e.id} type="default" />}
            <Tooltip title={t('email.markUnreadHint')}>
              <Button
                icon={<EyeInvisibleOutlined />}
                onClick={async () => {
                  if (await run({ kind: 'read', ids, read: false })) onBack();
                }}
              >
                {t('email.markUnread')}
              </Button>
            </Tooltip>
            {!outgoing && mayBlock && (
              <Button icon={<StopOutlined />} onClick={() => setBlocking(true)}>
                {t('email.block.action')}
              </Button>
            )}
            {inTrash ? (
              <>
                <Button
                  icon={<UndoOutlined />}
                  onClick={async () => {
                    if (await run({ kind: 'restore', ids })) onLeave();
                  }}
                >
                  {t('email.restore')}
                </Button>
                <Button danger icon={<DeleteOutlined />} onClick={confirmDelete}>
                  {t('email.deleteForever')}
                </Button>
              </>
            ) : (
              <Button
                danger
                icon={<DeleteOutlined />}
                onClick={async () => {
                  if (await run({ kind: 'trash', ids })) onLeave();
                }}
              >
                {t('email.trash')}
              </Button>
            )}
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'headers', icon: <ProfileOutlined />, label: t('email.headers') },
                  ...(e.raw_file_id
                    ? [{ key: 'eml', icon: <DownloadOutlined />, label: t('email.downloadEml') }]
                    : []),
                ],
                onClick: ({ key }) => {
                  if (key === 'headers') setHeaders(true);
                  if (key === 'eml' && e.raw_file_id)
                    window.open(fileUrl(e.raw_file_id), '_blank', 'noopener');
                },
              }}
            >
              <Button icon={<MoreOutlined />} aria-label={t('common.more')} />
            </Dropdown>
          </Space>
        </div>

        <Typography.Title level={4} className="email-hero__subject">
          {e.subject || <span className="muted">{t('email.noSubject')}</span>}
          <span className="email-hero__tags">
            {e.type !== 'normal' && <TypeTag type={e.type} />}
            <StatusTag status={e.status} />
          </span>
        </Typography.Title>

        <div className="email-hero__party">
          <PartyAvatar label={partyLabel(e.from)} address={e.from.address} size={40} />
          <div className="email-hero__who">
            <div className="email-hero__from">
              <strong>{partyLabel(e.from)}</strong>
              {e.from.name && <span className="email-hero__address">&lt;{e.from.address}&gt;</span>}
              {e.sender_country && (
                <CountryFlag code={e.sender_country} nation={e.sender_nation} ip={e.sender_ip} />
              )}
            </div>
            <dl className="email-hero__parties">
              <div>
                <dt>{t('email.col.to')}</dt>
                <dd title={e.to.map(partyFull).join(', ')}>{partiesLabel(e.to) || '—'}</dd>
              </div>
              {e.cc.length > 0 && (
                <div>
                  <dt>{t('email.cc')}</dt>
                  <dd title={e.cc.map(partyFull).join(', ')}>{partiesLabel(e.cc)}</dd>
                </div>
              )}
              {e.bcc.length > 0 && (
                <div>
                  <dt>{t('email.bcc')}</dt>
                  <dd title={e.bcc.map(partyFull).join(', ')}>{partiesLabel(e.bcc)}</dd>
                </div>
              )}
            </dl>
          </div>
          <div className="email-hero__date">
            <span>{parseTime(e.date, '{y}-{m}-{d} {h}:{i}')}</span>
            {Date.now() - Date.parse(e.date) < 2 * 86_400_000 && (
              <span className="email-hero__ago">{timeAgo(e.date, t)}</span>
            )}
          </div>
        </div>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16} xxl={17}>
          <Card variant="borderless" className="email-main">
            <SendStateAlert email={e} />
            {e.is_raw && (
              <Alert
                type="warning"
                showIcon
                className="email-main__alert"
                title={t('email.rawTitle')}
                description={t('email.rawHint')}
                action={
                  e.raw_file_id ? (
                    <Button size="small" icon={<DownloadOutlined />} href={fileUrl(e.raw_file_id)}>
                      {t('email.downloadEml')}
                    </Button>
                  ) : undefined
                }
              />
            )}
            <EmailBody email={e} />
            <AttachmentList attachments={e.attachments} />
          </Card>
          {e.thread.length > 0 && (
            <Card
              variant="borderless"
              size="small"
              className="email-thread"
              title={t('email.thread', { count: thread.length })}
            >
              <EmailMiniList items={thread} currentId={e.id} />
            </Card>
          )}
        </Col>
        <Col xs={24} xl={8} xxl={7}>
          <div className="side-cards">
            <HandlingCard email={e} />
            <CustomerCard customer={e.customer} party={party} senderNation={e.sender_nation} />
            {!outgoing && <SenderCard email={e} accountLabel={accountLabel} />}
            {party && <HistoryCard address={party.address} currentId={e.id} />}
          </div>
        </Col>
      </Row>

      {headers && <HeadersDialog headers={e.headers} onClose={() => setHeaders(false)} />}
      {blocking && (
        <BlockSendersDialog
          addresses={[e.from.address]}
          emailIds={ids}
          canTrash={!inTrash}
          onClose={() => setBlocking(false)}
          onDone={(trashed) => trashed && onLeave()}
        />
      )}
    </>
  );
}
