import { ArrowRightOutlined, UserAddOutlined } from '@ant-design/icons';
import type { EmailAddress, EmailCustomer } from '@quayside/contract';
import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLookups } from '@/shared/lookups/useLookups';
import { partyFull } from '../email-format';
import { PartyAvatar } from './badges';
import { CreateCustomerDialog } from './CreateCustomerDialog';

/** The customer the email belongs to, or a way to make its correspondent one. */
export function CustomerCard({
  customer,
  party,
  senderNation,
}: {
  customer: EmailCustomer | null;
  /** The correspondent: the sender of received mail, the first recipient of sent mail. */
  party: EmailAddress | undefined;
  senderNation: number;
}) {
  const { t } = useTranslation();
  const lookups = useLookups();
  const [creating, setCreating] = useState(false);
  // The server links mail to a customer when it is stored; one made just now is shown from here.
  const [created, setCreated] = useState<EmailCustomer | null>(null);
  const shown = customer ?? created;

  return (
    <Card variant="borderless" size="small" className="side-card" title={t('email.customer.title')}>
      {shown ? (
        <div className="customer-card">
          <div className="customer-card__head">
            <PartyAvatar label={shown.company_name || shown.name} address={shown.email} size={40} />
            <div className="customer-card__names">
              <Link to={`/customer/detail/${shown.id}`} className="customer-card__company">
                {shown.company_name || shown.name}
              </Link>
              {shown.company_name && shown.name && <div className="customer-card__contact">{shown.name}</div>}
            </div>
          </div>
          <dl className="facts">
            {shown.email && (
              <div>
                <dt>{t('email.customer.email')}</dt>
                <dd>
                  <Typography.Text copyable={{ text: shown.email }}>{shown.email}</Typography.Text>
                </dd>
              </div>
            )}
            {shown.nation !== null && (
              <div>
                <dt>{t('email.customer.country')}</dt>
                <dd>{lookups.label('nation', shown.nation)}</dd>
              </div>
            )}
          </dl>
          <Link to={`/customer/detail/${shown.id}`} className="customer-card__open">
            {t('email.customer.open')} <ArrowRightOutlined />
          </Link>
        </div>
      ) : (
        <div className="customer-card customer-card--none">
          <Typography.Paragraph type="secondary" className="customer-card__none">
            {party ? t('email.customer.notYet', { party: partyFull(party) }) : t('email.customer.noParty')}
          </Typography.Paragraph>
          {party && (
            <Button icon={<UserAddOutlined />} onClick={() => setCreating(true)} block>
              {t('email.customer.create')}
            </Button>
          )}
        </div>
      )}
      {creating && party && (
        <CreateCustomerDialog
          party={party}
          senderNation={senderNation}
          onClose={() => setCreating(false)}
          onCreated={(c) =>
            setCreated({
              id: c.id,
              company_name: c.company_name,
              name: c.name,
              email: c.email,
              nation: c.nation,
            })
          }
        />
      )}
    </Card>
  );
}
