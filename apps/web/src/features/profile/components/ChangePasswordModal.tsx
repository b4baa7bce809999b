import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { closePasswordDialog } from '../password-dialog';
import { ChangePasswordForm, PASSWORD_FORM } from './ChangePasswordForm';

export default function ChangePasswordModal() {
  const { t } = useTranslation();
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
      <ChangePasswordForm onDone={closePasswordDialog} />
    </Modal>
  );
}
