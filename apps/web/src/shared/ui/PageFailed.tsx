import { Button, Result } from 'antd';
import { i18n } from '../i18n';

/** A page that failed, in the shell: the rest stays usable, and the page can be tried again. */
export function PageFailed({ retry }: { retry: () => void }) {
  return (
    <Result
      status="warning"
      title={i18n.t('errorPage.crashTitle')}
      subTitle={i18n.t('errorPage.crashDesc')}
      extra={
        <Button type="primary" onClick={retry}>
          {i18n.t('errorPage.retry')}
        </Button>
      }
    />
  );
}
