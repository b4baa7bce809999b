import { RollbackOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Segmented, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { useUser } from '@/shared/session';
import { useClaimCustomers, useReleaseCustomers } from '../api';
import { ownerOfView, type PoolView, poolViews, viewOf } from '../pool';
import './pool.css';

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

/**
 * How a pool button shows: a row's (a link, or an icon with its tip), the bulk bar's (with the count
 * of the selected rows it acts on), or a page's (a labelled button).
 */
export type PoolButtonKind = 'row' | 'bulk' | 'page';

/** Claim the customers (one row's, or the selected pool rows): they move to "My customers". */
export function ClaimButton({
  ids,
  kind = 'row',
  onDone,
}: {
  ids: number[];
  kind?: PoolButtonKind;
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
    <Tooltip title={kind === 'bulk' ? undefined : t('customers.claimHint')}>
      <Button
        size={kind === 'page' ? 'middle' : 'small'}
        type={kind === 'row' ? 'link' : kind === 'page' ? 'primary' : 'default'}
        icon={<UserAddOutlined />}
        loading={claim.isPending}
        onClick={() => void run().catch(() => {})}
      >
        {kind === 'bulk' ? t('customers.claimSelected', { count: ids.length }) : t('customers.claim')}
      </Button>
    </Tooltip>
  );
}

/** Release her own customers to the public pool, after a confirmation. */
export function ReleaseButton({
  ids,
  name,
  kind = 'row',
  onDone,
}: {
  ids: number[];
  /** The one customer's name (a row's or a page's button). */
  name?: string;
  kind?: PoolButtonKind;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const release = useReleaseCustomers();
  // The hover tip would sit over the confirmation's buttons: hidden while it asks.
  const [asking, setAsking] = useState(false);
  const run = async () => {
    const { count } = await release.mutateAsync(ids);
    void message.success(t('customers.released', { count }));
    onDone?.();
  };
  const label =
    kind === 'bulk' ? t('customers.releaseSelected', { count: ids.length }) : t('customers.release');
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
      onOpenChange={setAsking}
    >
      {kind !== 'row' ? (
        <Button
          size={kind === 'page' ? 'middle' : 'small'}
          icon={<RollbackOutlined />}
          loading={release.isPending}
        >
          {label}
        </Button>
      ) : (
        <Tooltip title={label} open={asking ? false : undefined}>
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
