import { Alert, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/shared/session';
import { closePasswordDialog } from '../password-dialog';
import { ChangePasswordForm, PASSWORD_FORM } from './ChangePasswordForm';

export default function ChangePasswordModal() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Modal
      open
      title={t('profile.changePassword')}
      footer={null}
      onCancel={closePasswordDialog}
      destroyOnHidden
      // The dialog takes the focus when it opens; hand it on to the first field.
      afterOpenChange={(open) => {
        if (open) document.getElementById(`${PASSWORD_FORM}_old_password`)?.focus();
      }}
    >
      {user?.must_change_password && (
        <Alert
          type="warning"
          showIcon
          title={t('password.defaultWarning')}
          className="password-dialog__alert"
        />
      )}
      <ChangePasswordForm onDone={closePasswordDialog} />
    </Modal>
  );
}
