import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AnyBody, call } from './helpers';
import {
  buildWorld,
  CALLERS,
  type Caller,
  CLASSES,
  type Cls,
  type Doc,
  type Kind,
  type World,
  workbookText,
} from './sales-documents-fixtures';

/**
 * Who may do what with documents (issue 32; docs/decisions/who-sees-what.md): every
 * document operation × {admin, lily (sales, the owner), tom (another salesperson), an editor, no
 * token} × {lily's own record, tom's record, a record the admin made for lily's customer, one the
 * admin made for a pool customer (only its owner and the admin read it)}. A list or
 * export "allows" a record when the record is in it. A new document route without a row here fails
 * the first test.
 */
type Outcome = 'allow' | 'deny' | 'auth';
type Expect = Record<Caller, Record<Cls, Outcome>>;
type Res = { status: number; body: AnyBody; raw: { rawPayload: Buffer } };
type Op = {
  route: string;
  label?: string;
  expect: Expect;
  run(caller: Caller, cls: Cls): Promise<Outcome | string>;
};

const row = (own: Outcome, others: Outcome, herCustomer: Outcome, pool: Outcome) => ({
  own,
  others,
  herCustomer,
  pool,
});
const ALL = row('allow', 'allow', 'allow', 'allow');
const NONE = row('deny', 'deny', 'deny', 'deny');
const AUTH = row('auth', 'auth', 'auth', 'auth');
/** The document rule: hers (owner) or her customer's. */
const READ: Expect = {
  admin: ALL,
  salesOwner: row('allow', 'deny', 'allow', 'deny'),
  salesOther: row('deny', 'allow', 'deny', 'deny'),
  editor: NONE,
  noToken: AUTH,
};
/** Deleting: only one's own drafts (the admin's document for her customer is not hers to delete). */
const OWN_ONLY: Expect = { ...READ, salesOwner: row('allow', 'deny', 'deny', 'deny') };
/** Quotation create stays open to an editor, for any customer (spec §2's createQuotation). */
const EDITOR_CREATES: Expect = { ...READ, editor: ALL };

let w: World;
beforeAll(async () => {
  w = await buildWorld();
}, 120_000);

const PATHS: Record<Kind, string> = {
  quotation: 'quotation',
  order: 'order',
  invoice: 'invoice',
  packing: 'packing_list',
};
const outcome = (res: Res): Outcome | string => {
  if (res.status === 200) return 'allow';
  if (res.status === 403 && res.body.code === 'FORBIDDEN') return 'deny';
  if (res.status === 403 && res.body.code === 'AUTH_REQUIRED') return 'auth';
  return `${res.status} ${res.body.code}: ${res.body.msg}`;
};
const get = (caller: Caller, url: string, query: Record<string, string | number>) =>
  call(w.t.app, 'GET', url, { token: w.tokens[caller], query });
const post = (caller: Caller, url: string, body: object) =>
  call(w.t.app, 'POST', url, { token: w.tokens[caller], body });
const doc = (kind: Kind, cls: Cls): Doc => w.docs[kind][cls];
/** The version a save must name: read by the admin, who reads every document. */
const versionOf = async (kind: Kind, id: number) =>
  (await get('admin', `/api/${PATHS[kind]}/detail/`, { id })).body.data.version as number;
const customerOf = (cls: Cls) =>
  ({ own: w.customers.lily, others: w.customers.tom, herCustomer: w.customers.lily, pool: w.customers.pool })[
    cls
  ];

/** A list or export read: 'allow' when the record is in what the caller got. */
const listed = async (res: Res, has: (res: Res) => boolean | Promise<boolean>) =>
  res.status === 200 ? ((await has(res)) ? 'allow' : 'deny') : outcome(res);

