import { ExperimentOutlined } from '@ant-design/icons';
import { Button, Card, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFeedback } from '@/shared/feedback';
import { useDemoStatus, useSeedDemo } from '../api';

/**
 * On a new database, an admin may fill it with sample data to see the product at work. Gone as soon
 * as the company adds a colleague, a customer or a mail account (the server refuses it then too).
 */
export function SampleDataCard({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const status = useDemoStatus(isAdmin);
  const seed = useSeedDemo();
  if (!status.data?.available) return null;

  const add = async () => {
    const added = await seed.mutateAsync();
    void message.success(t('dashboard.sampleAdded', { customers: added.customers, emails: added.emails }));
  };

  return (
    <Card variant="borderless" className="dashboard__sample" data-testid="sample-data">
      <Space align="start" size={16}>
        <span className="dashboard__sample-icon">
          <ExperimentOutlined />
        </span>
        <div>
          <Typography.Title level={5}>{t('dashboard.sampleTitle')}</Typography.Title>
          <Typography.Paragraph type="secondary">
            {t('dashboard.sampleText')} <Link to="/user/list">{t('dashboard.sampleUsers')}</Link>
          </Typography.Paragraph>
          <Popconfirm
            title={t('dashboard.sampleConfirm')}
            okText={t('dashboard.sampleAdd')}
            cancelText={t('common.cancel')}
            onConfirm={() => add().catch(() => {})}
          >
            <Button type="primary" loading={seed.isPending}>
              {t('dashboard.sampleAdd')}
            </Button>
          </Popconfirm>
        </div>
      </Space>
    </Card>
  );
}
