import { and, arrayContains, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { customers, users } from '../../db/schema';
import { AppError, conflict } from '../../lib/errors';
import { type Lang, translate } from '../../lib/i18n';
import type { DbOrTx } from '../../lib/imports';
import { mayReadCustomer, type Viewer } from '../../lib/scope';

/**
 * Mail services anyone signs up to: an address there says nothing about the company, so two
 * customers sharing one of these domains are not the same buyer. The one list of them.
 */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'yahoo.com',
  'icloud.com',
  'qq.com',
  '163.com',
  '126.com',
  'sina.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'mail.ru',
  'yandex.ru',
  'gmx.de',
  'web.de',
]);

/** The company domain of an address, or null for none or a free-mail domain. */
export function companyDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 0) return null;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  return domain && !FREE_MAIL_DOMAINS.has(domain) ? domain : null;
}

const domainOf = sql`split_part(${customers.email}, '@', 2)`;
/** The owner holds the sales role: her customers are her private list. */
const ownerIsSales = arrayContains(users.roles, ['sales']);

type Owned = { id: number; email: string; ownerId: number | null; ownerName: string | null };

async function liveByEmail(db: DbOrTx, emails: string[]): Promise<Owned[]> {
  if (emails.length === 0) return [];
  return db
    .select({ id: customers.id, email: customers.email, ownerId: customers.ownerId, ownerName: users.name })
    .from(customers)
    .leftJoin(users, eq(users.id, customers.ownerId))
    .where(and(inArray(customers.email, emails), isNull(customers.deletedAt)));
}

/** Per company domain, the salespeople whose live customers have an address there. */
async function salesOwnersByDomain(
  db: DbOrTx,
  domains: string[],
  exceptId?: number,
): Promise<Map<string, { id: number; name: string }[]>> {
  const found = new Map<string, { id: number; name: string }[]>();
  if (domains.length === 0) return found;
  const where: (SQL | undefined)[] = [
    inArray(domainOf, domains),
    sql`${customers.email} <> ''`,
    isNull(customers.deletedAt),
    isNotNull(customers.ownerId),
    ownerIsSales,
    exceptId === undefined ? undefined : ne(customers.id, exceptId),
  ];
  const rows = await db
    .selectDistinct({ domain: sql<string>`${domainOf}`, id: users.id, name: users.name })
    .from(customers)
    .innerJoin(users, eq(users.id, customers.ownerId))
    .where(and(...where));
  for (const r of rows) found.set(r.domain, [...(found.get(r.domain) ?? []), { id: r.id, name: r.name }]);
  return found;
}

/**
 * Refuses (409) a customer that would duplicate one the company already has:
 * - its email is a live customer's: named in full when the viewer may read that customer, else
 *   only by its owner's name (a salesperson learns who to ask, never another's customer);
 * - its company domain (free mail aside) is that of a live customer of another salesperson than
 *   the new customer's owner: refused with that salesperson's name, so one buyer is not worked by
 *   two salespeople nor copied into the pool beside its owner's.
 * `exceptId`: the customer being edited.
 */
export async function assertNoDuplicate(
  db: DbOrTx,
  input: { email: string; ownerId: number | null },
  viewer: Viewer,
  exceptId?: number,
): Promise<void> {
  if (!input.email) return;
  const [same] = (await liveByEmail(db, [input.email])).filter((c) => c.id !== exceptId);
  if (same) {
    if (!mayReadCustomer(viewer, same.ownerId)) {
      throw conflict(
        'customerEmailOwned',
        { email: input.email, owner: same.ownerName ?? '' },
        { field: 'email', owner: { id: same.ownerId, name: same.ownerName ?? '' } },
      );
    }
    const [full] = await db
      .select({ companyName: customers.companyName, name: customers.name })
      .from(customers)
      .where(eq(customers.id, same.id));
    throw conflict(
      'customerEmailTaken',
      { email: input.email, customer: full?.companyName || full?.name || '', id: same.id },
      { field: 'email', customer: { id: same.id, company_name: full?.companyName, name: full?.name } },
    );
  }
  const domain = companyDomain(input.email);
  if (!domain) return;
  const owners = (await salesOwnersByDomain(db, [domain], exceptId)).get(domain) ?? [];
  const other = owners.find((o) => o.id !== input.ownerId);
  if (other) {
    throw new AppError(
      'CONFLICT',
      'customerDomainOwned',
      { domain, owner: other.name },
      { field: 'email', owner: { id: other.id, name: other.name } },
    );
  }
}

/**
 * The same rules for the rows of an import, all at once: for each row index refused, the reason in
 * `lang`. An email that is already a customer's that `mayWork` accepts is left to the import's
 * skip-or-update choice; one she may not work (another's, or for a salesperson the pool) is refused.
 */
export async function importDuplicates(
  db: DbOrTx,
  rows: { email: string; ownerId: number | null }[],
  viewer: Viewer,
  mayWork: (ownerId: number | null) => boolean,
  lang: Lang,
): Promise<Map<number, string>> {
  const refused = new Map<number, string>();
  const emails = [...new Set(rows.map((r) => r.email).filter(Boolean))];
  const existing = new Map<string, Owned>();
  for (let i = 0; i < emails.length; i += 1000) {
    for (const c of await liveByEmail(db, emails.slice(i, i + 1000))) existing.set(c.email, c);
  }
  const domains = [...new Set(rows.flatMap((r) => companyDomain(r.email) ?? []))];
  const owners = new Map<string, { id: number; name: string }[]>();
  for (let i = 0; i < domains.length; i += 1000) {
    for (const [d, o] of await salesOwnersByDomain(db, domains.slice(i, i + 1000))) owners.set(d, o);
  }
  rows.forEach((row, index) => {
    const same = row.email ? existing.get(row.email) : undefined;
    if (same) {
      if (mayWork(same.ownerId)) return;
      const owner = same.ownerId === null ? translate(lang, 'poolName') : (same.ownerName ?? '');
      const visible = mayReadCustomer(viewer, same.ownerId);
      refused.set(
        index,
        visible && same.ownerId === null
          ? translate(lang, 'importPoolClaimFirst', { email: row.email, id: same.id })
          : translate(lang, 'customerEmailOwned', { email: row.email, owner }),
      );
      return;
    }
    const domain = companyDomain(row.email);
    const other = domain ? owners.get(domain)?.find((o) => o.id !== row.ownerId) : undefined;
    if (domain && other)
      refused.set(index, translate(lang, 'customerDomainOwned', { domain, owner: other.name }));
  });
  return refused;
}