function readsOf(kind: Kind): Op[] {
  const base = `/api/${PATHS[kind]}`;
  const byId = (path: string, extra: Record<string, string | number> = {}): Op => ({
    route: `GET ${base}/${path}/`,
    expect: READ,
    run: async (caller, cls) =>
      outcome(await get(caller, `${base}/${path}/`, { id: doc(kind, cls).id, ...extra })),
  });
  const ops: Op[] = [
    {
      route: `GET ${base}/list/`,
      expect: READ,
      run: async (caller, cls) =>
        listed(await get(caller, `${base}/list/`, { q: doc(kind, cls).number }), (res) =>
          res.body.data.items.some((i: { id: number }) => i.id === doc(kind, cls).id),
        ),
    },
    {
      route: `GET ${base}/export/`,
      expect: READ,
      run: async (caller, cls) =>
        listed(await get(caller, `${base}/export/`, { q: doc(kind, cls).number }), async (res) =>
          (await workbookText(res.raw.rawPayload)).includes(doc(kind, cls).number),
        ),
    },
    byId('detail'),
    byId('pdf'),
    byId('history'),
    byId('diff', { from: 1, to: 1 }),
  ];
  if (kind !== 'order') ops.push(byId('xlsx'));
  if (kind !== 'packing')
    ops.push({
      route: 'GET /api/file/download/',
      label: `${kind} line picture`,
      expect: READ,
      run: async (caller, cls) =>
        outcome(await get(caller, '/api/file/download/', { id: doc(kind, cls).picture! })),
    });
  return ops;
}

function writesOf(kind: Kind): Op[] {
  const base = `/api/${PATHS[kind]}`;
  const update: Op = {
    route: `POST ${base}/update/`,
    expect: READ,
    run: async (caller, cls) => {
      const { id } = doc(kind, cls);
      return outcome(
        await post(caller, `${base}/update/`, { id, version: await versionOf(kind, id), remark: caller }),
      );
    },
  };
  const remove: Op = {
    route: `POST ${base}/delete/`,
    expect: OWN_ONLY,
    run: async (caller, cls) =>
      outcome(await post(caller, `${base}/delete/`, { ids: [(await w.make(kind, cls)).id] })),
  };
  if (kind === 'quotation' || kind === 'order') return [update, remove];
  const fromOrder: Op = {
    route: `POST ${base}/create_from_order/`,
    expect: READ,
    run: async (caller, cls) =>
      outcome(
        await post(caller, `${base}/create_from_order/`, {
          order_id: doc('order', cls).id,
          ...(kind === 'invoice' ? { kind: 'proforma' } : {}),
        }),
      ),
  };
  return [update, remove, fromOrder];
}

const quotationOps: Op[] = [
  {
    route: 'POST /api/quotation/create/',
    expect: EDITOR_CREATES,
    run: async (caller, cls) =>
      outcome(await post(caller, '/api/quotation/create/', { customer_id: customerOf(cls), items: [] })),
  },
  {
    route: 'POST /api/quotation/restore/',
    expect: READ,
    run: async (caller, cls) => {
      const { id } = doc('quotation', cls);
      const version = await versionOf('quotation', id);
      return outcome(await post(caller, '/api/quotation/restore/', { id, version, from_version: 1 }));
    },
  },
  {
    route: 'POST /api/quotation/send/',
    expect: READ,
    run: async (caller, cls) => {
      const account = { salesOwner: w.accounts.lily, salesOther: w.accounts.tom }[caller as 'salesOwner'];
      const body = { id: doc('quotation', cls).id, ...(account ? { account_id: account } : {}) };
      return outcome(await post(caller, '/api/quotation/send/', body));
    },
  },
  {
    route: 'GET /api/product/usage/',
    expect: READ,
    run: async (caller, cls) =>
      listed(await get(caller, '/api/product/usage/', { id: w.product }), (res) =>
        res.body.data.quotations.some((q: { id: number }) => q.id === doc('quotation', cls).id),
      ),
  },
];

