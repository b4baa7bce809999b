import { CameraOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Input, Row, Tabs, Tag, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSubmit } from '@/shared/form/useSubmit';
import { showFormError } from '@/shared/form-errors';
import { useUser } from '@/shared/session';
import { UserAvatar } from '@/shared/ui/UserAvatar';
import { useUpdateProfile, useUploadAvatar } from '../api';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import './profile.css';
import { useFeedback } from '@/shared/feedback';

const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

interface AccountValues {
  name: string;
  introduction: string;
}

/** Profile (/profile/index): name, avatar upload, introduction, change password. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const [form] = Form.useForm<AccountValues>();
  const update = useUpdateProfile();
  const upload = useUploadAvatar();
  const { submit: saveAccount, submitting } = useSubmit(async (values: AccountValues) => {
    try {
      await update.mutateAsync({ name: values.name.trim(), introduction: values.introduction ?? '' });
      void message.success(t('profile.saved'));
    } catch (err) {
      showFormError(form, err);
    }
  });
  if (!user) return null;
  const name = user.name || user.username;
  const tab = params.get('tab') === 'password' ? 'password' : 'account';

  const beforeUpload = (file: File) => {
    if (!file.type.startsWith('image/')) {
      void message.error(t('profile.avatarNotImage'));
      return Upload.LIST_IGNORE;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      void message.error(t('profile.avatarTooLarge'));
      return Upload.LIST_IGNORE;
    }
    upload.mutate(file, { onSuccess: () => void message.success(t('profile.avatarUpdated')) });
    return false;
  };

  return (
    <div className="page profile">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xl={7}>
          <Card variant="borderless" className="profile__card">
            <div className="profile__avatar">
              <UserAvatar name={name} src={user.avatar} size={104} />
              <Upload
                accept="image/png,image/jpeg,image/webp,image/gif"
                showUploadList={false}
                beforeUpload={beforeUpload}
              >
                <Button
                  shape="circle"
                  className="profile__avatar-button"
                  icon={<CameraOutlined />}
                  loading={upload.isPending}
                  aria-label={t('profile.uploadAvatar')}
                  title={`${t('profile.uploadAvatar')} (${t('profile.avatarHint')})`}
                />
              </Upload>
            </div>
            <Typography.Title level={4} className="profile__name">
              {name}
            </Typography.Title>
            <Typography.Text type="secondary">@{user.username}</Typography.Text>
            {user.avatar && (
              <Button
                size="small"
                type="link"
                icon={<DeleteOutlined />}
                onClick={() => update.mutate({ avatar_file_id: null })}
              >
                {t('profile.removeAvatar')}
              </Button>
            )}
            <div className="profile__roles">
              {user.roles.map((r) => (
                <Tag key={r} color="processing">
                  {t(`roles.${r}`)}
                </Tag>
              ))}
            </div>
            <div className="profile__about">
              <Typography.Text strong>{t('profile.about')}</Typography.Text>
              <Typography.Paragraph type="secondary" className="profile__intro">
                {user.introduction || t('profile.noIntroduction')}
              </Typography.Paragraph>
            </div>
          </Card>
        </Col>
        <Col xs={24} lg={16} xl={17}>
          <Card variant="borderless">
            <Tabs
              activeKey={tab}
              onChange={(key) => setParams(key === 'password' ? { tab: key } : {}, { replace: true })}
              items={[
                {
                  key: 'account',
                  label: t('profile.account'),
                  children: (
                    <Form<AccountValues>
                      form={form}
                      layout="vertical"
                      name="profile"
                      initialValues={{ name: user.name, introduction: user.introduction }}
                      onFinish={saveAccount}
                      className="profile__form"
                    >
                      <Form.Item label={t('profile.username')}>
                        <Input value={user.username} disabled />
                      </Form.Item>
                      <Form.Item
                        label={t('profile.name')}
                        name="name"
                        rules={[
                          {
                            required: true,
                            whitespace: true,
                            message: t('common.required', { field: t('profile.name') }),
                          },
                        ]}
                      >
                        <Input maxLength={100} />
                      </Form.Item>
                      <Form.Item label={t('profile.introduction')} name="introduction">
                        <Input.TextArea
                          rows={4}
                          maxLength={2000}
                          showCount
                          placeholder={t('profile.introductionPlaceholder')}
                        />
                      </Form.Item>
                      <Button type="primary" htmlType="submit" loading={submitting}>
                        {t('common.save')}
                      </Button>
                    </Form>
                  ),
                },
                { key: 'password', label: t('profile.security'), children: <ChangePasswordForm /> },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
