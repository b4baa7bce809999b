import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * What a list shows without rows: under a filter, a way to clear it; otherwise the first steps,
 * making a record or importing a spreadsheet.
 */
export function ListEmpty({
  filtered,
  onClear,
  filteredDescription,
  description,
  newLabel,
  onNew,
  importLabel,
  onImport,
}: {
  filtered: boolean;
  onClear: () => void;
  filteredDescription: string;
  description: string;
  newLabel: string;
  onNew: () => void;
  importLabel: string;
  onImport: () => void;
}) {
  const { t } = useTranslation();
  return filtered ? (
    <Empty description={filteredDescription}>
      <Button onClick={onClear}>{t('list.clearFilters')}</Button>
    </Empty>
  ) : (
    <Empty description={description}>
      <Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={onNew}>
          {newLabel}
        </Button>
        <Button icon={<ImportOutlined />} onClick={onImport}>
          {importLabel}
        </Button>
      </Space>
    </Empty>
  );
}
