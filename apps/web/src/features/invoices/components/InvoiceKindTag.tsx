import type { InvoiceKind } from '@quayside/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function InvoiceKindTag({ kind }: { kind: InvoiceKind }) {
  const { t } = useTranslation();
  return <Tag color={kind === 'proforma' ? 'gold' : 'blue'}>{t(`invoice.kinds.${kind}`)}</Tag>;
}
