import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema';
import { readableFiles } from '../../modules/files/access';
import { AppError } from '../errors';
import type { MessageKey } from '../i18n';
import { isAdmin, isSalesOnly, mayMakeDocumentFor, mayReadDocument, missing, type Viewer } from '../scope';
import type { SessionUser } from '../sessions';

/**
 * The document rule (lib/scope.ts) applied to loaded rows, and what a document may take in from its
 * caller. Quotations, orders, invoices and packing lists use these; docs/decisions/who-sees-what.md.
 */

/** A loaded document row as the rule needs it: its owner and its customer's owner. */
export type Held = { ownerId: number | null; customerOwnerId: number | null };

/**
 * The row, when the viewer may read it; else what a missing one answers (403 FORBIDDEN to anyone but
 * an admin, who gets 404): a document outside her scope is indistinguishable from none.
 */
export function visible<T extends Held>(viewer: Viewer, row: T | undefined, thing: MessageKey): T {
  if (!row || !mayReadDocument(viewer, row.ownerId, row.customerOwnerId)) throw missing(viewer, thing);
  return row;
}

/**
 * A salesperson makes documents (and moves one to another customer) only for a customer she owns:
 * a pool customer is claimed first. 403 with its own message, the same for a customer she may not
 * see or that does not exist. Admin and editor: unchanged (the caller checks the customer exists).
 */
export async function assertMayMakeFor(db: Db, viewer: Viewer, customerId: number): Promise<void> {
  if (!isSalesOnly(viewer)) return;
  const [row] = await db
    .select({ ownerId: customers.ownerId })
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)));
  if (!row || !mayMakeDocumentFor(viewer, row.ownerId))
    throw new AppError('FORBIDDEN', 'documentCustomerNotYours');
}

/**
 * Deleting: an admin any document; anyone else only one she owns (her customer's documents made by
 * someone else stay) that `isDraft` (never sent, nothing issued from it). 403 otherwise.
 */
export function assertMayDelete(viewer: Viewer, ownerId: number | null, isDraft: boolean): void {
  if (isAdmin(viewer)) return;
  if (ownerId !== viewer.id || !isDraft) throw new AppError('FORBIDDEN', 'documentDeleteOwnDrafts');
}

type Pictured = { picture_file_id?: number | null };
/**
 * Line pictures a save brings in must be files the caller may read (house rule "Files belong to
 * records": the document's readers could open them through it); pictures already on the document
 * stay. An unknown or unreadable id answers 400 on `items`.
 */
export async function assertLinePictures(
  db: Db,
  user: SessionUser,
  items: readonly Pictured[] | undefined,
  kept: readonly Pictured[] = [],
): Promise<void> {
  if (!items || isAdmin(user)) return;
  const had = new Set(kept.map((i) => i.picture_file_id ?? null));
  const added = items.flatMap((i) =>
    i.picture_file_id != null && !had.has(i.picture_file_id) ? [i.picture_file_id] : [],
  );
  await readableFiles(db, user, added, 'items');
}
