import { and, eq, sql } from 'drizzle-orm';
import { invoices, orders, productPictures, quotations } from '../../db/schema';
import type { FileOwner } from '../../modules/files/owners';
import { pictureSourceOf } from '../picture-source';
import { documentsOf } from '../scope';

/** The document kinds whose lines carry a picture (packing lines have none), with their tables. */
const TABLES = { quotation: quotations, order: orders, invoice: invoices } as const;

/**
 * Line pictures of quotations, orders and invoices (`picture_file_id`, shown and printed through its
 * prepared variants): readable by whoever may read a document holding it, in any of its versions
 * (lib/scope.ts `mayReadDocument`). A product's own picture is the product owner's to answer ('none'
 * here); a file that is not a prepared picture is never shown by a document ('none').
 */
export const documentFileOwner: FileOwner = {
  kind: 'document line picture',
  async access(db, user, fileId) {
    const source = await pictureSourceOf(db, fileId, true);
    if (source === undefined) return 'none';
    const [ofProduct] = await db
      .select({ id: productPictures.fileId })
      .from(productPictures)
      .where(eq(productPictures.fileId, source))
      .limit(1);
    if (ofProduct) return 'none';
    const holding = (kinds: readonly string[]) =>
      sql`SELECT document_id FROM document_versions WHERE kind IN (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )}) AND content->'items' @> ${JSON.stringify([{ picture_file_id: source }])}::jsonb`;
    const { rows } = await db.execute<{ document_id: number }>(sql`${holding(Object.keys(TABLES))} LIMIT 1`);
    if (rows.length === 0) return 'none';
    if (!user) return 'deny';
    for (const [kind, table] of Object.entries(TABLES)) {
      const [readable] = await db
        .select({ id: table.id })
        .from(table)
        .where(and(sql`${table.id} IN (${holding([kind])})`, documentsOf(user, table)))
        .limit(1);
      if (readable) return 'allow';
    }
    return 'deny';
  },
};
