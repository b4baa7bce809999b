import { RocketOutlined } from '@ant-design/icons';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ROUTES } from '@/shared/routes/paths';
import { matchRoute } from '@/shared/routes/resolve';

/** Stands in for a screen whose module has not landed yet. */
export default function ComingSoonPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const title = matchRoute(ROUTES, pathname)?.resolved.route.meta?.title;
  const name = title ? t(title) : '';
  return (
    <div className="page">
      <Card variant="borderless" className="coming-soon">
        <Result
          icon={<RocketOutlined className="coming-soon__icon" />}
          title={<h1 className="result-heading">{t('comingSoon.title', { name })}</h1>}
          subTitle={t('comingSoon.desc')}
          extra={
            <Button type="primary" onClick={() => navigate('/dashboard')}>
              {t('comingSoon.home')}
            </Button>
          }
        />
      </Card>
    </div>
  );
}
