import type { EmailAccount } from '@quayside/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailAccounts } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { mailScope, type Viewer } from '../../lib/scope';
import { listAccounts } from './accounts';

/**
 * The accounts a salesperson reads mail of (`mailScope`), as the folder lists' account filter and
 * the detail page show them: name, address, signature, who shares it and its sync state. The server
 * settings (hosts, ports, login names) are the admin's and answer empty; passwords never leave. One
 * `id` of an account not hers answers 403, exactly like one that does not exist.
 */
export async function ownAccounts(
  db: Db,
  viewer: Viewer,
  id?: number,
): Promise<EmailAccount | EmailAccount[]> {
  const ids = await db
    .select({ id: emailAccounts.id })
    .from(emailAccounts)
    .where(and(mailScope(viewer, emailAccounts.id), id ? eq(emailAccounts.id, id) : undefined))
    .orderBy(asc(emailAccounts.id));
  const mine = new Set(ids.map((r) => r.id));
  const accounts = (await listAccounts(db)).filter((a) => mine.has(a.id)).map(withoutSettings);
  if (id === undefined) return accounts;
  const [one] = accounts;
  if (!one) throw forbidden();
  return one;
}

function withoutSettings(a: EmailAccount): EmailAccount {
  return {
    ...a,
    imap_host: '',
    imap_user: '',
    has_imap_password: false,
    smtp_host: '',
    smtp_user: '',
    has_smtp_password: false,
  };
}
