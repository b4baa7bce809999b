import { Button, Result } from 'antd';
import { i18n } from '../i18n';

/**
 * A script that did not download, as browsers word it: Chromium "Failed to fetch dynamically
 * imported module", Firefox "error loading dynamically imported module", Safari "Importing a module
 * script failed".
 */
export const isLostDownload = (error: unknown): boolean =>
  error instanceof Error &&
  /dynamically imported module|importing a module script failed/i.test(error.message);

/** A page that failed, in the shell: the rest stays usable, and the page can be tried again. */
export function PageFailed({ retry, error }: { retry: () => void; error: Error }) {
  const lost = isLostDownload(error);
  return (
    <Result
      status="warning"
      title={i18n.t(lost ? 'errorPage.lostTitle' : 'errorPage.crashTitle')}
      subTitle={i18n.t(lost ? 'errorPage.lostDesc' : 'errorPage.crashDesc')}
      extra={
        <Button type="primary" onClick={retry}>
          {i18n.t('errorPage.retry')}
        </Button>
      }
    />
  );
}
