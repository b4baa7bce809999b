import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCompose } from '@/features/email/api';
import { NavbarButton } from './NavbarButton';

/** Write a new email from any page (issue 6: compose from the top bar). */
export function ComposeMail() {
  const { t } = useTranslation();
  const { compose, pending } = useCompose();
  const label = t('navbar.compose');
  return (
    <NavbarButton
      label={label}
      disabled={pending}
      onClick={() => compose('new')}
      icon={<EditOutlined className="navbar__icon" />}
    />
  );
}
