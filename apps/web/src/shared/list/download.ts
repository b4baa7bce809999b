import { buildUrl, type RequestOptions } from '@/shared/request';

/**
 * Downloads a file answer (export, template) through the browser. Reads accept the session from
 * the `rs-token` cookie, so the link carries no token of its own and the file streams straight to
 * disk however large it is.
 */
export function downloadUrl(path: string, params?: RequestOptions['params']): string {
  return buildUrl(path, params);
}

export function startDownload(path: string, params?: RequestOptions['params']): void {
  const a = document.createElement('a');
  a.href = downloadUrl(path, params);
  a.download = '';
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
