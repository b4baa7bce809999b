import {
  type WebsiteSettings,
  type WebsiteSettingsInput,
  type WebsiteSite,
  websiteSite,
} from '@quayside/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { invalid } from '../../lib/errors';
import type { SessionUser } from '../../lib/sessions';
import { readableFiles } from '../files/access';
import { BANK, COMPANY, getCompanySettings } from '../settings/service';
import { forgetSharedParts } from './render';

const WEBSITE = 'website';
const FAVICON_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);

/** The site's own settings; fields never saved take their defaults (a stored value that no longer parses too). */
export async function getWebsiteSite(db: Db): Promise<WebsiteSite> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, WEBSITE));
  const parsed = websiteSite.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : websiteSite.parse({});
}

export async function getWebsiteSettings(db: Db): Promise<WebsiteSettings> {
  const [company, site] = await Promise.all([getCompanySettings(db), getWebsiteSite(db)]);
  return { company, site };
}

/** Saves the letterhead and the site's settings together; the logo and favicon must be files the admin may read. */
export async function saveWebsiteSettings(
  db: Db,
  value: WebsiteSettingsInput,
  user: SessionUser,
): Promise<WebsiteSettings> {
  const logo = value.company.logo_file_id;
  const favicon = value.site.favicon_file_id;
  if (logo) await readableFiles(db, user, [logo], 'company.logo_file_id');
  if (favicon) {
    const [file] = await readableFiles(db, user, [favicon], 'site.favicon_file_id');
    // Served from the site's own address: a picture, never a document that could carry script (SVG).
    if (file && !FAVICON_TYPES.has(file.mime))
      throw invalid('site.favicon_file_id', 'pictureNotImage', { name: file.name });
  }
  // One statement: the letterhead, its bank block (kept when not sent, as saveCompanySettings does)
  // and the site's settings are saved together or not at all.
  const { bank, ...company } = value.company;
  await db
    .insert(settings)
    .values([
      { key: COMPANY, value: company, updatedBy: user.id },
      ...(bank ? [{ key: BANK, value: bank, updatedBy: user.id }] : []),
      { key: WEBSITE, value: value.site, updatedBy: user.id },
    ])
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`excluded.value`, updatedBy: user.id, updatedAt: new Date() },
    });
  forgetSharedParts(db);
  return getWebsiteSettings(db);
}
