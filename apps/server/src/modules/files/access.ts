import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';
import { authRequired, forbidden, invalid } from '../../lib/errors';
import type { SessionUser } from '../../lib/sessions';
import { fileOwners } from './owners';

type FileRow = typeof files.$inferSelect;

/**
 * May the user (null: no session) read this stored file? Yes when a record holding it lets them
 * (any owner answers 'allow'); a file no record holds yet (an upload not attached) only its uploader.
 */
async function mayRead(db: Db, user: SessionUser | null, file: FileRow): Promise<boolean> {
  const answers = await Promise.all(fileOwners.map((owner) => owner.access(db, user, file.id)));
  if (answers.includes('allow')) return true;
  return user !== null && file.createdBy === user.id && answers.every((a) => a === 'none');
}

/**
 * The stored file the user may read. A file that does not exist answers exactly like one they may
 * not read (AUTH_REQUIRED without a session, else FORBIDDEN; both 403), so ids cannot be probed.
 */
export async function readableFile(db: Db, user: SessionUser | null, id: number): Promise<FileRow> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  if (row && (await mayRead(db, user, row))) return row;
  throw user ? forbidden() : authRequired();
}

/**
 * The files a record is given (draft attachments, an avatar…), each one the user may read: a record
 * must not take in a file its author cannot open, since its readers could then open it. An unknown
 * id answers the same 400 on `field`.
 */
export async function readableFiles(
  db: Db,
  user: SessionUser,
  ids: readonly number[],
  field: string,
): Promise<FileRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db.select().from(files).where(inArray(files.id, unique));
  const allowed = await Promise.all(rows.map((row) => mayRead(db, user, row)));
  if (rows.length !== unique.length || allowed.includes(false))
    throw invalid(field, 'recordNotFound', { thing: 'thingFile' });
  return rows;
}
