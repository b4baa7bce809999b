import { CheckOutlined, ExclamationCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseTime } from '@/shared/format';
import type { SaverState } from '../draft-saver';

/** "Saving…" / "Saved at 10:42" / what went wrong, beside the Send button. */
export function SaveStatus({
  state,
  loadedAt,
  onRetry,
}: {
  state: SaverState;
  /** When the draft was last saved before this page opened it (its version). */
  loadedAt: number;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const at = parseTime(state.savedAt ?? loadedAt, '{h}:{i}') ?? '';
  let content: React.ReactNode;
  switch (state.status) {
    case 'saving':
      content = (
        <>
          <LoadingOutlined /> {t('compose.save.saving')}
        </>
      );
      break;
    case 'dirty':
      content = t('compose.save.dirty');
      break;
    case 'error':
      content = (
        <>
          <ExclamationCircleOutlined /> {t('compose.save.failed')}
          <Button type="link" size="small" onClick={onRetry}>
            {t('compose.save.retry')}
          </Button>
        </>
      );
      break;
    case 'conflict':
      content = (
        <>
          <ExclamationCircleOutlined /> {t('compose.save.conflict')}
        </>
      );
      break;
    case 'sent':
      content = null;
      break;
    default:
      content = (
        <>
          <CheckOutlined /> {t('compose.save.savedAt', { time: at })}
        </>
      );
  }
  return (
    <span
      className={`compose-save compose-save--${state.status}`}
      role="status"
      aria-live="polite"
      data-testid="save-status"
      title={state.status === 'error' ? (state.error ?? '') : undefined}
    >
      {content}
    </span>
  );
}