const orderOps: Op[] = [
  {
    route: 'POST /api/order/create/',
    expect: READ,
    run: async (caller, cls) =>
      outcome(
        await post(caller, '/api/order/create/', {
          customer_id: customerOf(cls),
          items: [{ description: 'Kettle', quantity: '1', unit_price: '1' }],
        }),
      ),
  },
  {
    route: 'POST /api/order/create_from_quotation/',
    expect: READ,
    run: async (caller, cls) =>
      outcome(
        await post(caller, '/api/order/create_from_quotation/', {
          quotation_id: (await w.make('quotation', cls)).id,
        }),
      ),
  },
  {
    route: 'POST /api/order/set_status/',
    expect: READ,
    run: async (caller, cls) =>
      outcome(
        await post(caller, '/api/order/set_status/', { id: doc('order', cls).id, status: 'in_progress' }),
      ),
  },
  {
    route: 'POST /api/order/add_payment/',
    expect: READ,
    run: async (caller, cls) =>
      outcome(
        await post(caller, '/api/order/add_payment/', {
          order_id: doc('order', cls).id,
          date: '2026-03-01',
          amount: '1',
        }),
      ),
  },
  {
    route: 'POST /api/order/delete_payment/',
    expect: READ,
    run: async (caller, cls) => {
      const order_id = doc('order', cls).id;
      const paid = await post('admin', '/api/order/add_payment/', {
        order_id,
        date: '2026-03-01',
        amount: '2',
      });
      const payment_id = paid.body.data.payments.at(-1).id as number;
      return outcome(await post(caller, '/api/order/delete_payment/', { order_id, payment_id }));
    },
  },
];

const KINDS: Kind[] = ['quotation', 'order', 'invoice', 'packing'];
const ops: Op[] = [
  ...KINDS.flatMap((kind) => [...readsOf(kind), ...writesOf(kind)]),
  ...quotationOps,
  ...orderOps,
];
const DOCUMENT_ROUTE = /^\/api\/(quotation|order|invoice|packing_list)\/|^\/api\/product\/usage\/$/;

describe('sales documents: the table', () => {
  it('has a row for every document route of the app', () => {
    const routes = w.t.app.apiRoutes
      .filter((r) => DOCUMENT_ROUTE.test(r.url))
      .map((r) => `${r.method} ${r.url}`);
    const covered = new Set(ops.map((o) => o.route));
    expect([...new Set(routes)].sort()).toEqual(
      [...covered].filter((r) => r !== 'GET /api/file/download/').sort(),
    );
    expect(ops.filter((o) => o.route === 'GET /api/file/download/')).toHaveLength(3);
  });

  it.each(ops.map((op) => ({ name: op.label ?? op.route, op })))(
    '$name',
    async ({ op }) => {
      const seen = {} as Record<Caller, Record<Cls, Outcome | string>>;
      for (const caller of CALLERS) {
        seen[caller] = {} as Record<Cls, Outcome | string>;
        for (const cls of CLASSES) seen[caller][cls] = await op.run(caller, cls);
      }
      expect(seen).toEqual(op.expect);
    },
    60_000,
  );
});

