import type { Role } from '@quayside/contract';
import { type Access, isAllowed } from '../../lib/access';

/**
 * Who may read stored mail (its detail, its source and attachments, the live `email` event):
 * admins, like the menu's email children (spec §2; docs/decisions.md, "Who may call what").
 * Drafts and mail sent from the app also follow the draft's rule (`mayUseAccounts`).
 */
export const emailReaders = ['admin'] as const satisfies Access;

export const mayReadEmail = (user: { roles: readonly Role[] } | null): boolean =>
  user !== null && isAllowed(emailReaders, user.roles);
