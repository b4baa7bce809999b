import { type ChangePassword, PASSWORD_MIN } from '@quayside/contract';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { useSubmit } from '@/shared/form/useSubmit';
import { showFormError } from '@/shared/form-errors';
import { useChangePassword } from '../api';

/** The form's name, the prefix of its fields' ids. */
export const PASSWORD_FORM = 'change-password';

interface Values extends ChangePassword {
  confirm: string;
}

/** Change one's own password: current, new, repeated. Other sessions of the user end. */
export function ChangePasswordForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();

  const { submit: onFinish, submitting } = useSubmit(async ({ old_password, new_password }: Values) => {
    try {
      await change.mutateAsync({ old_password, new_password });
      form.resetFields();
      void message.success(t('profile.passwordChanged'));
      onDone?.();
    } catch (err) {
      showFormError(form, err);
    }
  });

  const required = (field: string) => ({ required: true, message: t('common.required', { field }) });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name={PASSWORD_FORM}
      onFinish={onFinish}
      className="password-form"
    >
      <Form.Item
        label={t('profile.oldPassword')}
        name="old_password"
        rules={[required(t('profile.oldPassword'))]}
      >
        <Input.Password autoComplete="current-password" maxLength={200} />
      </Form.Item>
      <Form.Item
        label={t('profile.newPassword')}
        name="new_password"
        extra={t('users.passwordHint', { min: PASSWORD_MIN })}
        rules={[
          required(t('profile.newPassword')),
          { min: PASSWORD_MIN, message: t('users.passwordHint', { min: PASSWORD_MIN }) },
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={200} />
      </Form.Item>
      <Form.Item
        label={t('profile.confirmPassword')}
        name="confirm"
        dependencies={['new_password']}
        rules={[
          required(t('profile.confirmPassword')),
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || getFieldValue('new_password') === value
                ? Promise.resolve()
                : Promise.reject(new Error(t('profile.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={200} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submitting}>
        {t('profile.changePassword')}
      </Button>
    </Form>
  );
}
