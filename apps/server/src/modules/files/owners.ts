import type { Db } from '../../db/client';
import { documentFileOwner } from '../../lib/documents/file-owner';
import type { SessionUser } from '../../lib/sessions';
import { emailFileOwner } from '../email/file-owner';
import { productPictureFileOwner } from '../products/file-owner';
import { avatarFileOwner } from '../users/file-owner';
import { websiteFileOwner } from '../website/file-owner';

/** One kind of record that holds stored files (email source or attachment, draft attachment, avatar, import upload, product picture, document PDF…). */
export type FileOwner = {
  kind: string;
  /** May `user` (null: no session) read stored file `fileId` through a record of this kind? 'none' when no record of this kind holds it. Same rule as the record's own read. */
  access(db: Db, user: SessionUser | null, fileId: number): Promise<'allow' | 'deny' | 'none'>;
};
/** Every kind of owner; a module that stores files adds its owner here. */
export const fileOwners: FileOwner[] = [
  emailFileOwner,
  avatarFileOwner,
  productPictureFileOwner,
  websiteFileOwner,
  documentFileOwner,
];
