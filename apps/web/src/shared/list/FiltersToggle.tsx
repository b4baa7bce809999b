import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * On a phone (under 576 px) a list's filters fold behind this button, leaving the search box and
 * the list in view (issue 15). Wider screens never see it. The filter bar takes the classes:
 * `filters-foldable` (plus `is-open`), and `filters-keep` on what stays visible when folded.
 */
export function useFiltersFold() {
  const [open, setOpen] = useState(false);
  return { open, toggle: () => setOpen((o) => !o), className: `filters-foldable${open ? ' is-open' : ''}` };
}

export function FiltersToggle({
  open,
  onToggle,
  active,
}: {
  open: boolean;
  onToggle: () => void;
  active: number;
}) {
  const { t } = useTranslation();
  return (
    <Badge count={open ? 0 : active} size="small" className="filters-toggle filters-keep">
      <Button icon={<FilterOutlined />} aria-expanded={open} onClick={onToggle}>
        {open ? t('filters.hide') : t('filters.show')}
      </Button>
    </Badge>
  );
}
