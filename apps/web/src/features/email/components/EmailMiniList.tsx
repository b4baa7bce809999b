import { ArrowDownOutlined, ArrowUpOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { EmailListItem } from '@quayside/contract';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { parseTime, timeAgo } from '@/shared/format';
import { partiesLabel, partyLabel } from '../email-format';

/** Sent by us (outbox, drafts) or received. */
export const isOutgoing = (e: Pick<EmailListItem, 'folder'>) =>
  e.folder === 'outbox' || e.folder === 'drafts';

/** A compact list of emails (a thread, a history): direction, party, subject, time; each opens. */
export function EmailMiniList({ items, currentId }: { items: EmailListItem[]; currentId?: number }) {
  const { t } = useTranslation();
  return (
    <ol className="mini-list">
      {items.map((e) => {
        const out = isOutgoing(e);
        const who = out ? partiesLabel(e.to) : partyLabel(e.from);
        const current = e.id === currentId;
        return (
          <li
            key={e.id}
            className={[
              'mini-list__item',
              e.is_read || out ? '' : 'mini-list__item--unread',
              current ? 'mini-list__item--current' : '',
            ].join(' ')}
          >
            <Tooltip title={out ? t('email.sent') : t('email.received')}>
              <span className={`mini-list__dir mini-list__dir--${out ? 'out' : 'in'}`}>
                {out ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
              </span>
            </Tooltip>
            <div className="mini-list__main">
              {current ? (
                <span className="mini-list__subject">{e.subject || t('email.noSubject')}</span>
              ) : (
                <Link to={`/email/emailDetail/${e.id}`} className="mini-list__subject">
                  {e.subject || t('email.noSubject')}
                </Link>
              )}
              <span className="mini-list__who">
                {out ? t('email.toWho', { who }) : who}
                {e.has_attachment && <PaperClipOutlined className="mini-list__clip" />}
              </span>
            </div>
            <Tooltip title={parseTime(e.date)}>
              <span className="mini-list__date">{timeAgo(e.date, t)}</span>
            </Tooltip>
          </li>
        );
      })}
    </ol>
  );
}
