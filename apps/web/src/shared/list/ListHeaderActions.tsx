import { ImportOutlined, PlusOutlined, RestOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestOptions } from '@/shared/request';
import { ExportButton } from './ExportButton';

/**
 * The page header's buttons of a list of records: the list's own first (`before`), the recycle bin
 * (when `onBin` is given: who may open it), import, export of the current filter, and New.
 */
export function ListHeaderActions({
  before,
  binLabel,
  onBin,
  onImport,
  exportPath,
  exportParams,
  total,
  newLabel,
  newHint,
  onNew,
}: {
  before?: ReactNode;
  binLabel: string;
  onBin?: () => void;
  onImport: () => void;
  exportPath: string;
  exportParams: RequestOptions['params'];
  total: number | undefined;
  newLabel: string;
  newHint: string;
  onNew: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      {before}
      {onBin && (
        <Button icon={<RestOutlined />} onClick={onBin}>
          {binLabel}
        </Button>
      )}
      <Button icon={<ImportOutlined />} onClick={onImport}>
        {t('list.import')}
      </Button>
      <ExportButton path={exportPath} params={exportParams} total={total} />
      <Tooltip title={newHint}>
        <Button type="primary" icon={<PlusOutlined />} onClick={onNew}>
          {newLabel}
        </Button>
      </Tooltip>
    </Space>
  );
}
