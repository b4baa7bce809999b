import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="error-page">
      <Result
        status="404"
        title={<h1 className="result-heading">{t('errorPage.title404')}</h1>}
        subTitle={t('errorPage.desc404')}
        extra={
          <Button type="primary" onClick={() => navigate('/dashboard')}>
            {t('errorPage.home')}
          </Button>
        }
      />
    </div>
  );
}
