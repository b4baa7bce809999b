import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

/** The bulk bar's Delete: asks first, then deletes with Undo (`useDeleteWithUndo`). */
export function BulkDeleteButton({
  ids,
  texts,
  remove,
  onDone,
}: {
  ids: number[];
  /** i18n prefix holding `delete`, `deleteConfirm` and `deleteConfirmHint`, e.g. `customers`. */
  texts: string;
  remove: { run: (ids: number[]) => Promise<number>; pending: boolean };
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={t(`${texts}.deleteConfirm`, { count: ids.length })}
      description={t(`${texts}.deleteConfirmHint`)}
      okText={t(`${texts}.delete`)}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      onConfirm={async () => {
        await remove.run(ids);
        onDone();
      }}
    >
      <Button size="small" danger icon={<DeleteOutlined />} loading={remove.pending}>
        {t(`${texts}.delete`)}
      </Button>
    </Popconfirm>
  );
}
