import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { openPasswordDialog } from '@/features/profile/password-dialog';
import { useUser } from '@/shared/session';

/** Shown while the account still has the default first-admin password. */
export function DefaultPasswordBanner() {
  const { t } = useTranslation();
  const user = useUser();
  if (!user?.must_change_password) return null;
  return (
    <Alert
      className="default-password-banner"
      type="warning"
      showIcon
      banner
      title={t('password.defaultWarning')}
      action={
        <Button size="small" type="primary" onClick={openPasswordDialog}>
          {t('password.change')}
        </Button>
      }
    />
  );
}
