import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { FileOwner } from '../files/owners';

/** Avatars: shown wherever a colleague appears, so any signed-in user reads them. */
export const avatarFileOwner: FileOwner = {
  kind: 'avatar',
  async access(db, user, fileId) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.avatarFileId, fileId))
      .limit(1);
    if (!row) return 'none';
    return user ? 'allow' : 'deny';
  },
};
