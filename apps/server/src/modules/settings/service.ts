import {
  bankDetails,
  type CompanySettings,
  type CompanySettingsInput,
  companySettings,
  companySettingsAnswer,
  POOL_DEFAULTS,
} from '@quayside/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

export const COMPANY = 'company';
/**
 * The bank block and the pool's rules are settings documents of their own: saving the letterhead
 * (here or from the website settings) without them never wipes what invoices print or the cap.
 */
export const BANK = 'bank';
export const POOL = 'pool';
const poolSettings = companySettingsAnswer.pick({ customer_cap: true, auto_return_days: true });
export type PoolSettings = { customer_cap: number; auto_return_days: number | null };

/** The letterhead, bank and pool rules; fields never saved take their defaults (a stored value that no longer parses too). */
export async function getCompanySettings(db: Db): Promise<CompanySettings> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [COMPANY, BANK, POOL]));
  const stored = (key: string) => rows.find((r) => r.key === key)?.value ?? {};
  const parsed = companySettings.safeParse(stored(COMPANY));
  const {
    bank: _legacy,
    customer_cap: _cap,
    auto_return_days: _days,
    ...company
  } = parsed.success ? parsed.data : companySettings.parse({});
  const bank = bankDetails.safeParse(stored(BANK));
  const pool = poolSettings.safeParse({ ...POOL_DEFAULTS, ...stored(POOL) });
  return {
    ...company,
    bank: bank.success ? bank.data : bankDetails.parse({}),
    ...(pool.success ? pool.data : POOL_DEFAULTS),
  };
}

/** The pool's rules alone (claims, auto-return). */
export async function getPoolSettings(db: Db): Promise<PoolSettings> {
  const { customer_cap, auto_return_days } = await getCompanySettings(db);
  return { customer_cap, auto_return_days };
}

/** A body without `bank` or the pool fields (older clients) keeps what is already saved. */
export async function saveCompanySettings(
  db: Db,
  { bank, customer_cap, auto_return_days, ...company }: CompanySettingsInput,
  userId: number,
): Promise<CompanySettings> {
  const rows: { key: string; value: Record<string, unknown>; updatedBy: number }[] = [
    { key: COMPANY, value: company, updatedBy: userId },
  ];
  if (bank) rows.push({ key: BANK, value: bank, updatedBy: userId });
  if (customer_cap !== undefined || auto_return_days !== undefined) {
    const current = await getPoolSettings(db);
    rows.push({
      key: POOL,
      value: {
        customer_cap: customer_cap ?? current.customer_cap,
        auto_return_days: auto_return_days === undefined ? current.auto_return_days : auto_return_days,
      },
      updatedBy: userId,
    });
  }
  await db
    .insert(settings)
    .values(rows)
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`excluded.value`, updatedBy: userId, updatedAt: new Date() },
    });
  return getCompanySettings(db);
}
