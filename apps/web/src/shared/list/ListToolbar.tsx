import { ReloadOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnChooser } from './ColumnChooser';
import { type ColumnChoice, isDefault } from './column-prefs';
import type { useColumnPrefs } from './useColumnPrefs';
import './list.css';

/**
 * The bar over a list's table: on the left the count of the filter (read out when it changes) and
 * "filtered" while a filter is on, or the bulk bar while rows are selected; on the right the
 * list's own tools, the column chooser and a refresh.
 */
export function ListToolbar({
  summary,
  filtered = false,
  bulk,
  tools,
  columns,
  prefs,
  showColumns = true,
  list,
  refreshHint,
}: {
  /** The count, and whatever the list says beside it. */
  summary: ReactNode;
  filtered?: boolean;
  /** Shown instead of the summary while rows are selected (a BulkBar), or nothing. */
  bulk?: ReactNode;
  /** The list's own tools, before the column chooser. */
  tools?: ReactNode;
  columns: readonly (ColumnChoice & { label: string })[];
  prefs: ReturnType<typeof useColumnPrefs>;
  /** False hides the column chooser (a view without columns, such as a grid). */
  showColumns?: boolean;
  list: { isFetching: boolean; refetch: () => unknown };
  /** The refresh button's tooltip; "Refresh" unless the list says more. */
  refreshHint?: string;
}) {
  const { t } = useTranslation();
  const labels = useMemo(() => Object.fromEntries(columns.map((c) => [c.key, c.label])), [columns]);
  return (
    <div className="list-toolbar">
      {bulk || (
        <span className="list-toolbar__summary" aria-live="polite">
          {summary}
          {filtered && <span className="list-toolbar__filtered">{t('list.filtered')}</span>}
        </span>
      )}
      <Space size={8} className="list-toolbar__tools">
        {tools}
        {showColumns && (
          <ColumnChooser
            settings={prefs.settings}
            labels={labels}
            onChange={prefs.save}
            onReset={prefs.reset}
            isDefault={isDefault(columns, prefs.settings)}
          />
        )}
        <Tooltip title={refreshHint ?? t('tags.refresh')}>
          <Button
            icon={<ReloadOutlined spin={list.isFetching} />}
            aria-label={t('tags.refresh')}
            onClick={() => void list.refetch()}
          />
        </Tooltip>
      </Space>
    </div>
  );
}
