import { Spin } from 'antd';

/** The spinner shown while a page's chunk or the session loads. */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div
      className={fullScreen ? 'page-loading page-loading--full' : 'page-loading'}
      role="status"
      aria-busy="true"
    >
      <Spin size="large" />
    </div>
  );
}
