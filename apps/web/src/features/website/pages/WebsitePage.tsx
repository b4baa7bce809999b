import { ExportOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEmailAccounts } from '@/features/email/api';
import { useProductList } from '@/features/products/api';
import { PageLoading } from '@/shared/ui/PageLoading';
import { useWebsiteSettings } from '../api';
import { SiteProducts } from '../components/SiteProducts';
import { SiteSettingsForm } from '../components/SiteSettingsForm';
import { siteUrl } from '../site-url';
import './website.css';

/** Website (/website/index, admin): the public site's settings and which products it shows. */
export default function WebsitePage() {
  const { t } = useTranslation();
  const settings = useWebsiteSettings();
  const published = useProductList({ published: 'true', page: 1, page_size: 100 });
  const accounts = useEmailAccounts();
  if (settings.isPending) return <PageLoading />;
  if (!settings.data) return <Alert type="error" message={t('website.loadFailed')} />;
  return (
    <div className="page website">
      <Card variant="borderless">
        <div className="website__head">
          <div>
            <Typography.Title level={4}>{t('website.title')}</Typography.Title>
            <Typography.Text type="secondary">{t('website.subtitle')}</Typography.Text>
          </div>
          <Space>
            <Button
              icon={<ExportOutlined />}
              href={siteUrl(settings.data.site.host_name, window.location)}
              target="_blank"
              rel="noopener"
            >
              {t('website.open')}
            </Button>
          </Space>
        </div>
        <Tabs
          items={[
            {
              key: 'settings',
              label: t('website.settings'),
              children: (
                <SiteSettingsForm
                  settings={settings.data}
                  products={published.data?.items ?? []}
                  accounts={accounts.data ?? []}
                />
              ),
            },
            { key: 'products', label: t('website.products'), children: <SiteProducts /> },
          ]}
        />
      </Card>
    </div>
  );
}
