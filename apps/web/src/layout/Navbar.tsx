import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { toggleSidebar, useSettings } from '@/shared/settings';
import { Breadcrumb } from './Breadcrumb';
import { ComposeMail } from './navbar/ComposeMail';
import { ErrorLogButton } from './navbar/ErrorLogButton';
import { FullscreenToggle } from './navbar/FullscreenToggle';
import { LanguageSelect } from './navbar/LanguageSelect';
import { SearchButton } from './navbar/SearchButton';
import { ThemePicker } from './navbar/ThemePicker';
import { UnreadMail } from './navbar/UnreadMail';
import { UserMenu } from './navbar/UserMenu';

export function Navbar() {
  const { t } = useTranslation();
  const { sidebarOpened, device } = useSettings();
  const label = sidebarOpened ? t('navbar.closeSidebar') : t('navbar.openSidebar');
  return (
    <div className="navbar">
      <Tooltip title={label} placement="bottomLeft">
        <Button
          type="text"
          className="navbar__hamburger"
          aria-label={label}
          aria-expanded={sidebarOpened}
          icon={sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          onClick={toggleSidebar}
        />
      </Tooltip>
      <Breadcrumb />
      <div className="navbar__right">
        <SearchButton />
        <ErrorLogButton />
        <ComposeMail />
        <UnreadMail />
        {device === 'desktop' && <FullscreenToggle />}
        <LanguageSelect />
        <ThemePicker />
        <UserMenu />
      </div>
    </div>
  );
}
