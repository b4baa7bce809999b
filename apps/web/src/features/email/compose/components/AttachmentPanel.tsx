import { CloseOutlined, ExclamationCircleFilled, PaperClipOutlined } from '@ant-design/icons';
import { Alert, Button, Progress, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileIcon } from '../../components/AttachmentList';
import { fileSize } from '../../email-format';
import { type AttachmentItem, attachedSize, MESSAGE_WARN_BYTES } from '../attachments';

/** The draft's files: each with its upload progress or what went wrong, and a way to remove it. */
export function AttachmentPanel({
  items,
  onRemove,
}: {
  items: AttachmentItem[];
  onRemove: (key: string) => void;
}) {
  const { t } = useTranslation();
  const shown = items.filter((a) => !a.inline);
  if (shown.length === 0) return null;
  const total = attachedSize(items);

  return (
    <section className="compose-files" aria-label={t('compose.attach.title', { count: shown.length })}>
      <h3 className="compose-files__title">
        <PaperClipOutlined /> {t('compose.attach.title', { count: shown.length })}
        {total > 0 && <span className="compose-files__total">{fileSize(total)}</span>}
      </h3>
      {total > MESSAGE_WARN_BYTES && (
        <Alert type="warning" showIcon className="compose-files__alert" title={t('compose.attach.large')} />
      )}
      <ul className="compose-files__list">
        {shown.map((a) => (
          <li
            key={a.key}
            className={`compose-file compose-file--${a.status}`}
            data-testid="compose-file"
            aria-busy={a.status === 'uploading'}
          >
            <span className="compose-file__icon">
              {a.status === 'error' ? <ExclamationCircleFilled /> : <FileIcon mime={a.mime} name={a.name} />}
            </span>
            <span className="compose-file__text">
              <span className="compose-file__name" title={a.name}>
                {a.name || t('compose.attach.unnamed')}
              </span>
              {a.status === 'uploading' ? (
                <Progress
                  percent={a.percent}
                  size="small"
                  className="compose-file__progress"
                  aria-label={t('compose.attach.uploading', { name: a.name })}
                />
              ) : a.status === 'error' ? (
                <span className="compose-file__error" role="alert">
                  {a.error}
                </span>
              ) : (
                <span className="compose-file__meta">{a.size > 0 ? fileSize(a.size) : ''}</span>
              )}
            </span>
            <Tooltip title={t('compose.attach.remove', { name: a.name })}>
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={t('compose.attach.remove', { name: a.name })}
                onClick={() => onRemove(a.key)}
              />
            </Tooltip>
          </li>
        ))}
      </ul>
    </section>
  );
}
