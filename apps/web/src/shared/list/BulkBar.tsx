import { CloseOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Shown while rows are selected: how many, a way to clear the selection, and the bulk actions. */
export function BulkBar({
  count,
  onClear,
  children,
}: {
  count: number;
  onClear: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <section className="bulk-bar" aria-label={t('list.bulkActions')}>
      <span className="bulk-bar__count" aria-live="polite">
        {t('list.selected', { count })}
      </span>
      <Space size={8} wrap className="bulk-bar__actions">
        {children}
      </Space>
      <Button type="text" size="small" icon={<CloseOutlined />} onClick={onClear} className="bulk-bar__clear">
        {t('list.clearSelection')}
      </Button>
    </section>
  );
}
