import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userPreferences } from '../../db/schema';

export async function getPreference(db: Db, userId: number, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: userPreferences.value })
    .from(userPreferences)
    .where(and(eq(userPreferences.userId, userId), eq(userPreferences.key, key)))
    .limit(1);
  return row?.value ?? null;
}

/** Saving null forgets the setting. */
export async function setPreference(db: Db, userId: number, key: string, value: unknown): Promise<void> {
  if (value === null) {
    await db
      .delete(userPreferences)
      .where(and(eq(userPreferences.userId, userId), eq(userPreferences.key, key)));
    return;
  }
  await db
    .insert(userPreferences)
    .values({ userId, key, value })
    .onConflictDoUpdate({
      target: [userPreferences.userId, userPreferences.key],
      set: { value, updatedAt: new Date() },
    });
}
