import { and, count, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, emailAttachments, emails } from '../src/db/schema';
import { multipartFile } from './multipart';
import {
  as,
  CALLERS,
  type Caller,
  expectOutcome,
  mailIn,
  PLACES,
  type Place,
  readsMail,
  type SalesBed,
  salesBed,
} from './sales-kit';

/**
 * Mail and inquiries for the sales role (issue 32): every operation on one email × every caller ×
 * the email's account (hers, shared with a colleague, a colleague's), then the lists, counts and
 * lookups. The last test fails when a mail or inquiry route is added without a row here.
 */
let bed: SalesBed;
let fileId: number;
beforeAll(async () => {
  bed = await salesBed();
  const { payload, headers } = multipartFile('offer.pdf', Buffer.from('%PDF-1.4 offer'));
  const res = await bed.t.app.inject({
    method: 'POST',
    url: '/api/file/upload/',
    headers: { ...headers, 'x-token': bed.t.adminToken },
    payload,
  });
  fileId = res.json().data.id;
});

type Api = ReturnType<typeof as>;
type Res = Awaited<ReturnType<Api['get']>>;
/** What the draft rule admits (compose, drafts, sending): the users of an enabled account, and the admin. */
const usesAccount = (caller: Caller, place: Place) =>
  readsMail(caller, place) || (caller === 'editor' && place === 'mine');

type Op = {
  setup?: Partial<typeof emails.$inferInsert>;
  run: (api: Api, id: number) => Promise<Res>;
  allowed?: (caller: Caller, place: Place) => boolean;
  /** The answer to an allowed caller when it is not 200 (a rule further on that every caller meets). */
  allowedStatus?: number;
  /** Allowed callers are not run: the work needs the job queue (covered by test/mail/*). */
  refusalsOnly?: boolean;
};
const draft = { folder: 'drafts', direction: 'out', isRead: true } as const;
const inquiry = { type: 'inquiry' } as const;
const ops: Record<string, Op> = {
  'GET /api/email/detail/': { run: (a, id) => a.get('/api/email/detail/', { id }) },
  'POST /api/email/mark_read/': {
    run: (a, id) => a.post('/api/email/mark_read/', { ids: [id], read: true }),
  },
  'POST /api/email/change_type/': {
    run: (a, id) => a.post('/api/email/change_type/', { ids: [id], type: 'quotation' }),
  },
  'POST /api/email/update_status/': {
    run: (a, id) => a.post('/api/email/update_status/', { ids: [id], status: 'handled' }),
  },
  'POST /api/email/update_handler/': {
    run: (a, id) => a.post('/api/email/update_handler/', { ids: [id], handler_id: null }),
  },
  'POST /api/email/trash/': { run: (a, id) => a.post('/api/email/trash/', { ids: [id] }) },
  'POST /api/email/restore/': {
    setup: { folder: 'trash', previousFolder: 'inbox' },
    run: (a, id) => a.post('/api/email/restore/', { ids: [id] }),
  },
  'POST /api/email/delete/': { run: (a, id) => a.post('/api/email/delete/', { ids: [id] }) },
  'GET /api/email/compose/': {
    run: (a, id) => a.get('/api/email/compose/', { mode: 'reply', id }),
    allowed: usesAccount,
  },
  'GET /api/email/draft/': {
    setup: draft,
    run: (a, id) => a.get('/api/email/draft/', { id }),
    allowed: usesAccount,
  },
  'POST /api/email/save_draft/': {
    setup: draft,
    run: (a, id) => a.post('/api/email/save_draft/', { id, subject: 'Offer' }),
    allowed: usesAccount,
  },
  'POST /api/email/send_email/': {
    setup: draft, // no recipient: an admitted caller meets that rule next
    run: (a, id) => a.post('/api/email/send_email/', { id }),
    allowed: usesAccount,
    allowedStatus: 400,
  },
  'POST /api/email/cancel_send/': {
    setup: draft,
    run: (a, id) => a.post('/api/email/cancel_send/', { id }),
    allowed: usesAccount,
  },
  'POST /api/email/retry_send/': {
    setup: { folder: 'outbox', direction: 'out', sendStatus: 'failed' },
    run: (a, id) => a.post('/api/email/retry_send/', { ids: [id] }),
    allowed: usesAccount,
    refusalsOnly: true,
  },
  'GET /api/file/download/ (an attachment)': {
    run: (a) => a.get('/api/file/download/', { id: fileId }),
  },
  'POST /api/inquiry/update_state/': {
    setup: inquiry,
    run: (a, id) => a.post('/api/inquiry/update_state/', { ids: [id], state: 'quoted' }),
  },
  'POST /api/inquiry/customer/': {
    setup: inquiry,
    run: (a, id) => a.post('/api/inquiry/customer/', { email_id: id }),
  },
};

