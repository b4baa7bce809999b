import { MailOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUnreadCount } from '@/features/email/api';
import { useCanOpen } from '@/shared/routes/pages';
import { NavbarButton } from './NavbarButton';

export const INBOX_PATH = '/email/inbox';

/** Unread-email badge; the mail icon opens the unread mail of the inbox (spec §1). */
function UnreadMailButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: count = 0 } = useUnreadCount();
  const label = t('navbar.unread', { count });
  return (
    <NavbarButton label={label} onClick={() => navigate(`${INBOX_PATH}?is_read=false`)}>
      <Badge count={count} overflowCount={99} size="small" offset={[4, -2]}>
        <MailOutlined className="navbar__icon" />
      </Badge>
    </NavbarButton>
  );
}

/** Shown only to those who may open the inbox (the mail folders are admin-only, spec §2). */
export function UnreadMail() {
  return useCanOpen()(INBOX_PATH) ? <UnreadMailButton /> : null;
}
