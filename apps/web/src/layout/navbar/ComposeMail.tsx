import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCompose } from '@/features/email/api';
import { useCanOpen } from '@/shared/routes/pages';
import { NavbarButton } from './NavbarButton';

/** Write a new email from any page (issue 6: compose from the top bar). */
function ComposeMailButton() {
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

/** Only for those who may open the editor (spec §2: the email pages are admin-only). */
export function ComposeMail() {
  return useCanOpen()('/email/emailCreate/new') ? <ComposeMailButton /> : null;
}