describe('sales documents: the rule in detail', () => {
  it('answers a document outside her scope exactly like one that does not exist', async () => {
    for (const kind of KINDS) {
      const url = `/api/${PATHS[kind]}/detail/`;
      const theirs = await get('salesOwner', url, { id: doc(kind, 'others').id });
      const none = await get('salesOwner', url, { id: 999_999 });
      expect(theirs.status, kind).toBe(403);
      expect(none.body, kind).toEqual(theirs.body);
      // The admin sees everything: a missing one is simply not found.
      expect((await get('admin', url, { id: 999_999 })).status, kind).toBe(404);
    }
  });

  it('makes her the owner of what she creates, for her own customers only (a pool customer is claimed first)', async () => {
    const made = await post('salesOwner', '/api/quotation/create/', {
      customer_id: w.customers.lily,
      items: [],
    });
    expect(made.body.data.owner_id).toBe(w.userIds.lily);
    const order = await post('salesOwner', '/api/order/create_from_quotation/', {
      quotation_id: doc('quotation', 'herCustomer').id,
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect(order.body.data.owner_id).toBe(w.userIds.lily);
    const invoice = await post('salesOwner', '/api/invoice/create_from_order/', {
      order_id: doc('order', 'herCustomer').id,
      kind: 'commercial',
    });
    expect(invoice.body.data.owner_id).toBe(w.userIds.lily);
    for (const customer_id of [w.customers.pool, w.customers.tom, 999_999]) {
      const refused = await post('salesOwner', '/api/quotation/create/', { customer_id, items: [] });
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toMatch(/own customers/);
    }
    // Moving her quotation to a customer that is not hers is making one for it.
    const { id, version } = made.body.data;
    const moved = await post('salesOwner', '/api/quotation/update/', {
      id,
      version,
      customer_id: w.customers.tom,
    });
    expect(moved.status).toBe(403);
  });

  it('lists, counts and exports only hers: the order totals too', async () => {
    const mine = await get('salesOwner', '/api/order/list/', { page_size: 100 });
    const owners = new Set(mine.body.data.items.map((o: { customer_id: number }) => o.customer_id));
    expect([...owners].every((c) => c === w.customers.lily)).toBe(true);
    const count = mine.body.data.totals.reduce((n: number, t: { count: number }) => n + t.count, 0);
    expect(count).toBe(mine.body.data.total);
    expect(mine.body.data.total).toBe(mine.body.data.items.length);
  });

  it('sends a quotation only from a mailbox she may use, and leaves no draft when refused', async () => {
    const { id } = doc('quotation', 'own');
    const before = await w.t.database.db.execute<{ n: number }>(
      'SELECT count(*)::int AS n FROM emails' as never,
    );
    const refused = await post('salesOwner', '/api/quotation/send/', { id, account_id: w.accounts.tom });
    expect(refused.status).toBe(403);
    const after = await w.t.database.db.execute<{ n: number }>(
      'SELECT count(*)::int AS n FROM emails' as never,
    );
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    const sent = await post('salesOwner', '/api/quotation/send/', { id, account_id: w.accounts.lily });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  });

  it('deletes her own drafts only: a quotation that went out or an order with a payment stays', async () => {
    const q = await w.make('quotation', 'own');
    await w.t.database.db.execute(sql`UPDATE quotations SET status = 'accepted' WHERE id = ${q.id}`);
    const kept = await post('salesOwner', '/api/quotation/delete/', { ids: [q.id] });
    expect(kept.status).toBe(403);
    expect(kept.body.msg).toMatch(/own drafts/);
    const o = await w.make('order', 'own');
    await post('admin', '/api/order/add_payment/', { order_id: o.id, date: '2026-03-01', amount: '5' });
    expect((await post('salesOwner', '/api/order/delete/', { ids: [o.id] })).status).toBe(403);
    // One id she may not read refuses the whole call: nothing is deleted.
    const mine = await w.make('quotation', 'own');
    const mixed = await post('salesOwner', '/api/quotation/delete/', {
      ids: [mine.id, doc('quotation', 'others').id],
    });
    expect(mixed.status).toBe(403);
    expect((await get('salesOwner', '/api/quotation/detail/', { id: mine.id })).status).toBe(200);
  });

  it('reads the catalogue but changes nothing in it', async () => {
    expect((await get('salesOwner', '/api/product/list/', {})).status).toBe(200);
    expect((await get('salesOwner', '/api/product/detail/', { id: w.product })).status).toBe(200);
    expect((await get('salesOwner', '/api/product_category/list/', {})).status).toBe(200);
    expect((await get('salesOwner', '/api/product/export/', {})).status).toBe(200);
    expect((await post('salesOwner', '/api/product/update/', { id: w.product, name: 'x' })).status).toBe(403);
    expect((await post('salesOwner', '/api/product/create/', { name: 'x', model: 'y' })).status).toBe(403);
    expect((await get('editor', '/api/product/list/', {})).status).toBe(403);
  });
});
