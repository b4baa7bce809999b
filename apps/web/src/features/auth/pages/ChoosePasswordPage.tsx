import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '@/features/profile/components/ChangePasswordForm';
import { LogoMark } from '@/layout/Logo';
import { logoutAndReload } from '../session';
import './choose-password.css';

/**
 * Where a user whose password was set for them (the first admin's default, an admin's reset) is held:
 * the server answers nothing else until it is changed. Once it is, the guard goes on to the page asked for.
 */
export default function ChoosePasswordPage() {
  const { t } = useTranslation();
  return (
    <main className="choose-password">
      <div className="choose-password__card">
        <div className="choose-password__logo">
          <LogoMark size={36} />
          <span>Quayside</span>
        </div>
        <Typography.Title level={2}>{t('password.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('password.required')}</Typography.Paragraph>
        <ChangePasswordForm />
        <Button type="link" className="choose-password__logout" onClick={() => void logoutAndReload()}>
          {t('navbar.logout')}
        </Button>
      </div>
    </main>
  );
}
