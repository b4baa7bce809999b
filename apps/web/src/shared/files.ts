import type { FileInfo } from '@quayside/contract';
import { API_BASE, post } from './request';

export interface UploadOptions {
  /** Bytes sent and bytes in all, as the upload goes. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /** The caller shows a refusal itself. */
  quiet?: boolean;
}

/** POST /api/file/upload/ (multipart) → {id, name, size, mime}. */
export function uploadFile(file: Blob, name?: string, options: UploadOptions = {}): Promise<FileInfo> {
  const data = new FormData();
  data.append('file', file, name ?? (file instanceof File ? file.name : 'file'));
  return post<FileInfo>('/file/upload/', data, {
    onUploadProgress: options.onProgress,
    signal: options.signal,
    quiet: options.quiet,
    // A big file on a slow line takes longer than an ordinary call.
    timeout: options.onProgress ? 30 * 60_000 : undefined,
  });
}

/** Where a stored file is read; the browser sends the session cookie with it. */
export function fileUrl(id: number, inline = false): string {
  return `${API_BASE}/file/download/?id=${id}${inline ? '&inline=1' : ''}`;
}
