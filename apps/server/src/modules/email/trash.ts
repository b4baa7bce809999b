import { sql } from 'drizzle-orm';
import { emails } from '../../db/schema';

/**
 * The columns an email gets when it moves to the app's trash, by a user or because it left the
 * server: it remembers the folder it came from, so restore puts it back there.
 */
export function trashedColumns() {
  const now = new Date();
  return { folder: 'trash', previousFolder: sql`${emails.folder}`, trashedAt: now, updatedAt: now };
}
