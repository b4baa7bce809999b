import { and, eq, inArray } from 'drizzle-orm';
import type { FetchMessageObject, ImapFlow } from 'imapflow';
import { emails } from '../../../db/schema';
import { findCustomersByEmails } from '../../customers/matching';
import { recordBounces } from '../../tasks/bounces';
import type { BlacklistMatcher } from '../blacklist';
import { looksLikeInquiry } from '../inquiry';
import { dedupeKeyOf, normaliseMessageId } from './message';
import { type PreparedEmail, prepareMessage } from './prepare';
import { type BatchWrite, ConcurrentInsertError, type NewEmail, writeBatch } from './store';
import { type AccountRow, DEFAULT_BATCH_BYTES, type FolderRole, type FolderRow, type SyncEnv } from './types';

export type BatchContext = {
  env: SyncEnv;
  client: ImapFlow;
  account: AccountRow;
  folder: FolderRow;
  role: FolderRole;
  blacklist: BlacklistMatcher;
};

/** What classifying needs of a batch: everything but the IMAP connection. */
export type ClassifyContext = Omit<BatchContext, 'client'>;

export type BatchResult = { inserted: number; newInbox: { id: number; folder: string }[] };

const toDate = (v: Date | string | undefined) => {
  const d = v ? new Date(v) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
};

function keyOf(m: FetchMessageObject): string {
  return dedupeKeyOf({
    messageId: normaliseMessageId(m.envelope?.messageId),
    date: toDate(m.envelope?.date),
    from: m.envelope?.from?.[0]?.address ?? '',
    subject: m.envelope?.subject ?? '',
    size: m.size ?? 0,
  });
}

/** Folder, direction and type of a new message. */
function place(ctx: ClassifyContext, e: PreparedEmail, customerId: number | null): NewEmail {
  const own = ctx.account.address.toLowerCase();
  const direction =
    ['sent', 'drafts'].includes(ctx.role) || (e.from.address === own && ctx.role !== 'inbox') ? 'out' : 'in';
  const base = ctx.role === 'drafts' ? 'drafts' : direction === 'out' ? 'outbox' : 'inbox';
  const blacklisted = direction === 'in' && ctx.blacklist(e.from.address);
  const trashed = ctx.role === 'trash' || ctx.role === 'junk' || blacklisted;
  const inquiry = direction === 'in' && !customerId && !blacklisted && !e.isRaw && looksLikeInquiry(e);
  return {
    ...e,
    folder: trashed ? 'trash' : base,
    previousFolder: trashed ? base : '',
    direction,
    type: inquiry ? 'inquiry' : 'normal',
    customerId,
  };
}

/** Customer of each message: the sender's for received mail, else the first recipient that is one. */
async function matchCustomers(ctx: ClassifyContext, list: PreparedEmail[]): Promise<Map<string, number>> {
  const own = ctx.account.address.toLowerCase();
  const all = list
    .flatMap((e) => [e.from, ...e.to, ...e.cc].map((a) => a.address))
    .filter((a) => a && a !== own);
  const found = await findCustomersByEmails(ctx.env.db, all);
  return new Map(found.map((c) => [c.email, c.id]));
}

/**
 * Customer, folder and type of parsed messages: the sync's rules, also for mail stored another way
 * (the demo mailbox).
 */
export async function classifyMessages(ctx: ClassifyContext, prepared: PreparedEmail[]): Promise<NewEmail[]> {
  const customers = await matchCustomers(ctx, prepared);
  const own = ctx.account.address.toLowerCase();
  return prepared.map((e) => {
    const parties = [e.from, ...e.to, ...e.cc].map((a) => a.address).filter((a) => a !== own);
    const customerId = parties.map((a) => customers.get(a)).find((id) => id !== undefined) ?? null;
    return place(ctx, e, customerId);
  });
}

/** A batch fetched and prepared, not stored yet. */
export type GatheredBatch = Omit<BatchWrite, 'accountId' | 'folder'> & { uids: number[] };

/** Bytes of message source being parsed at once within a batch; past it the batch waits. */
const IN_FLIGHT_BYTES = 32 * 1024 * 1024;

/** The first uids whose sources add up to the byte budget (one at least), so that a batch of big mail stays small. */
function withinBudget(uids: number[], metas: FetchMessageObject[], budget: number): number[] {
  const sizes = new Map(metas.map((m) => [m.uid, m.size ?? 0]));
  let bytes = 0;
  for (let i = 0; i < uids.length; i++) {
    bytes += sizes.get(uids[i]!) ?? 0;
    if (bytes > budget && i > 0) return uids.slice(0, i);
  }
  return uids;
}

