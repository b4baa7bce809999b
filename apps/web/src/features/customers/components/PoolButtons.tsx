import { RollbackOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Segmented, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { useUser } from '@/shared/session';
import { useClaimCustomers, useReleaseCustomers } from '../api';
import { ownerOfView, type PoolView, poolViews, viewOf } from '../pool';

/** "My customers" / "Public pool" (and "All" for those who see every customer) over the list. */
export function PoolViewSwitch({
  owner,
  onChange,
}: {
  owner: string | undefined;
  onChange: (owner: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const me = useUser();
  const label: Record<PoolView, string> = {
    all: t('customers.viewAll'),
    me: t('customers.myCustomers'),
    pool: t('customers.viewPool'),
  };
  return (
    // '' while one chosen user's customers show (the owner picker names her): no view is on.
    <Segmented<PoolView | ''>
      className="customer-views filters-keep"
      aria-label={t('customers.views')}
      value={viewOf(owner, me) ?? ''}
      options={poolViews(me).map((v) => ({ value: v, label: label[v] }))}
      onChange={(view) => view && onChange(ownerOfView(view, me))}
    />
  );
}

/** Claim the customers (one row's, or the selected pool rows): they move to "My customers". */
export function ClaimButton({
  ids,
  bulk = false,
  onDone,
}: {
  ids: number[];
  bulk?: boolean;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const claim = useClaimCustomers();
  const run = async () => {
    const { count } = await claim.mutateAsync(ids);
    void message.success(t('customers.claimed', { count }));
    onDone?.();
  };
  return (
    <Tooltip title={bulk ? undefined : t('customers.claimHint')}>
      <Button
        size="small"
        type={bulk ? 'default' : 'link'}
        icon={<UserAddOutlined />}
        loading={claim.isPending}
        onClick={() => void run().catch(() => {})}
      >
        {bulk ? t('customers.claimSelected', { count: ids.length }) : t('customers.claim')}
      </Button>
    </Tooltip>
  );
}

/** Release her own customers to the public pool, after a confirmation. */
export function ReleaseButton({
  ids,
  name,
  bulk = false,
  onDone,
}: {
  ids: number[];
  /** The one customer's name (a row's button). */
  name?: string;
  bulk?: boolean;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const release = useReleaseCustomers();
  const run = async () => {
    const { count } = await release.mutateAsync(ids);
    void message.success(t('customers.released', { count }));
    onDone?.();
  };
  const label = bulk ? t('customers.releaseSelected', { count: ids.length }) : t('customers.release');
  return (
    <Popconfirm
      title={
        name
          ? t('customers.releaseOneConfirm', { name })
          : t('customers.releaseConfirm', { count: ids.length })
      }
      description={t('customers.releaseConfirmHint')}
      okText={t('customers.release')}
      cancelText={t('common.cancel')}
      onConfirm={() => run().catch(() => {})}
    >
      {bulk ? (
        <Button size="small" icon={<RollbackOutlined />} loading={release.isPending}>
          {label}
        </Button>
      ) : (
        <Tooltip title={label}>
          <Button
            type="text"
            size="small"
            icon={<RollbackOutlined />}
            aria-label={label}
            loading={release.isPending}
          />
        </Tooltip>
      )}
    </Popconfirm>
  );
}
