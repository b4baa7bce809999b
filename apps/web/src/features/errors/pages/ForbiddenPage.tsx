import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { NO_GO_BACK } from '@/shared/routes/paths';

/** 401: the user's role may not open the page; no "go back" when the guard sent them here. */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const noGoBack = params.get(NO_GO_BACK) === 'true';
  return (
    <div className="error-page">
      <Result
        status="403"
        title={<h1 className="result-heading">{t('errorPage.title401')}</h1>}
        subTitle={t('errorPage.desc401')}
        extra={
          <Space>
            {!noGoBack && <Button onClick={() => navigate(-1)}>{t('errorPage.back')}</Button>}
            <Button type="primary" onClick={() => navigate('/dashboard')}>
              {t('errorPage.home')}
            </Button>
          </Space>
        }
      />
    </div>
  );
}
