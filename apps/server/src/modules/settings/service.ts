import {
  bankDetails,
  type CompanySettings,
  type CompanySettingsInput,
  companySettings,
} from '@quayside/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

export const COMPANY = 'company';
/**
 * The bank block is a settings document of its own: saving the letterhead (here or from the website
 * settings) without it never wipes what invoices print.
 */
export const BANK = 'bank';

/** The letterhead and bank; fields never saved take their defaults (a stored value that no longer parses too). */
export async function getCompanySettings(db: Db): Promise<CompanySettings> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [COMPANY, BANK]));
  const stored = (key: string) => rows.find((r) => r.key === key)?.value ?? {};
  const parsed = companySettings.safeParse(stored(COMPANY));
  const { bank: _legacy, ...company } = parsed.success ? parsed.data : companySettings.parse({});
  const bank = bankDetails.safeParse(stored(BANK));
  return { ...company, bank: bank.success ? bank.data : bankDetails.parse({}) };
}

/** A body without `bank` (clients older than the bank block) keeps the bank details already saved. */
export async function saveCompanySettings(
  db: Db,
  { bank, ...company }: CompanySettingsInput,
  userId: number,
): Promise<CompanySettings> {
  const rows: { key: string; value: Record<string, unknown>; updatedBy: number }[] = [
    { key: COMPANY, value: company, updatedBy: userId },
  ];
  if (bank) rows.push({ key: BANK, value: bank, updatedBy: userId });
  await db
    .insert(settings)
    .values(rows)
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`excluded.value`, updatedBy: userId, updatedAt: new Date() },
    });
  return getCompanySettings(db);
}
