import { Alert, Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseTime } from '@/shared/format';

/** 409 draftStale: someone saved this draft elsewhere. Nothing is lost until the user chooses. */
export function ConflictAlert({
  onLoadTheirs,
  onKeepMine,
}: {
  onLoadTheirs: () => void;
  onKeepMine: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      className="compose-alert"
      data-testid="draft-conflict"
      title={t('compose.conflict.title')}
      description={t('compose.conflict.hint')}
      action={
        <Space orientation="vertical" size={6}>
          <Popconfirm
            title={t('compose.conflict.loadTheirsConfirm')}
            okText={t('compose.conflict.loadTheirs')}
            cancelText={t('common.cancel')}
            onConfirm={onLoadTheirs}
          >
            <Button size="small">{t('compose.conflict.loadTheirs')}</Button>
          </Popconfirm>
          <Button size="small" type="primary" onClick={onKeepMine}>
            {t('compose.conflict.keepMine')}
          </Button>
        </Space>
      }
    />
  );
}

/** The browser kept changes the server does not have (a crash, a closed tab): bring them back? */
export function RestoreAlert({
  changedAt,
  onRestore,
  onDiscard,
}: {
  changedAt: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      className="compose-alert"
      data-testid="draft-restore"
      title={t('compose.restore.title', { time: parseTime(changedAt, '{y}-{m}-{d} {h}:{i}') })}
      description={t('compose.restore.hint')}
      action={
        <Space orientation="vertical" size={6}>
          <Button size="small" type="primary" onClick={onRestore}>
            {t('compose.restore.restore')}
          </Button>
          <Button size="small" onClick={onDiscard}>
            {t('compose.restore.discard')}
          </Button>
        </Space>
      }
    />
  );
}
