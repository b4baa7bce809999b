import type { FileInfo } from '@quayside/contract';
import { API_BASE, post } from './request';

/** POST /api/file/upload/ (multipart) → {id, name, size, mime}. */
export function uploadFile(file: Blob, name?: string): Promise<FileInfo> {
  const data = new FormData();
  data.append('file', file, name ?? (file instanceof File ? file.name : 'file'));
  return post<FileInfo>('/file/upload/', data);
}

/** Where a stored file is read; the browser sends the session cookie with it. */
export function fileUrl(id: number, inline = false): string {
  return `${API_BASE}/file/download/?id=${id}${inline ? '&inline=1' : ''}`;
}
