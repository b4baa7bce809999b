import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import { i18n } from '../i18n';

interface State {
  error: Error | null;
}

/** Keeps a failing page from taking the shell down; React reports the error to the error log. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Result
        status="warning"
        title={i18n.t('errorPage.crashTitle')}
        subTitle={i18n.t('errorPage.crashDesc')}
        extra={
          <Button type="primary" onClick={() => this.setState({ error: null })}>
            {i18n.t('errorPage.retry')}
          </Button>
        }
      />
    );
  }
}
