import type { EmailDetail } from '@quayside/contract';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIpInfo } from '../api';
import { CountryFlag } from './badges';

/** Where the message came from: the sender's IP (from the Received headers) and its place. */
export function SenderCard({ email, accountLabel }: { email: EmailDetail; accountLabel: string }) {
  const { t } = useTranslation();
  const ip = useIpInfo(email.sender_ip);
  const place = [ip.data?.city, ip.data?.region].filter(Boolean).join(', ');
  return (
    <Card variant="borderless" size="small" className="side-card" title={t('email.sender.title')}>
      <dl className="facts">
        <div>
          <dt>{t('email.sender.ip')}</dt>
          <dd>
            {email.sender_ip ? (
              <Typography.Text copyable={{ text: email.sender_ip }} className="mono">
                {email.sender_ip}
              </Typography.Text>
            ) : (
              <span className="muted">{t('email.sender.noIp')}</span>
            )}
          </dd>
        </div>
        {email.sender_country && (
          <div>
            <dt>{t('email.sender.country')}</dt>
            <dd>
              <CountryFlag code={email.sender_country} nation={email.sender_nation} withName />
            </dd>
          </div>
        )}
        {place && (
          <div>
            <dt>{t('email.sender.place')}</dt>
            <dd>{place}</dd>
          </div>
        )}
        <div>
          <dt>{t('email.sender.account')}</dt>
          <dd>{accountLabel}</dd>
        </div>
      </dl>
      {email.sender_country && <p className="geo-credit">{t('email.sender.geoCredit')}</p>}
    </Card>
  );
}
