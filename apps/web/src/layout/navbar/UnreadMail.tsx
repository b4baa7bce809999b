import { MailOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUnreadCount } from '@/features/email/api';
import { NavbarButton } from './NavbarButton';

/** Unread-email badge; the mail icon opens the inbox (spec §1). */
export function UnreadMail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: count = 0 } = useUnreadCount();
  const label = t('navbar.unread', { count });
  return (
    <NavbarButton label={label} onClick={() => navigate('/email/inbox')}>
      <Badge count={count} overflowCount={99} size="small" offset={[4, -2]}>
        <MailOutlined className="navbar__icon" />
      </Badge>
    </NavbarButton>
  );
}
