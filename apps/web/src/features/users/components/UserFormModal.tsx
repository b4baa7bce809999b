import { PASSWORD_MIN, ROLES, type Role, type User } from '@quayside/contract';
import { Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { useFormOverlay } from '@/shared/form/useFormOverlay';
import { useSubmit } from '@/shared/form/useSubmit';
import { showFormError } from '@/shared/form-errors';
import { useCreateUser, useUpdateUser } from '../api';

interface Values {
  username: string;
  password: string;
  name: string;
  roles: Role[];
  introduction: string;
}

/** Create a user (user = null) or edit one: name, roles, introduction. */
export function UserFormModal({
  user,
  open,
  onClose,
}: {
  user: User | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const create = useCreateUser();
  const update = useUpdateUser();
  const editing = user !== null;

  const { requestClose, leave } = useFormOverlay('user-form', () => form.isFieldsTouched(), onClose, open);
  const { submit, submitting } = useSubmit(async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // antd shows the messages next to the fields
    }
    try {
      if (editing) {
        const saved = await update.mutateAsync({
          id: user.id,
          name: values.name.trim(),
          roles: values.roles,
          introduction: values.introduction ?? '',
        });
        void message.success(t('users.updated', { name: saved.name }));
      } else {
        const saved = await create.mutateAsync({
          username: values.username.trim(),
          password: values.password,
          name: values.name.trim(),
          roles: values.roles,
          introduction: values.introduction ?? '',
        });
        void message.success(t('users.created', { name: saved.name }));
      }
      leave();
    } catch (err) {
      showFormError(form, err);
    }
  });

  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('common.required', { field }),
  });

  return (
    <Modal
      open={open}
      title={editing ? t('users.editTitle', { name: user.name }) : t('users.createTitle')}
      okText={editing ? t('common.save') : t('common.create')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={requestClose}
      confirmLoading={submitting}
      destroyOnHidden
      forceRender={false}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="user"
        preserve={false}
        initialValues={
          user
            ? { name: user.name, roles: user.roles, introduction: user.introduction }
            : // Most people an export company adds are salespeople (issue 32).
              { roles: ['sales'], introduction: '' }
        }
        onFinish={submit}
      >
        {!editing && (
          <Form.Item
            label={t('users.username')}
            name="username"
            extra={t('users.usernameRule')}
            rules={[
              required(t('users.username')),
              { pattern: /^[A-Za-z0-9._@-]{2,64}$/, message: t('users.usernameRule') },
            ]}
          >
            <Input autoComplete="off" maxLength={64} />
          </Form.Item>
        )}
        <Form.Item label={t('users.name')} name="name" rules={[required(t('users.name')), { max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        {!editing && (
          <Form.Item
            label={t('users.password')}
            name="password"
            extra={t('users.passwordHint', { min: PASSWORD_MIN })}
            rules={[
              { required: true, message: t('common.required', { field: t('users.password') }) },
              { min: PASSWORD_MIN, message: t('users.passwordHint', { min: PASSWORD_MIN }) },
            ]}
          >
            <Input.Password autoComplete="new-password" maxLength={200} />
          </Form.Item>
        )}
        <Form.Item
          label={t('users.roles')}
          name="roles"
          rules={[
            {
              required: true,
              type: 'array',
              min: 1,
              message: t('common.required', { field: t('users.roles') }),
            },
          ]}
        >
          <Checkbox.Group options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
        </Form.Item>
        <Form.Item label={t('users.introduction')} name="introduction">
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
