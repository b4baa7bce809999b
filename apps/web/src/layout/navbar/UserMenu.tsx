import {
  DashboardOutlined,
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logoutAndReload } from '@/features/auth/session';
import { openPasswordDialog } from '@/features/profile/password-dialog';
import { ROUTES } from '@/shared/routes/paths';
import { canAccess } from '@/shared/routes/permission';
import { matchRoute } from '@/shared/routes/resolve';
import { useUser } from '@/shared/session';
import { UserAvatar } from '@/shared/ui/UserAvatar';

const PROFILE_PATH = '/profile/index';

/** Avatar dropdown: dashboard, profile, log out (spec §1). */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  if (!user) return null;
  const profile = matchRoute(ROUTES, PROFILE_PATH);
  const mayOpenProfile = profile ? canAccess(user.roles, profile.resolved.chain) : false;

  const items: MenuProps['items'] = [
    { key: 'dashboard', icon: <DashboardOutlined />, label: t('navbar.dashboard') },
    ...(mayOpenProfile ? [{ key: 'profile', icon: <UserOutlined />, label: t('navbar.profile') }] : []),
    { key: 'password', icon: <KeyOutlined />, label: t('password.change') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('navbar.logout'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'dashboard') navigate('/');
    else if (key === 'profile') navigate('/profile');
    else if (key === 'password') openPasswordDialog();
    else if (key === 'logout') void logoutAndReload();
  };

  return (
    <Dropdown trigger={['click']} menu={{ items, onClick }} placement="bottomRight">
      <button type="button" className="navbar__user" aria-label={t('navbar.account')}>
        <UserAvatar name={user.name || user.username} src={user.avatar} size={30} />
        <span className="navbar__user-name">{user.name || user.username}</span>
        <DownOutlined className="navbar__caret" />
      </button>
    </Dropdown>
  );
}
