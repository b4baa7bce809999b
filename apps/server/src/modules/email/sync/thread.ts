import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { emails } from '../../../db/schema';
import type { DbOrTx } from './types';

/** How far apart two messages may be for the subject fallback to join them (sync rule 8). */
export const SUBJECT_THREAD_WINDOW_DAYS = 30;

export type ThreadInput = {
  id: number;
  messageId: string;
  inReplyTo: string;
  references: string[];
  baseSubject: string;
  isReply: boolean;
  /** The other party: the sender of received mail, the first recipient of sent mail. */
  counterpart: string;
  date: Date;
};

/** Message-IDs a message points at, the most telling first: In-Reply-To, then References newest first. */
const parentsOf = (e: ThreadInput) => [
  ...new Set([e.inReplyTo, ...[...e.references].reverse()].filter(Boolean)),
];

async function bySubject(db: DbOrTx, accountId: number, e: ThreadInput): Promise<number | null> {
  const windowMs = SUBJECT_THREAD_WINDOW_DAYS * 86_400_000;
  const from = new Date(e.date.getTime() - windowMs);
  const to = new Date(e.date.getTime() + 86_400_000);
  const [row] = await db
    .select({ threadId: emails.threadId })
    .from(emails)
    .where(
      and(
        eq(emails.accountId, accountId),
        eq(emails.baseSubject, e.baseSubject),
        isNotNull(emails.threadId),
        sql`${emails.id} <> ${e.id}`,
        sql`${emails.date} BETWEEN ${from.toISOString()} AND ${to.toISOString()}`,
        sql`(${emails.fromAddress} = ${e.counterpart} OR EXISTS (SELECT 1 FROM email_addresses a WHERE a.email_id = ${emails.id} AND a.address = ${e.counterpart}))`,
      ),
    )
    .orderBy(sql`${emails.date} DESC`)
    .limit(1);
  return row?.threadId ?? null;
}

/**
 * Threads of the new messages of a batch (sync rule 8), in their order: the thread of the message
 * replied to (In-Reply-To, then References from the newest; stored earlier or earlier in the batch);
 * else, only for a subject with a Re:/Fwd:/回复:/转发: prefix, the latest thread with the same base
 * subject and the same correspondent within the window; else a thread of its own. Replies stored
 * before the message they answer then join its thread.
 */
export async function assignThreads(db: DbOrTx, accountId: number, list: ThreadInput[]): Promise<void> {
  if (list.length === 0) return;
  const wanted = [...new Set(list.flatMap(parentsOf))];
  const known = new Map<string, number>();
  for (let i = 0; i < wanted.length; i += 1000) {
    const rows = await db
      .select({ messageId: emails.messageId, threadId: emails.threadId })
      .from(emails)
      .where(
        and(
          eq(emails.accountId, accountId),
          inArray(emails.messageId, wanted.slice(i, i + 1000)),
          isNotNull(emails.threadId),
        ),
      );
    for (const r of rows) if (r.threadId) known.set(r.messageId, r.threadId);
  }
  const windowMs = SUBJECT_THREAD_WINDOW_DAYS * 86_400_000;
  const done: (ThreadInput & { threadId: number })[] = [];
  for (const e of list) {
    const parent = parentsOf(e).find((id) => known.has(id));
    let threadId = parent ? known.get(parent)! : null;
    if (threadId === null && e.isReply && e.baseSubject && e.counterpart) {
      // Earlier in this batch (not in the database's threads yet), then stored mail.
      const local = done.findLast(
        (d) =>
          d.baseSubject === e.baseSubject &&
          d.counterpart === e.counterpart &&
          d.date.getTime() >= e.date.getTime() - windowMs &&
          d.date.getTime() <= e.date.getTime() + 86_400_000,
      );
      threadId = local?.threadId ?? (await bySubject(db, accountId, e));
    }
    threadId ??= e.id;
    if (e.messageId && !known.has(e.messageId)) known.set(e.messageId, threadId);
    done.push({ ...e, threadId });
  }
  const values = sql.join(
    done.map((d) => sql`(${d.id}::int, ${d.threadId}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`UPDATE emails SET thread_id = v.t FROM (VALUES ${values}) AS v(id, t) WHERE emails.id = v.id`,
  );
  await adoptEarlierReplies(
    db,
    accountId,
    list
      .filter((e) => e.messageId)
      .map((e) => ({ messageId: e.messageId, threadId: known.get(e.messageId)! })),
  );
}

/** Replies stored before the message they answer (a later folder, a late sync) join its thread. */
async function adoptEarlierReplies(
  db: DbOrTx,
  accountId: number,
  parents: { messageId: string; threadId: number }[],
): Promise<void> {
  if (parents.length === 0) return;
  const values: SQL = sql.join(
    parents.map((p) => sql`(${p.messageId}::text, ${p.threadId}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE emails AS c SET thread_id = v.t
    FROM (VALUES ${values}) AS v(mid, t), emails AS r
    WHERE r.account_id = ${accountId} AND r.in_reply_to = v.mid AND r.thread_id = r.id AND r.id <> v.t
      AND c.thread_id = r.id`);
}
