import type { Product } from '@quayside/contract';
import { useTranslation } from 'react-i18next';
import { RecycleBinDrawer as Bin, type BinQuery } from '@/shared/list/RecycleBinDrawer';
import { useDeletedProducts, useRestoreProducts } from '../api';
import { fieldLabel, langOf } from '../fields';
import { Cover } from './columns';

const useBin = (query: BinQuery, enabled: boolean) => useDeletedProducts(query, enabled);

/** The bin: products deleted in the last 30 days, restorable one by one or together. */
export function RecycleBinDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { i18n } = useTranslation();
  const lang = langOf(i18n.language);
  return (
    <Bin<Product>
      open={open}
      onClose={onClose}
      useDeleted={useBin}
      restore={useRestoreProducts()}
      texts="products"
      size={820}
      tailWidth={100}
      columns={[
        { key: 'picture', width: 56, render: (_, p) => <Cover product={p} size={36} /> },
        { key: 'name', title: fieldLabel('name', lang), dataIndex: 'name', ellipsis: true },
        { key: 'model', title: fieldLabel('model', lang), dataIndex: 'model', width: 120, ellipsis: true },
      ]}
    />
  );
}
