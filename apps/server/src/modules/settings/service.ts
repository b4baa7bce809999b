import { type CompanySettings, companySettings } from '@quayside/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

const COMPANY = 'company';

/** The letterhead; fields never saved take their defaults (a stored value that no longer parses too). */
export async function getCompanySettings(db: Db): Promise<CompanySettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, COMPANY));
  const parsed = companySettings.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : companySettings.parse({});
}

export async function saveCompanySettings(
  db: Db,
  value: CompanySettings,
  userId: number,
): Promise<CompanySettings> {
  await db
    .insert(settings)
    .values({ key: COMPANY, value, updatedBy: userId })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: userId, updatedAt: new Date() } });
  return getCompanySettings(db);
}
