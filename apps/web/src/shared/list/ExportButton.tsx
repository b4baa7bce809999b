import { DownloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { toThousands } from '@/shared/format';
import type { RequestOptions } from '@/shared/request';
import { startDownload } from './download';

/**
 * Exports every row of the current filter (not only the page) to .xlsx. The server streams the
 * file, so the download starts at once even for 100k rows.
 */
export function ExportButton({
  path,
  params,
  total,
}: {
  path: string;
  params: RequestOptions['params'];
  /** Rows the filter matches; nothing to export at 0. */
  total: number | undefined;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const count = toThousands(total ?? 0);
  return (
    <Tooltip title={t('list.exportHint', { count })}>
      <Button
        icon={<DownloadOutlined />}
        disabled={!total}
        onClick={() => {
          startDownload(path, params);
          void message.info(t('list.exportStarted', { count }));
        }}
      >
        {t('list.export')}
      </Button>
    </Tooltip>
  );
}
