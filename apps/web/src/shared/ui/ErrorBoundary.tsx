import { Component, type ReactNode } from 'react';
import { retryFailedDownloads } from '../routes/preloadable';

interface State {
  error: Error | null;
}

type Props = {
  children: ReactNode;
  /** What shows instead (PageFailed in the shell, ScreenFailed for a whole screen); `retry` renders the children again. */
  fallback: (retry: () => void, error: Error) => ReactNode;
};

/**
 * Keeps a failing page from taking the rest down; React reports the error to the error log
 * (main.tsx). No antd here: the app's first file carries it, around every screen.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  private readonly retry = () => {
    // A page whose code did not come is downloaded again.
    retryFailedDownloads();
    this.setState({ error: null });
  };

  override render() {
    return this.state.error ? this.props.fallback(this.retry, this.state.error) : this.props.children;
  }
}
