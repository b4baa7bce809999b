import { PASSWORD_MIN, type User } from '@quayside/contract';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { useFormOverlay } from '@/shared/form/useFormOverlay';
import { useSubmit } from '@/shared/form/useSubmit';
import { showFormError } from '@/shared/form-errors';
import { useResetPassword } from '../api';

/** An admin sets a new password; the user must choose their own at next login. */
export function ResetPasswordModal({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ password: string }>();
  const reset = useResetPassword();

  const { requestClose, leave } = useFormOverlay('reset-password', () => form.isFieldsTouched(), onClose);
  const { submit, submitting } = useSubmit(async () => {
    let password: string;
    try {
      ({ password } = await form.validateFields());
    } catch {
      return; // antd shows the message next to the field
    }
    try {
      await reset.mutateAsync({ id: user.id, password });
      void message.success(t('users.resetDone', { name: user.name }));
      leave();
    } catch (err) {
      showFormError(form, err);
    }
  });

  return (
    <Modal
      open
      title={t('users.resetTitle', { name: user.name })}
      okText={t('users.resetPassword')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={requestClose}
      confirmLoading={submitting}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="reset-password" onFinish={submit}>
        <Form.Item
          label={t('users.newPassword')}
          name="password"
          extra={t('users.passwordHint', { min: PASSWORD_MIN })}
          rules={[
            { required: true, message: t('common.required', { field: t('users.newPassword') }) },
            { min: PASSWORD_MIN, message: t('users.passwordHint', { min: PASSWORD_MIN }) },
          ]}
        >
          <Input.Password autoComplete="new-password" autoFocus maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
