import { CheckCircleFilled, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, type InputRef, Segmented, Typography } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '@/layout/Logo';
import { i18n as appI18n, type Language, setLanguage } from '@/shared/i18n';
import { RequestError } from '@/shared/request';
import { setToken } from '@/shared/session';
import { login } from '../api';
import { type LoginHandoff, takeLoginPaint } from '../login-paint';
import './login.css';
import { useFeedback } from '@/shared/feedback';

interface LoginForm {
  username: string;
  password: string;
}

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [capsLock, setCapsLock] = useState(false);
  const [form] = Form.useForm<LoginForm>();
  const usernameRef = useRef<InputRef>(null);
  const passwordRef = useRef<InputRef>(null);

  // In the commit that shows the page: what was typed into the server's paint of it, and a sign-in
  // asked for there; then, once the fields hold it (the same commit, before anything is drawn), the
  // caret where it was, or in the username field as on any visit.
  const [caret, setCaret] = useState<LoginHandoff['focus']>(null);
  useLayoutEffect(() => {
    const handoff = takeLoginPaint();
    if (handoff) form.setFieldsValue({ username: handoff.username, password: handoff.password });
    // (Kept when run again, as StrictMode does: the paint is read once.)
    setCaret((kept) => handoff?.focus ?? kept ?? { field: 'username', start: null, end: null });
    if (handoff?.submitted) form.submit();
  }, [form]);
  useLayoutEffect(() => {
    if (!caret) return;
    const input = (caret.field === 'password' ? passwordRef : usernameRef).current;
    input?.focus({ preventScroll: true });
    if (caret.start !== null && caret.end !== null) input?.input?.setSelectionRange(caret.start, caret.end);
  }, [caret]);

  const onFinish = async (values: LoginForm) => {
    setSubmitting(true);
    setError(null);
    try {
      const { token } = await login({ username: values.username.trim(), password: values.password });
      // The guard now sends the signed-in user on to the page asked for (?redirect=).
      setToken(token);
    } catch (err) {
      if (err instanceof RequestError && (err.kind === 'business' || err.kind === 'forbidden'))
        setError(err.message);
      setSubmitting(false);
    }
  };

  const switchLanguage = async (lang: Language) => {
    await setLanguage(lang);
    void message.success(appI18n.t('navbar.languageSwitched'));
  };

  return (
    <div className="login">
      <aside className="login__brand">
        <div className="login__brand-inner">
          <div className="login__logo">
            <LogoMark size={40} />
            <span>Quayside</span>
          </div>
          <h1 className="login__tagline">{t('app.tagline')}</h1>
          <ul className="login__features">
            {(['featureCustomers', 'featureQuotes', 'featureCampaigns'] as const).map((k) => (
              <li key={k}>
                <CheckCircleFilled />
                <span>{t(`login.${k}`)}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="login__waves" aria-hidden="true" />
      </aside>

      <main className="login__panel">
        <div className="login__lang">
          <Segmented<Language>
            size="small"
            value={i18n.language as Language}
            options={[
              { label: 'EN', value: 'en' },
              { label: '中文', value: 'zh' },
            ]}
            onChange={(v) => void switchLanguage(v)}
          />
        </div>
        <div className="login__card">
          <div className="login__mobile-logo">
            <LogoMark size={36} />
          </div>
          <Typography.Title level={2} className="login__title">
            {t('login.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="login__subtitle">
            {t('login.subtitle')}
          </Typography.Paragraph>

          {error && <Alert className="login__error" type="error" showIcon title={error} role="alert" />}

          <Form<LoginForm>
            form={form}
            name="login"
            layout="vertical"
            size="large"
            requiredMark={false}
            onFinish={onFinish}
            onValuesChange={() => error && setError(null)}
          >
            <Form.Item
              label={t('login.username')}
              name="username"
              normalize={(v: string) => v.trimStart()}
              rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
            >
              <Input
                ref={usernameRef}
                prefix={<UserOutlined />}
                autoComplete="username"
                placeholder={t('login.username')}
              />
            </Form.Item>
            <Form.Item
              label={t('login.password')}
              name="password"
              rules={[{ required: true, message: t('login.passwordRequired') }]}
              extra={capsLock ? <span className="login__caps">{t('login.capsLock')}</span> : undefined}
            >
              <Input.Password
                ref={passwordRef}
                prefix={<LockOutlined />}
                autoComplete="current-password"
                placeholder={t('login.password')}
                onKeyUp={(e) => setCapsLock(e.getModifierState('CapsLock'))}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting} className="login__submit">
              {t('login.submit')}
            </Button>
          </Form>
        </div>
        <footer className="login__footer">
          © {new Date().getFullYear()} {t('login.footer')}
        </footer>
      </main>
    </div>
  );
}
