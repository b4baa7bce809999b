import { MAX_UPLOAD_BYTES } from '@quayside/contract';

/** A file of the draft: uploading (with its progress), attached, or refused. */
export interface AttachmentItem {
  key: string;
  fileId: number | null;
  name: string;
  size: number;
  mime: string;
  status: 'uploading' | 'done' | 'error';
  /** 0–100 while uploading. */
  percent: number;
  error?: string;
  /** A picture the quoted email shows (cid:): sent along, not listed. */
  inline?: boolean;
}

/** The server's upload cap (contract MAX_UPLOAD_BYTES, 25 MB). */
export const MAX_ATTACHMENT_BYTES = MAX_UPLOAD_BYTES;
/** Many mail servers refuse a message bigger than this (attachments grow by a third in MIME). */
export const MESSAGE_WARN_BYTES = 20 * 1024 * 1024;
/** A pasted or dropped picture up to this size goes into the text; a bigger one is attached. */
export const INLINE_IMAGE_MAX_BYTES = 1.5 * 1024 * 1024;

export const isTooBig = (size: number) => size > MAX_ATTACHMENT_BYTES;

export const attachedIds = (items: readonly AttachmentItem[]) =>
  items.flatMap((a) => (a.status === 'done' && a.fileId !== null ? [a.fileId] : []));

export const attachedSize = (items: readonly AttachmentItem[]) =>
  items.filter((a) => a.status === 'done').reduce((n, a) => n + a.size, 0);

export const uploading = (items: readonly AttachmentItem[]) => items.some((a) => a.status === 'uploading');

/** Pictures the browser shows itself; they may go into the text. */
export const isInlineImage = (file: { type: string; size: number }) =>
  /^image\/(png|jpe?g|gif|webp)$/i.test(file.type) && file.size <= INLINE_IMAGE_MAX_BYTES;

/** Upload progress as a whole percentage (a bar never shows 100 before the server answered). */
export const uploadPercent = (loaded: number, total: number) =>
  total > 0 ? Math.min(99, Math.floor((loaded / total) * 100)) : 0;