const cases = Object.entries(ops).flatMap(([route, op]) =>
  CALLERS.flatMap((caller) =>
    PLACES.map((place) => ({ route, caller, place, allowed: (op.allowed ?? readsMail)(caller, place) })),
  ),
);

describe('one email, every caller, every account', () => {
  it.each(cases)(
    '$route by $caller on $place mail: allowed $allowed',
    async ({ route, caller, place, allowed }) => {
      const op = ops[route]!;
      if (allowed && op.refusalsOnly) return;
      const id = await mailIn(bed, place, { createdBy: bed.ids.owner, ...op.setup });
      if (route.startsWith('GET /api/file/download/')) {
        // The file is held by this email alone: its readers are the email's.
        await bed.t.database.db.delete(emailAttachments).where(eq(emailAttachments.fileId, fileId));
        await bed.t.database.db
          .insert(emailAttachments)
          .values({ emailId: id, fileId, name: 'offer.pdf', size: 14, mime: 'application/pdf' });
      }
      const res = await op.run(as(bed, caller), id);
      if (allowed && op.allowedStatus) expect(res.status, JSON.stringify(res.body)).toBe(op.allowedStatus);
      else expectOutcome(res, allowed, caller);
    },
  );
});

describe('lists, counts and lookups', () => {
  let ids: Record<Place, number>;
  beforeAll(async () => {
    ids = {
      mine: await mailIn(bed, 'mine', { subject: 'Zebra mine', type: 'inquiry' }),
      shared: await mailIn(bed, 'shared', { subject: 'Zebra shared', type: 'inquiry' }),
      other: await mailIn(bed, 'other', { subject: 'Zebra other', type: 'inquiry' }),
    };
  });
  const listed = async (caller: Caller, query: Record<string, string | number> = {}) => {
    const res = await as(bed, caller).get('/api/email/list/', { folder: 'inbox', q: 'zebra', ...query });
    return res.status === 200
      ? (res.body.data.items as { id: number }[]).map((i) => i.id).sort()
      : res.status;
  };

  it('folder lists: each salesperson her accounts; an account filter of another finds nothing', async () => {
    expect(await listed('admin')).toEqual([ids.mine, ids.shared, ids.other].sort());
    expect(await listed('owner')).toEqual([ids.mine, ids.shared].sort());
    expect(await listed('sharer')).toEqual([ids.shared, ids.other].sort());
    expect(await listed('stranger')).toEqual([]);
    expect(await listed('editor')).toBe(403);
    expect(await listed('owner', { account_id: bed.accounts.other })).toEqual([]);
    expect(await listed('owner', { account_id: bed.accounts.shared })).toEqual([ids.shared]);
    for (const folder of ['outbox', 'drafts', 'inquiry', 'quotation', 'trash']) {
      const res = await as(bed, 'owner').get('/api/email/list/', { folder, page_size: 100 });
      const accounts = new Set((res.body.data.items as { account_id: number }[]).map((i) => i.account_id));
      expect(accounts.has(bed.accounts.other), folder).toBe(false);
    }
  });

  it('the inquiry list: her accounts only', async () => {
    const inquiries = async (caller: Caller) =>
      (
        (await as(bed, caller).get('/api/inquiry/list/', { q: 'zebra' })).body.data.items as {
          email_id: number;
        }[]
      )
        .map((i) => i.email_id)
        .sort();
    expect(await inquiries('owner')).toEqual([ids.mine, ids.shared].sort());
    expect(await inquiries('sharer')).toEqual([ids.shared, ids.other].sort());
    expect(await inquiries('stranger')).toEqual([]);
  });

  it('unread counts her accounts', async () => {
    const unread = async (caller: Caller) =>
      (await as(bed, caller).get('/api/email/unread/')).body.data.count;
    const [mine, shared, other] = await Promise.all(
      PLACES.map(async (place) => {
        const [row] = await bed.t.database.db
          .select({ n: count() })
          .from(emails)
          .where(
            and(
              eq(emails.accountId, bed.accounts[place]),
              eq(emails.folder, 'inbox'),
              eq(emails.isRead, false),
              isNull(emails.deletedAt),
            ),
          );
        return row!.n;
      }),
    );
    expect(await unread('admin')).toBe(mine! + shared! + other!);
    expect(await unread('owner')).toBe(mine! + shared!);
    expect(await unread('sharer')).toBe(shared! + other!);
    expect(await unread('stranger')).toBe(0);
  });

  it('her mail accounts without server settings; another account is 403 like a missing one', async () => {
    const mine = await as(bed, 'owner').get('/api/email/get_email_account_detail/');
    expect((mine.body.data as { id: number }[]).map((a) => a.id)).toEqual([
      bed.accounts.mine,
      bed.accounts.shared,
    ]);
    expect(mine.body.data[0]).toMatchObject({ imap_host: '', smtp_host: '', imap_user: '' });
    const other = await as(bed, 'owner').get('/api/email/get_email_account_detail/', {
      id: bed.accounts.other,
    });
    expectOutcome(other, false, 'owner');
    expectOutcome(
      await as(bed, 'owner').get('/api/email/get_email_account_detail/', { id: 999_999 }),
      false,
      'owner',
    );
    const admin = await as(bed, 'admin').get('/api/email/get_email_account_detail/', {
      id: bed.accounts.other,
    });
    expect(admin.body.data.imap_host).toBe('127.0.0.1');
    expectOutcome(await as(bed, 'editor').get('/api/email/get_email_account_detail/'), false, 'editor');
  });

  it('address completion: her customers and the pool, addresses of her mail', async () => {
    const found = async (caller: Caller, q: string) =>
      (
        (await as(bed, caller).get('/api/email/match_address/', { q })).body.data as { address: string }[]
      ).map((m) => m.address);
    expect(await found('owner', 'anna@')).toEqual(['anna@lilys-buyer.test']);
    expect(await found('owner', 'paul@')).toEqual(['paul@pool-buyer.test']);
    expect(await found('owner', 'omar@')).toEqual([]);
    expect(await found('sharer', 'omar@')).toEqual(['omar@toms-buyer.test']);
    const otherSender = (await bed.t.database.db.select().from(emails).where(eq(emails.id, ids.other)))[0]!;
    expect(await found('owner', otherSender.fromAddress)).toEqual([]);
    expect(await found('admin', otherSender.fromAddress)).toEqual([otherSender.fromAddress]);
  });

  it("history: a pool or own customer's mail whatever the account; another salesperson's customer is 403", async () => {
    const poolMail = await mailIn(bed, 'other', {
      customerId: bed.customers.pool,
      fromAddress: 'paul@pool-buyer.test',
    });
    const history = (caller: Caller, query: Record<string, string | number>) =>
      as(bed, caller).get('/api/email/history/', query);
    const pool = await history('owner', { customer_id: bed.customers.pool });
    expect((pool.body.data.items as { id: number }[]).map((i) => i.id)).toContain(poolMail);
    expectOutcome(await history('owner', { customer_id: bed.customers.tom }), false, 'owner');
    expectOutcome(await history('sharer', { customer_id: bed.customers.tom }), true, 'sharer');
    const stranger = await mailIn(bed, 'other', { fromAddress: 'someone@else.test' });
    const bare = await history('owner', { address: 'someone@else.test' });
    expect(bare.body.data.items).toEqual([]);
    const tom = await history('sharer', { address: 'someone@else.test' });
    expect((tom.body.data.items as { id: number }[]).map((i) => i.id)).toEqual([stranger]);
  });

  it("hides another salesperson's customer on mail she reads; refuses to make it hers from an inquiry", async () => {
    const id = await mailIn(bed, 'shared', {
      type: 'inquiry',
      fromAddress: 'omar@toms-buyer.test',
      customerId: bed.customers.tom,
    });
    const lily = await as(bed, 'owner').get('/api/email/detail/', { id });
    expect([lily.body.data.customer_id, lily.body.data.customer]).toEqual([null, null]);
    const tom = await as(bed, 'sharer').get('/api/email/detail/', { id });
    expect(tom.body.data.customer_id).toBe(bed.customers.tom);
    const made = await as(bed, 'owner').post('/api/inquiry/customer/', { email_id: id });
    expect([made.status, made.body.code]).toEqual([409, 'CONFLICT']);
    expect(made.body.msg).toContain('tom');
  });

  it('an inquiry turned into a customer makes her the owner, also of a pool customer', async () => {
    const id = await mailIn(bed, 'shared', { type: 'inquiry', fromAddress: 'new@buyer.test' });
    const made = await as(bed, 'sharer').post('/api/inquiry/customer/', { email_id: id });
    expect(made.body.data.created).toBe(true);
    const [row] = await bed.t.database.db
      .select({ ownerId: customers.ownerId })
      .from(customers)
      .where(eq(customers.id, made.body.data.customer_id));
    expect(row!.ownerId).toBe(bed.ids.sharer);
    // A sender already in the pool: the inquiry claims that customer for her, linked to the mail.
    const [pool] = await bed.t.database.db
      .insert(customers)
      .values({ name: 'Pia', email: 'pia@pool.test' })
      .returning({ id: customers.id });
    const fromPool = await mailIn(bed, 'shared', { type: 'inquiry', fromAddress: 'pia@pool.test' });
    const claimed = await as(bed, 'owner').post('/api/inquiry/customer/', { email_id: fromPool });
    expect(claimed.body.data).toEqual({ customer_id: pool!.id, created: false });
    const [after] = await bed.t.database.db
      .select({ ownerId: customers.ownerId })
      .from(customers)
      .where(eq(customers.id, pool!.id));
    expect(after!.ownerId).toBe(bed.ids.owner);
    const [linked] = await bed.t.database.db
      .select({ customerId: emails.customerId })
      .from(emails)
      .where(eq(emails.id, fromPool));
    expect(linked!.customerId).toBe(pool!.id);
  });
});