/**
 * The IMAP half of a batch: envelopes first, then the source of messages not stored yet, parsed,
 * sanitised and their files written. Touches the database only to read. Covers the first of `candidates`
 * (ascending) that fit the batch's byte budget: `uids` in the answer.
 */
export async function gatherBatch(ctx: BatchContext, candidates: number[]): Promise<GatheredBatch> {
  const { env, client } = ctx;
  const fetched = await client.fetchAll(
    candidates,
    { uid: true, flags: true, size: true, envelope: true, internalDate: true },
    { uid: true },
  );
  const uids = withinBudget(candidates, fetched, env.options.batchBytes ?? DEFAULT_BATCH_BYTES);
  const last = uids[uids.length - 1]!;
  const metas = fetched.filter((m) => m.uid <= last);
  const keyed = metas.map((m) => ({ meta: m, key: keyOf(m) }));
  const keys = [...new Set(keyed.map((k) => k.key))];
  const existing = keys.length
    ? await env.db
        .select({ id: emails.id, key: emails.dedupeKey })
        .from(emails)
        .where(and(eq(emails.accountId, ctx.account.id), inArray(emails.dedupeKey, keys)))
    : [];
  const known = new Map(existing.map((e) => [e.key, e.id]));
  const links = keyed.flatMap(({ meta, key }) => {
    const emailId = known.get(key);
    return emailId ? [{ uid: meta.uid, emailId }] : [];
  });
  const firstUidOfKey = new Map<string, FetchMessageObject>();
  for (const { meta, key } of keyed)
    if (!known.has(key) && !firstUidOfKey.has(key)) firstUidOfKey.set(key, meta);
  const wanted = new Map([...firstUidOfKey].map(([key, meta]) => [meta.uid, { key, meta }]));

  let prepared: PreparedEmail[] = [];
  if (wanted.size > 0) {
    // Parsing and file writes of one message overlap with the download of the next.
    const jobs: Promise<PreparedEmail>[] = [];
    let inFlight = 0;
    for await (const msg of client.fetch([...wanted.keys()], { uid: true, source: true }, { uid: true })) {
      const want = wanted.get(msg.uid);
      if (!want || !msg.source) continue;
      const job = prepareMessage(env, {
        uid: msg.uid,
        dedupeKey: want.key,
        seen: want.meta.flags?.has('\\Seen') ?? false,
        internalDate: toDate(want.meta.internalDate),
        source: msg.source,
      });
      job.catch(() => {}); // awaited below
      jobs.push(job);
      inFlight += msg.source.length;
      if (inFlight > IN_FLIGHT_BYTES) {
        await Promise.all(jobs);
        inFlight = 0;
      }
    }
    prepared = await Promise.all(jobs);
    // Sync rule 3: a message that still exists but did not come back stops the batch, cursor unmoved.
    const got = new Set(prepared.map((p) => p.uid));
    const missing = [...wanted.keys()].filter((uid) => !got.has(uid));
    if (missing.length > 0) {
      const still = await client.search({ uid: missing.join(',') }, { uid: true });
      if (!Array.isArray(still) || still.length > 0)
        throw new Error(`could not fetch uids ${missing.join(',')}`);
    }
  }

  // Duplicates of a new message within the batch are linked to it once it is stored.
  const aliases = keyed.filter(
    ({ meta, key }) => !known.has(key) && firstUidOfKey.get(key)?.uid !== meta.uid,
  );
  return {
    uids,
    maxUid: last,
    fresh: await classifyMessages(ctx, prepared),
    links,
    aliases: aliases.map(({ meta, key }) => ({ uid: meta.uid, dedupeKey: key })),
    toTrash: ctx.role === 'trash' || ctx.role === 'junk' ? links.map((l) => l.emailId) : [],
  };
}

/** The database half: stores the batch and moves the cursor to its end in the same commit. */
export async function commitBatch(ctx: BatchContext, batch: GatheredBatch): Promise<BatchResult> {
  const { env } = ctx;
  const { uids, ...write } = batch;
  const attempt = () =>
    env.db.transaction(async (tx) => {
      const result = await writeBatch(tx, { ...write, accountId: ctx.account.id, folder: ctx.folder });
      await env.options.beforeCommit?.(uids, tx);
      return result;
    });
  // Rolled back when another writer stored one of its messages meanwhile; the next try links to it.
  const { inserted } = await attempt().catch((err: unknown) => {
    if (err instanceof ConcurrentInsertError) return attempt();
    throw err;
  });
  // Delivery failure reports of task emails, read while the batch was parsed, fail their recipients (never throws).
  await recordBounces(
    env,
    ctx.account.id,
    inserted.map((i) => i.email),
  );
  return {
    inserted: inserted.length,
    newInbox: inserted
      .filter((i) => i.email.folder === 'inbox')
      .map((i) => ({ id: i.id, folder: i.email.folder })),
  };
}
