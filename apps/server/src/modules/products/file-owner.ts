import { eq, or, sql } from 'drizzle-orm';
import { pictureVariants, productPictures, products } from '../../db/schema';
import type { FileOwner } from '../files/owners';

/**
 * Product pictures: the upload and its variants. Any signed-in user reads them (a quotation's product
 * picker shows covers to editors). Without a session only the variants of a published product's
 * pictures (the public website); never the upload itself, which may carry the camera's location.
 */
export const productPictureFileOwner: FileOwner = {
  kind: 'product picture',
  async access(db, user, fileId) {
    const [variant] = await db
      .select({ source: pictureVariants.fileId })
      .from(pictureVariants)
      .where(
        or(
          eq(pictureVariants.imageFileId, fileId),
          eq(pictureVariants.previewFileId, fileId),
          eq(pictureVariants.thumbFileId, fileId),
        ),
      )
      .limit(1);
    const source = variant?.source ?? fileId;
    const [held] = await db
      .select({ published: sql<boolean>`bool_or(${products.published} AND ${products.deletedAt} IS NULL)` })
      .from(productPictures)
      .innerJoin(products, eq(products.id, productPictures.productId))
      .where(eq(productPictures.fileId, source))
      .groupBy(productPictures.fileId);
    if (!held) return 'none';
    if (user) return 'allow';
    return variant && held.published ? 'allow' : 'deny';
  },
};