/** Where each mail and inquiry route is covered; a new route fails here until it has its row. */
const COVERED: Record<string, string> = {
  ...Object.fromEntries(Object.keys(ops).map((k) => [k.split(' (')[0]!, 'one email, every caller'])),
  'GET /api/email/list/': 'folder lists',
  'GET /api/email/unread/': 'unread counts',
  'GET /api/email/history/': 'history',
  'GET /api/email/get_send_account/': 'sales-work.test.ts: send accounts',
  'GET /api/email/match_address/': 'address completion',
  'GET /api/email/get_email_account_detail/': 'her mail accounts',
  'GET /api/inquiry/list/': 'the inquiry list',
  // Admin only (role-matrix.test.ts refuses every other role): mail accounts, blacklist, IP lookups.
  'POST /api/email/update_email_account/': 'admin only',
  'POST /api/email/test_email_account/': 'admin only',
  'GET /api/email/black_list/': 'admin only',
  'POST /api/email/add_black_list/': 'admin only',
  'POST /api/email/remove_black_list/': 'admin only',
  'GET /api/get_ip_info/': 'admin only',
};

it('covers every mail and inquiry route', () => {
  const routes = bed.t.app.apiRoutes
    .filter((r) => /^\/api\/(email|inquiry)\/|^\/api\/get_ip_info\//.test(r.url))
    .map((r) => `${r.method} ${r.url}`);
  expect(routes.filter((r) => !(r in COVERED))).toEqual([]);
  for (const [route, where] of Object.entries(COVERED))
    if (where === 'admin only')
      expect(bed.t.app.apiRoutes.find((r) => `${r.method} ${r.url}` === route)?.access, route).toEqual([
        'admin',
      ]);
});
