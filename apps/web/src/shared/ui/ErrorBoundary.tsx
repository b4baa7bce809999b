import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import { i18n } from '../i18n';
import { retryFailedDownloads } from '../routes/preloadable';

interface State {
  error: Error | null;
}

type Props = {
  children: ReactNode;
  /** Shown in place of the page's "try again" (a whole screen's failure: ScreenFailed). */
  fallback?: ReactNode;
};

/** Keeps a failing page from taking the shell down; React reports the error to the error log. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    if (this.props.fallback) return this.props.fallback;
    return (
      <Result
        status="warning"
        title={i18n.t('errorPage.crashTitle')}
        subTitle={i18n.t('errorPage.crashDesc')}
        extra={
          <Button
            type="primary"
            onClick={() => {
              retryFailedDownloads();
              this.setState({ error: null });
            }}
          >
            {i18n.t('errorPage.retry')}
          </Button>
        }
      />
    );
  }
}
