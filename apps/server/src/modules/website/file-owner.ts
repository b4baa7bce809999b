import type { FileOwner } from '../files/owners';
import { getWebsiteSettings } from './settings';

/**
 * The company logo and the site's favicon: shown on the public site and on documents, so anyone may
 * read them, with or without a session. Any other file is not this owner's.
 */
export const websiteFileOwner: FileOwner = {
  kind: 'website logo',
  async access(db, _user, fileId) {
    const { company, site } = await getWebsiteSettings(db);
    return fileId === company.logo_file_id || fileId === site.favicon_file_id ? 'allow' : 'none';
  },
};
