import { z } from 'zod';
import { queryId } from './envelope';

export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
export const fileInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
});
export type FileInfo = z.infer<typeof fileInfo>;
export const fileDownloadQuery = z.object({
  id: queryId,
  /** `inline` shows images in the page; default is an attachment download. */
  inline: z.enum(['0', '1']).optional(),
});
