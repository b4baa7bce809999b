import { and, eq, inArray, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../src/db/schema';
import type { LiveEvent } from '../src/lib/events';
import { publishNewMail, publishUnread } from '../src/modules/email/unread';
import { announceTask } from '../src/modules/tasks/service';
import {
  as,
  CALLERS,
  type Caller,
  expectOutcome,
  mailIn,
  PLACES,
  type Place,
  type SalesBed,
  salesBed,
  taskIn,
} from './sales-kit';

/**
 * Campaigns, the dashboard, search and live events for the sales role (issue 32): every task
 * operation × every caller × lily's task on her account, lily's on the shared info@, tom's on his;
 * then each figure, hit and event against the rows made here. The last test fails when a task,
 * dashboard, search or events route is added without a row.
 */
let bed: SalesBed;
beforeAll(async () => {
  bed = await salesBed();
});

/** A task is its author's (a salesperson), the admin's, or an editor's on its account (spec §6 rule). */
const worksTask = (caller: Caller, place: Place) =>
  caller === 'admin' ||
  (caller === 'owner' && place !== 'other') ||
  (caller === 'sharer' && place === 'other') ||
  (caller === 'editor' && place === 'mine');

type Api = ReturnType<typeof as>;
type Op = {
  run: (api: Api, id: number) => ReturnType<Api['get']>;
  /** The answer to an allowed caller when it is not 200 (the draft task's state). */
  allowedStatus?: number;
  /** Allowed callers are not run: it talks to a mail server (tasks-create.test.ts). */
  refusalsOnly?: boolean;
};
const ops: Record<string, Op> = {
  'GET /api/task/detail/': { run: (a, id) => a.get('/api/task/detail/', { id }) },
  'POST /api/task/update/': { run: (a, id) => a.post('/api/task/update/', { id, name: 'Renamed' }) },
  'GET /api/task/recipients/': { run: (a, id) => a.get('/api/task/recipients/', { id }) },
  'GET /api/task/export/': { run: (a, id) => a.get('/api/task/export/', { id }) },
  'POST /api/task/start/': { run: (a, id) => a.post('/api/task/start/', { id }) },
  'POST /api/task/resume/': { run: (a, id) => a.post('/api/task/resume/', { id }) },
  'POST /api/task/pause/': { run: (a, id) => a.post('/api/task/pause/', { id }), allowedStatus: 409 },
  'POST /api/task/retry/': { run: (a, id) => a.post('/api/task/retry/', { id }), allowedStatus: 409 },
  'POST /api/task/cancel/': { run: (a, id) => a.post('/api/task/cancel/', { id }) },
  'POST /api/task/delete/': { run: (a, id) => a.post('/api/task/delete/', { ids: [id] }) },
  'POST /api/task/test_send/': {
    run: (a, id) => a.post('/api/task/test_send/', { id }),
    refusalsOnly: true,
  },
};
const cases = Object.keys(ops).flatMap((route) =>
  CALLERS.flatMap((caller) =>
    PLACES.map((place) => ({ route, caller, place, allowed: worksTask(caller, place) })),
  ),
);

describe('one task, every caller', () => {
  it.each(cases)(
    '$route by $caller on the task of $place: allowed $allowed',
    async ({ route, caller, place, allowed }) => {
      const op = ops[route]!;
      if (allowed && op.refusalsOnly) return;
      const res = await op.run(as(bed, caller), await taskIn(bed, place));
      if (allowed && op.allowedStatus) expect(res.status, JSON.stringify(res.body)).toBe(op.allowedStatus);
      else expectOutcome(res, allowed, caller);
    },
  );
});

describe('campaigns of a salesperson', () => {
  it('lists her own tasks, not those of a colleague on a shared account', async () => {
    const list = async (caller: Caller) => {
      const res = await as(bed, caller).get('/api/task/list/', { page_size: 100 });
      if (res.status !== 200) return res.status;
      return {
        total: res.body.data.total as number,
        ids: (res.body.data.items as { id: number }[]).map((i) => i.id),
      };
    };
    const madeBy = async (userId: number) =>
      (
        await bed.t.database.db
          .select({ id: tasks.id })
          .from(tasks)
          .where(and(eq(tasks.createdBy, userId), isNull(tasks.deletedAt)))
      ).map((r) => r.id);
    for (const caller of ['owner', 'sharer'] as const) {
      const theirs = await madeBy(bed.ids[caller]);
      const listed = (await list(caller)) as { total: number; ids: number[] };
      expect(listed.total).toBe(theirs.length);
      expect(listed.ids.filter((id) => !theirs.includes(id))).toEqual([]);
    }
    const all = (await madeBy(bed.ids.owner)).length + (await madeBy(bed.ids.sharer)).length;
    expect(((await list('admin')) as { total: number }).total).toBe(all);
    expect(await list('stranger')).toEqual({ total: 0, ids: [] });
    expect(await list('editor')).toBe(403);
  });

  it('sends from her accounts to her customers, the pool and pasted addresses, never a colleague’s customer', async () => {
    const lily = as(bed, 'owner');
    const counted = await lily.post('/api/task/count/', {
      addresses: ['anna@lilys-buyer.test', 'paul@pool-buyer.test', 'x@new.test'],
    });
    expect(counted.body.data.sendable).toBe(3);
    const foreign = await lily.post('/api/task/count/', { addresses: ['omar@toms-buyer.test'] });
    expect([foreign.status, foreign.body.details?.[0]?.field]).toEqual([400, 'addresses']);
    expect(foreign.body.msg).toContain('tom');
    // The customer list's filter finds only hers and the pool's, whatever owner it names.
    const filtered = await lily.post('/api/task/count/', { customer_filter: { owner: bed.ids.sharer } });
    expect(filtered.body.data.sendable).toBe(0);
    const everyone = await lily.post('/api/task/count/', { customer_filter: {} });
    expect(everyone.body.data.sendable).toBe(2);
    const task = {
      name: 'Spring',
      subject: 'Hi',
      html: '<p>Hi</p>',
      type: 'fixed',
      addresses: ['x@new.test'],
    };
    expect((await lily.post('/api/task/create/', { ...task, account_id: bed.accounts.shared })).status).toBe(
      200,
    );
    const other = await lily.post('/api/task/create/', { ...task, account_id: bed.accounts.other });
    expectOutcome(other, false, 'owner');
    // Merge fields of a colleague's customer stay empty in her preview.
    const preview = await lily.post('/api/task/preview/', {
      subject: '{{name|nobody}}',
      html: '',
      address: 'omar@toms-buyer.test',
    });
    expect(preview.body.data.subject).toBe('nobody');
    const own = await lily.post('/api/task/preview/', {
      subject: '{{name|nobody}}',
      html: '',
      address: 'anna@lilys-buyer.test',
    });
    expect(own.body.data.subject).toBe('anna');
  });

  it('answers the accounts she may send from', async () => {
    const accounts = async (caller: Caller) =>
      ((await as(bed, caller).get('/api/email/get_send_account/')).body.data as { id: number }[]).map(
        (a) => a.id,
      );
    expect(await accounts('owner')).toEqual([bed.accounts.mine, bed.accounts.shared]);
    expect(await accounts('sharer')).toEqual([bed.accounts.shared, bed.accounts.other]);
    expect(await accounts('stranger')).toEqual([]);
  });
});

describe('dashboard, search and events', () => {
  const today = new Date().toISOString().slice(0, 10);
  let running: Record<Place, number>;
  beforeAll(async () => {
    for (const place of PLACES) {
      await mailIn(bed, place, { status: 'follow_up', subject: `Quokka ${place}`, isRead: false });
      await mailIn(bed, place, { type: 'inquiry', subject: `Quokka inquiry ${place}` });
      await mailIn(bed, place, {
        folder: 'outbox',
        direction: 'out',
        sendStatus: 'failed',
        createdBy: bed.ids.owner,
      });
    }
    running = {
      mine: await taskIn(bed, 'mine'),
      shared: await taskIn(bed, 'shared'),
      other: await taskIn(bed, 'other'),
    };
    await bed.t.database.db
      .update(tasks)
      .set({ status: 'running' })
      .where(inArray(tasks.id, Object.values(running)));
  });

  it('every figure of the summary is hers', async () => {
    const summary = async (caller: Caller) =>
      (await as(bed, caller).get('/api/dashboard/summary/', { from: today, to: today })).body.data;
    const admin = await summary('admin');
    const lily = await summary('owner');
    const nina = await summary('stranger');
    expect(admin.todo.follow_ups).toBe(3);
    expect(lily.todo.follow_ups).toBe(2);
    expect(nina.todo.follow_ups).toBe(0);
    expect([admin.todo.failed_sends, lily.todo.failed_sends, nina.todo.failed_sends]).toEqual([3, 2, 0]);
    expect([admin.inquiries.count, lily.inquiries.count, nina.inquiries.count]).toEqual([3, 2, 0]);
    expect([admin.running_tasks.count, lily.running_tasks.count, nina.running_tasks.count]).toEqual([
      3, 2, 0,
    ]);
    expect((await summary('sharer')).running_tasks.count).toBe(1);
    const unread = (await as(bed, 'owner').get('/api/email/unread/')).body.data.count;
    expect(lily.unread_mail).toBe(unread);
    // The admin narrows to one salesperson; a salesperson may not name another.
    const narrowed = await as(bed, 'admin').get('/api/dashboard/summary/', {
      from: today,
      to: today,
      owner_id: bed.ids.owner,
    });
    expect(narrowed.body.data.running_tasks.count).toBe(2);
    expectOutcome(
      await as(bed, 'owner').get('/api/dashboard/summary/', {
        from: today,
        to: today,
        owner_id: bed.ids.sharer,
      }),
      false,
      'owner',
    );
  });

  it('charts count her mail', async () => {
    const charts = async (caller: Caller) =>
      (await as(bed, caller).get('/api/dashboard/charts/', { from: today, to: today })).body.data;
    const received = (c: { emails: { received: number }[] }) => c.emails.reduce((n, d) => n + d.received, 0);
    const inquiries = (c: { inquiries: { days: { count: number }[] } }) =>
      c.inquiries.days.reduce((n, d) => n + d.count, 0);
    const [admin, lily, nina] = [await charts('admin'), await charts('owner'), await charts('stranger')];
    expect(received(lily)).toBeGreaterThan(0);
    expect(received(nina)).toBe(0);
    expect(received(admin)).toBeGreaterThan(received(lily));
    expect([inquiries(admin), inquiries(lily), inquiries(nina)]).toEqual([3, 2, 0]);
    expect(lily.funnel.inquiries).toBe(2);
  });

  it('search finds only what she may open', async () => {
    const hits = async (caller: Caller, q: string) => {
      const groups = (await as(bed, caller).get('/api/search/', { q })).body.data.groups as {
        kind: string;
        items: { title: string }[];
      }[];
      return Object.fromEntries(groups.map((g) => [g.kind, g.items.map((i) => i.title).sort()]));
    };
    expect((await hits('owner', 'Quokka')).email).toEqual(['Quokka mine', 'Quokka shared']);
    expect((await hits('owner', 'Quokka')).inquiry).toEqual(['Quokka inquiry mine', 'Quokka inquiry shared']);
    expect((await hits('admin', 'Quokka')).email).toHaveLength(3);
    expect(await hits('stranger', 'Quokka')).toEqual({});
    expect((await hits('owner', 'buyer.test')).customer).toEqual(['lilys-buyer.test', 'pool-buyer.test']);
    expect((await hits('sharer', 'buyer.test')).customer).toEqual(['pool-buyer.test', 'toms-buyer.test']);
  });

  it('live events reach only who may open the record', async () => {
    const seen: Record<Caller, LiveEvent[]> = {
      admin: [],
      owner: [],
      sharer: [],
      stranger: [],
      editor: [],
      none: [],
    };
    const stops = (Object.keys(bed.ids) as Exclude<Caller, 'none'>[]).map((who) =>
      bed.t.app.ctx.events.subscribe(bed.ids[who], (e) => seen[who].push(e)),
    );
    try {
      const { db, events } = bed.t.app.ctx;
      await publishNewMail(db, events, bed.accounts.other, [{ id: 1, folder: 'inbox' }]);
      await announceTask(bed.t.app.ctx, running.other);
      await announceTask(bed.t.app.ctx, running.mine);
      await publishUnread(db, events);
      const kinds = (who: Caller) => seen[who].map((e) => `${e.type}:${'id' in e.data ? e.data.id : ''}`);
      expect(kinds('admin')).toEqual(['email:1', `task:${running.other}`, `task:${running.mine}`, 'unread:']);
      expect(kinds('sharer')).toEqual(['email:1', `task:${running.other}`, 'unread:']);
      expect(kinds('owner')).toEqual([`task:${running.mine}`, 'unread:']);
      expect(kinds('stranger')).toEqual(['unread:']);
      // The editor hears her account's task (she may open it) but no mail.
      expect(kinds('editor')).toEqual([`task:${running.mine}`, 'unread:']);
      const unread = seen.owner.find((e) => e.type === 'unread');
      expect(unread?.data).toEqual({
        count: (await as(bed, 'owner').get('/api/email/unread/')).body.data.count,
      });
    } finally {
      for (const stop of stops) stop();
    }
  });
});

/** Where each task, dashboard, search and events route is covered; a new one fails until it has its row. */
const COVERED: Record<string, string> = {
  ...Object.fromEntries(Object.keys(ops).map((k) => [k, 'one task, every caller'])),
  'GET /api/task/list/': 'lists her own tasks',
  'POST /api/task/create/': 'sends from her accounts',
  'POST /api/task/count/': 'sends from her accounts',
  'POST /api/task/preview/': 'sends from her accounts',
  'GET /api/dashboard/summary/': 'every figure of the summary',
  'GET /api/dashboard/charts/': 'charts count her mail',
  'GET /api/search/': 'search finds only what she may open',
  'GET /api/events/': 'live events (events.test.ts: the stream itself)',
  // Admin only (role-matrix.test.ts refuses every other role).
  'GET /api/task/daily_cap/': 'admin only',
  'POST /api/task/set_daily_cap/': 'admin only',
  // Reached from a campaign's emails without signing in, keyed by an unguessable token.
  'GET /api/task/open/': 'public',
  'GET /api/task/unsubscribe/': 'public',
  'POST /api/task/unsubscribe/': 'public',
};

it('covers every task, dashboard, search and events route', () => {
  const routes = bed.t.app.apiRoutes
    .filter((r) => /^\/api\/(task|dashboard|search|events)\//.test(r.url))
    .map((r) => `${r.method} ${r.url}`);
  expect(routes.filter((r) => !(r in COVERED))).toEqual([]);
  for (const [route, where] of Object.entries(COVERED)) {
    const access = bed.t.app.apiRoutes.find((r) => `${r.method} ${r.url}` === route)?.access;
    if (where === 'admin only') expect(access, route).toEqual(['admin']);
    if (where === 'public') expect(access, route).toBe('public');
  }
});
