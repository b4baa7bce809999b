import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { emails } from '../../src/db/schema';

/** The stored row of an email, for states the API does not show (dedupe key, …). */
export async function emailRow(db: Db, id: number) {
  const [row] = await db.select().from(emails).where(eq(emails.id, id));
  if (!row) throw new Error(`no email ${id}`);
  return row;
}

/** Waits (up to `ms`) until the email has the send status, and answers its row. */
export async function waitForStatus(db: Db, id: number, status: string, ms = 20_000) {
  const until = Date.now() + ms;
  for (;;) {
    const row = await emailRow(db, id);
    if (row.sendStatus === status) return row;
    if (Date.now() > until) throw new Error(`email ${id} never became ${status}: ${row.sendStatus}`);
    await sleep(100);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
