import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { emails } from '../../../db/schema';
import { storableJson } from './rows';
import type { DbOrTx } from './types';

/** How far apart two messages may be for the subject fallback to join them (sync rule 8). */
export const SUBJECT_THREAD_WINDOW_DAYS = 30;
const WINDOW_MS = SUBJECT_THREAD_WINDOW_DAYS * 86_400_000;
const AFTER_MS = 86_400_000;

export type ThreadInput = {
  /** The id the email will be inserted with. */
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

/** Threads of stored mail by Message-ID. */
async function storedThreads(db: DbOrTx, accountId: number, ids: string[]): Promise<Map<string, number>> {
  const known = new Map<string, number>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({ messageId: emails.messageId, threadId: emails.threadId })
      .from(emails)
      .where(
        and(
          eq(emails.accountId, accountId),
          inArray(emails.messageId, ids.slice(i, i + 1000)),
          isNotNull(emails.threadId),
        ),
      );
    for (const r of rows) if (r.threadId) known.set(r.messageId, r.threadId);
  }
  return known;
}

/**
 * The subject fallback against stored mail, for all the candidates in one query: the latest thread
 * with the same base subject and correspondent within the window. Answers thread ids by email id.
 */
async function threadsBySubject(
  db: DbOrTx,
  accountId: number,
  list: ThreadInput[],
): Promise<Map<number, number>> {
  if (list.length === 0) return new Map();
  const wanted = list.map((e) => ({
    id: e.id,
    s: e.baseSubject,
    c: e.counterpart,
    lo: new Date(e.date.getTime() - WINDOW_MS),
    hi: new Date(e.date.getTime() + AFTER_MS),
  }));
  const { rows } = await db.execute<{ id: number; thread_id: number | null }>(sql`
    SELECT v.id, (
      SELECT e.thread_id FROM emails e
      WHERE e.account_id = ${accountId} AND e.base_subject = v.s AND e.thread_id IS NOT NULL
        AND e.date BETWEEN v.lo AND v.hi
        AND (e.from_address = v.c
          OR EXISTS (SELECT 1 FROM email_addresses a WHERE a.email_id = e.id AND a.address = v.c))
      ORDER BY e.date DESC LIMIT 1
    ) AS thread_id
    FROM json_to_recordset(${storableJson(wanted)}::json) AS v(id int, s text, c text, lo timestamptz, hi timestamptz)`);
  return new Map(rows.flatMap((r) => (r.thread_id ? [[Number(r.id), Number(r.thread_id)] as const] : [])));
}

export type ThreadPlan = {
  /** Thread id by email id, for every message of the list. */
  threads: Map<number, number>;
  /** The thread each new Message-ID now belongs to, for `adoptEarlierReplies`. */
  parents: { messageId: string; threadId: number }[];
};

/**
 * Threads of the new messages of a batch (sync rule 8), decided before they are inserted so that each
 * row is written once: the thread of the message replied to (In-Reply-To, then References from the
 * newest; stored earlier or earlier in the batch); else, only for a subject with a Re:/Fwd:/回复:/转发:
 * prefix, the latest thread with the same base subject and the same correspondent within the window;
 * else a thread of its own.
 */
export async function planThreads(db: DbOrTx, accountId: number, list: ThreadInput[]): Promise<ThreadPlan> {
  const known = await storedThreads(db, accountId, [...new Set(list.flatMap(parentsOf))]);
  const bySubject = await threadsBySubject(
    db,
    accountId,
    list.filter(
      (e) => e.isReply && e.baseSubject && e.counterpart && !parentsOf(e).some((id) => known.has(id)),
    ),
  );
  const threads = new Map<number, number>();
  const done: (ThreadInput & { threadId: number })[] = [];
  for (const e of list) {
    const parent = parentsOf(e).find((id) => known.has(id));
    let threadId = parent ? known.get(parent)! : null;
    if (threadId === null && e.isReply && e.baseSubject && e.counterpart) {
      // Earlier in this batch (not stored yet), then stored mail.
      const local = done.findLast(
        (d) =>
          d.baseSubject === e.baseSubject &&
          d.counterpart === e.counterpart &&
          d.date.getTime() >= e.date.getTime() - WINDOW_MS &&
          d.date.getTime() <= e.date.getTime() + AFTER_MS,
      );
      threadId = local?.threadId ?? bySubject.get(e.id) ?? null;
    }
    threadId ??= e.id;
    if (e.messageId && !known.has(e.messageId)) known.set(e.messageId, threadId);
    threads.set(e.id, threadId);
    done.push({ ...e, threadId });
  }
  const parents = list
    .filter((e) => e.messageId)
    .map((e) => ({ messageId: e.messageId, threadId: known.get(e.messageId)! }));
  return { threads, parents };
}

/**
 * Replies stored before the message they answer (a later folder, a late sync, earlier in the batch)
 * join its thread. Runs after the batch's rows are in. The lateral subquery (OFFSET 0 keeps the
 * planner from flattening it) looks each Message-ID up in the in_reply_to index: joined the plain
 * way, the planner scanned every email of the account per batch, a sync quadratic in mailbox size.
 */
export async function adoptEarlierReplies(
  db: DbOrTx,
  accountId: number,
  parents: { messageId: string; threadId: number }[],
): Promise<void> {
  if (parents.length === 0) return;
  const values = storableJson(parents.map((p) => ({ mid: p.messageId, t: p.threadId })));
  await db.execute(sql`
    UPDATE emails AS c SET thread_id = x.t
    FROM json_to_recordset(${values}::json) AS v(mid text, t int)
    CROSS JOIN LATERAL (
      SELECT r.id, v.t FROM emails AS r
      WHERE r.account_id = ${accountId} AND r.in_reply_to = v.mid AND r.thread_id = r.id AND r.id <> v.t
      OFFSET 0
    ) AS x
    WHERE c.thread_id = x.id`);
}
