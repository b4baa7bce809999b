import { eq, sql } from 'drizzle-orm';
import { productPictures, products } from '../../db/schema';
import { pictureSourceOf } from '../../lib/picture-source';
import type { FileOwner } from '../files/owners';

/**
 * Product pictures: the upload and its variants. Any signed-in user reads them (a quotation's product
 * picker shows covers to editors). Without a session only the variants of a published product's
 * pictures (the public website); never the upload itself, which may carry the camera's location.
 */
export const productPictureFileOwner: FileOwner = {
  kind: 'product picture',
  async access(db, user, fileId) {
    const variantOf = await pictureSourceOf(db, fileId, false);
    const source = variantOf ?? fileId;
    const [held] = await db
      .select({ published: sql<boolean>`bool_or(${products.published} AND ${products.deletedAt} IS NULL)` })
      .from(productPictures)
      .innerJoin(products, eq(products.id, productPictures.productId))
      .where(eq(productPictures.fileId, source))
      .groupBy(productPictures.fileId);
    if (!held) return 'none';
    if (user) return 'allow';
    return variantOf !== undefined && held.published ? 'allow' : 'deny';
  },
};
