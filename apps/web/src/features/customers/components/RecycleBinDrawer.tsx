import type { Customer } from '@quayside/contract';
import { useTranslation } from 'react-i18next';
import { RecycleBinDrawer as Bin, type BinQuery } from '@/shared/list/RecycleBinDrawer';
import { useDeletedCustomers, useRestoreCustomers } from '../api';
import { customerTitle, fieldLabel, langOf } from '../fields';

const useBin = (query: BinQuery, enabled: boolean) =>
  useDeletedCustomers({ ...query, sort: '-created_at' }, enabled);

/** The recycle bin (admin): customers deleted in the last 30 days, restorable one by one or together. */
export function RecycleBinDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { i18n } = useTranslation();
  const lang = langOf(i18n.language);
  return (
    <Bin<Customer>
      open={open}
      onClose={onClose}
      useDeleted={useBin}
      restore={useRestoreCustomers()}
      texts="customers"
      size={860}
      tailWidth={110}
      // Back closes the bin, as it closes every drawer that belongs to its page.
      backId="recycle-bin"
      columns={[
        {
          key: 'title',
          title: fieldLabel('company_name', lang),
          ellipsis: true,
          render: (_, c) => customerTitle(c),
        },
        { key: 'email', title: fieldLabel('email', lang), dataIndex: 'email', ellipsis: true },
      ]}
    />
  );
}
