import { eq, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pictureVariants } from '../db/schema';

/**
 * The upload a prepared picture's file comes from: `fileId` is one of its variants (image, preview,
 * thumbnail) or, with `orUpload`, the upload itself. Undefined: not a prepared picture's file.
 */
export async function pictureSourceOf(
  db: Db,
  fileId: number,
  orUpload: boolean,
): Promise<number | undefined> {
  const [variant] = await db
    .select({ source: pictureVariants.fileId })
    .from(pictureVariants)
    .where(
      or(
        orUpload ? eq(pictureVariants.fileId, fileId) : undefined,
        eq(pictureVariants.imageFileId, fileId),
        eq(pictureVariants.previewFileId, fileId),
        eq(pictureVariants.thumbFileId, fileId),
      ),
    )
    .limit(1);
  return variant?.source;
}
