import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import type { LiveEvent } from '../../src/lib/events';
import { plain } from './messages';
import { type MailTestbed, mailTestbed } from './setup';

let bed: MailTestbed;
let account: { id: number; address: string };

afterAll(() => bed?.dovecot.stop());
beforeAll(async () => {
  bed = await mailTestbed({ sync: { batchSize: 20, progressEveryMs: 0 } });
  await bed.t.userToken(['editor'], 'progress_assigned');
  await bed.t.userToken(['editor'], 'progress_stranger');
  account = await bed.account('progress', { user_ids: [await userId('progress_assigned')] });
});

async function userId(username: string): Promise<number> {
  const [row] = await bed.t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username));
  return row!.id;
}

/** The `sync` events each of the given users receives while `run` runs. */
async function syncEventsDuring(people: number[], run: () => Promise<unknown>) {
  const seen = new Map<number, Extract<LiveEvent, { type: 'sync' }>['data'][]>();
  const offs = people.map((id) => {
    seen.set(id, []);
    return bed.t.app.ctx.events.subscribe(id, (e) => {
      if (e.type === 'sync') seen.get(id)!.push(e.data);
    });
  });
  try {
    await run();
  } finally {
    for (const off of offs) off();
  }
  return seen;
}

async function deliver(count: number, tag: string) {
  const client = await bed.dovecot.client(account.address);
  for (let i = 0; i < count; i++)
    await client.append('INBOX', plain({ to: account.address, subject: `${tag} ${i}` }));
  await client.logout();
}

describe('progress of a big sync', () => {
  it('tells admins and the account’s users how far it has come, and ends with done = total', async () => {
    const [admin, assigned, stranger] = await Promise.all(
      ['admin', 'progress_assigned', 'progress_stranger'].map(userId),
    );
    await deliver(65, 'Big');

    const seen = await syncEventsDuring([admin!, assigned!, stranger!], () => bed.sync(account.id));

    const events = seen.get(admin!)!;
    expect(events.every((e) => e.account_id === account.id && e.total === 65)).toBe(true);
    // One per committed batch of 20 (the test sends without delay), then the end.
    expect(events.map((e) => e.done)).toEqual([20, 40, 60, 65, 65]);
    expect(seen.get(assigned!)).toEqual(events);
    expect(seen.get(stranger!)).toEqual([]);
  });

  it('says nothing for the everyday sync of a batch or less', async () => {
    const admin = await userId('admin');
    await deliver(3, 'Small');
    const seen = await syncEventsDuring([admin], () => bed.sync(account.id));
    expect(seen.get(admin)).toEqual([]);
    const idle = await syncEventsDuring([admin], () => bed.sync(account.id));
    expect(idle.get(admin)).toEqual([]);
  });
});
