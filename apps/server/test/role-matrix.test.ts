import { beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../src/lib/access';
import { call, createTestApp, type TestApp } from './helpers';

/**
 * Every /api route and who may call it. A new route that is missing here fails the first test, so
 * nobody adds an endpoint without deciding its permission. `bad` is input that must give 400.
 */
type Expectation = { access: Access; bad?: { query?: Record<string, string>; body?: unknown } };
const matrix: Record<string, Expectation> = {
  'POST /api/login/': { access: 'public', bad: { body: { username: 5 } } },
  'GET /api/user_info/': { access: 'user' },
  'POST /api/logout/': { access: 'user' },
  'GET /api/health/': { access: 'public' },
  'GET /api/health/live/': { access: 'public' },
  'GET /api/health/ready/': { access: 'public' },
  'GET /api/openapi.json': { access: 'public' },
  'GET /api/lookups/': { access: 'user' },
  'GET /api/demo/': { access: ['admin'] },
  'POST /api/demo/seed/': { access: ['admin'], bad: { body: { everything: true } } },
  'GET /api/events/': { access: 'user' },
  'GET /api/email/unread/': { access: 'user' },
  'GET /api/email/list/': { access: ['sales'], bad: { query: { folder: 'spam', is_read: 'maybe' } } },
  'GET /api/email/history/': { access: 'user', bad: { query: { address: 'not-an-address' } } },
  'GET /api/email/detail/': { access: ['sales'], bad: { query: { id: 'x' } } },
  'GET /api/email/get_send_account/': { access: 'user' },
  'GET /api/email/match_address/': { access: 'user', bad: { query: { q: '' } } },
  'GET /api/email/compose/': { access: 'user', bad: { query: { mode: 'answer', id: 'x' } } },
  'GET /api/email/draft/': { access: 'user', bad: { query: { id: '0' } } },
  'POST /api/email/save_draft/': { access: 'user', bad: { body: { id: 1, to: ['not an address'] } } },
  'POST /api/email/send_email/': { access: 'user', bad: { body: { id: 1, cc: ['x'] } } },
  'POST /api/email/retry_send/': { access: 'user', bad: { body: { ids: [] } } },
  'POST /api/email/cancel_send/': { access: 'user', bad: { body: { id: 0 } } },
  'POST /api/email/change_type/': { access: ['sales'], bad: { body: { ids: [1], type: 'spam' } } },
  'POST /api/email/update_status/': { access: ['sales'], bad: { body: { ids: [1], status: 'done' } } },
  'POST /api/email/update_handler/': { access: ['sales'], bad: { body: { ids: [], handler_id: 1 } } },
  'POST /api/email/mark_read/': { access: ['sales'], bad: { body: { ids: [1], read: 'yes' } } },
  'POST /api/email/trash/': { access: ['sales'], bad: { body: { ids: 'all' } } },
  'POST /api/email/restore/': { access: ['sales'], bad: { body: { ids: [0] } } },
  'POST /api/email/delete/': { access: ['sales'], bad: { body: {} } },
  'GET /api/get_ip_info/': { access: ['admin'], bad: { query: { ip: '999.1.1.1' } } },
  'GET /api/email/black_list/': { access: ['admin'], bad: { query: { page: '0' } } },
  'POST /api/email/add_black_list/': { access: ['admin'], bad: { body: { value: 'not valid' } } },
  'POST /api/email/remove_black_list/': { access: ['admin'], bad: { body: { ids: [] } } },
  'GET /api/email/get_email_account_detail/': { access: ['sales'], bad: { query: { id: 'x' } } },
  'POST /api/email/update_email_account/': {
    access: ['admin'],
    bad: { body: { address: 'nope', imap_host: '', imap_port: 0 } },
  },
  'POST /api/email/test_email_account/': {
    access: ['admin'],
    bad: { body: { address: 'a@b.c', imap_port: 'x' } },
  },
  'POST /api/file/upload/': { access: 'user', bad: { body: { not: 'multipart' } } },
  // Public route; each file is guarded by the records holding it (test/file-access.test.ts).
  'GET /api/file/download/': { access: 'public', bad: { query: { id: 'abc' } } },
  'GET /api/user/list/': { access: ['admin'], bad: { query: { page: '0', page_size: '1000' } } },
  'GET /api/user/options/': { access: 'user' },
  'GET /api/user/detail/': { access: ['admin'], bad: { query: { id: '-1' } } },
  'POST /api/user/create/': { access: ['admin'], bad: { body: { username: '', roles: ['king'] } } },
  'POST /api/user/update/': { access: ['admin'], bad: { body: { id: 'x', disabled: 'maybe' } } },
  'POST /api/user/reset_password/': { access: ['admin'], bad: { body: { id: 1, password: 'short' } } },
  'POST /api/profile/update/': { access: 'user', bad: { body: { name: '', avatar_file_id: 'x' } } },
  'POST /api/profile/change_password/': {
    access: 'user',
    bad: { body: { old_password: '', new_password: 1 } },
  },
  'GET /api/preference/get/': { access: 'user', bad: { query: { key: 'Bad Key!' } } },
  'POST /api/preference/set/': { access: 'user', bad: { body: { key: 'x' } } },
  'GET /api/customer/list/': { access: 'user', bad: { query: { grade: 'a,b', sort: 'password' } } },
  'GET /api/customer/deleted/': { access: ['admin'], bad: { query: { page_size: '0' } } },
  'GET /api/customer/detail/': { access: 'user', bad: { query: { id: 'x' } } },
  'POST /api/customer/create/': {
    access: 'user',
    bad: { body: { company_name: 'A', email: 'not-an-email' } },
  },
  'POST /api/customer/update/': { access: 'user', bad: { body: { id: 1, grade: 99 } } },
  'POST /api/customer/bulk_update/': { access: 'user', bad: { body: { ids: [] } } },
  'POST /api/customer/delete/': { access: ['admin'], bad: { body: { ids: 'all' } } },
  'POST /api/customer/restore/': { access: ['admin'], bad: { body: { ids: [-1] } } },
  'POST /api/customer/merge/': { access: ['admin'], bad: { body: { survivor_id: 1 } } },
  'POST /api/customer/claim/': { access: ['sales'], bad: { body: { ids: [] } } },
  'POST /api/customer/release/': { access: ['sales'], bad: { body: { ids: 'all' } } },
  'POST /api/customer/transfer/': { access: ['admin'], bad: { body: { to_user_id: 2 } } },
  'GET /api/customer/export/': { access: 'user', bad: { query: { nation: 'x' } } },
  'GET /api/customer/import_template/': { access: 'user' },
  'POST /api/customer/import/': { access: 'user', bad: { query: { on_duplicate: 'merge' } } },
  'GET /api/product/list/': {
    access: ['sales'],
    bad: { query: { category: '99999999999', price_min: '-1' } },
  },
  'GET /api/product/deleted/': { access: ['admin'], bad: { query: { sort: 'password' } } },
  'GET /api/product/detail/': { access: ['sales'], bad: { query: { id: '2147483648' } } },
  'GET /api/product/usage/': { access: ['sales'], bad: { query: { id: 'x' } } },
  'POST /api/product/create/': { access: ['admin'], bad: { body: { name: 'Kettle\u0000', price: 12.35 } } },
  'POST /api/product/update/': {
    access: ['admin'],
    bad: { body: { id: 1, price: '1.23456', unit: 'bucket' } },
  },
  'POST /api/product/bulk_update/': { access: ['admin'], bad: { body: { ids: [], published: 'yes' } } },
  'POST /api/product/delete/': { access: ['admin'], bad: { body: { ids: [2147483648] } } },
  'POST /api/product/restore/': { access: ['admin'], bad: { body: { ids: 'all' } } },
  'GET /api/product/export/': { access: ['sales'], bad: { query: { currency: 'XXX' } } },
  'GET /api/product/import_template/': { access: ['admin'] },
  'POST /api/product/import/': { access: ['admin'], bad: { query: { on_duplicate: 'merge' } } },
  'GET /api/product/options/': { access: 'user', bad: { query: { limit: '1000' } } },
  'GET /api/quotation/list/': { access: ['sales'], bad: { query: { status: 'lost', sort: 'password' } } },
  'GET /api/quotation/detail/': { access: 'user', bad: { query: { id: 'x', version: '0' } } },
  'POST /api/quotation/create/': {
    access: 'user',
    bad: { body: { customer_id: 1, items: [{ quantity: '1e3', unit_price: '-1' }] } },
  },
  'POST /api/quotation/update/': { access: 'user', bad: { body: { id: 1, version: 0, currency: 'XXX' } } },
  'POST /api/quotation/restore/': { access: ['sales'], bad: { body: { id: 1, version: 1 } } },
  'POST /api/quotation/delete/': { access: ['sales'], bad: { body: { ids: [] } } },
  'GET /api/quotation/history/': { access: ['sales'], bad: { query: { id: '0' } } },
  'GET /api/quotation/diff/': { access: ['sales'], bad: { query: { id: '1', from: 'a', to: '2' } } },
  'GET /api/quotation/pdf/': { access: 'user', bad: { query: { id: '1', lang: 'fr' } } },
  'POST /api/quotation/send/': { access: 'user', bad: { body: { id: 1, to: ['not an address'] } } },
  'GET /api/inquiry/list/': { access: ['sales'], bad: { query: { state: 'maybe', nation: 'x' } } },
  'POST /api/inquiry/update_state/': { access: ['sales'], bad: { body: { ids: [1], state: 'lost' } } },
  'POST /api/inquiry/customer/': { access: ['sales'], bad: { body: { email_id: 'x' } } },
  'GET /api/quotation/export/': { access: ['sales'], bad: { query: { currency: 'XXX' } } },
  'GET /api/quotation/xlsx/': { access: 'user', bad: { query: { id: 'abc' } } },
  'GET /api/order/list/': { access: ['sales'], bad: { query: { status: 'lost', sort: 'password' } } },
  'GET /api/order/detail/': { access: ['sales'], bad: { query: { id: 'x', version: '0' } } },
  'POST /api/order/create/': { access: ['sales'], bad: { body: { customer_id: 1, items: [] } } },
  'POST /api/order/create_from_quotation/': { access: ['sales'], bad: { body: { quotation_id: 'x' } } },
  'POST /api/order/update/': { access: ['sales'], bad: { body: { id: 1, version: 0, currency: 'XXX' } } },
  'POST /api/order/set_status/': { access: ['sales'], bad: { body: { id: 1, status: 'lost' } } },
  'POST /api/order/add_payment/': {
    access: ['sales'],
    bad: { body: { order_id: 1, date: '2026-02-30', amount: '-5' } },
  },
  'POST /api/order/delete_payment/': { access: ['sales'], bad: { body: { order_id: 1 } } },
  'POST /api/order/delete/': { access: ['sales'], bad: { body: { ids: [] } } },
  'GET /api/order/history/': { access: ['sales'], bad: { query: { id: '0' } } },
  'GET /api/order/diff/': { access: ['sales'], bad: { query: { id: '1', from: 'a', to: '2' } } },
  'GET /api/order/pdf/': { access: ['sales'], bad: { query: { id: '1', lang: 'fr' } } },
  'GET /api/order/export/': { access: ['sales'], bad: { query: { currency: 'XXX' } } },
  'GET /api/invoice/list/': { access: ['sales'], bad: { query: { kind: 'credit', sort: 'password' } } },
  'GET /api/invoice/detail/': { access: ['sales'], bad: { query: { id: 'x', version: '0' } } },
  'POST /api/invoice/create_from_order/': {
    access: ['sales'],
    bad: { body: { order_id: 1, kind: 'credit' } },
  },
  'POST /api/invoice/update/': { access: ['sales'], bad: { body: { id: 1, version: 1, discount: '-1' } } },
  'POST /api/invoice/delete/': { access: ['sales'], bad: { body: { ids: [] } } },
  'GET /api/invoice/history/': { access: ['sales'], bad: { query: { id: '0' } } },
  'GET /api/invoice/diff/': { access: ['sales'], bad: { query: { id: '1', from: 'a', to: '2' } } },
  'GET /api/invoice/pdf/': { access: ['sales'], bad: { query: { id: '1', lang: 'fr' } } },
  'GET /api/invoice/xlsx/': { access: ['sales'], bad: { query: { id: 'abc' } } },
  'GET /api/invoice/export/': { access: ['sales'], bad: { query: { date_to: '2026-02-30' } } },
  'GET /api/packing_list/list/': { access: ['sales'], bad: { query: { sort: 'password', order_id: 'x' } } },
  'GET /api/packing_list/detail/': { access: ['sales'], bad: { query: { id: 'x', version: '0' } } },
  'POST /api/packing_list/create_from_order/': { access: ['sales'], bad: { body: { order_id: 'x' } } },
  'POST /api/packing_list/update/': {
    access: ['sales'],
    bad: { body: { id: 1, version: 1, items: [{ description: 'x', cartons: '1.5', quantity: '1' }] } },
  },
  'POST /api/packing_list/delete/': { access: ['sales'], bad: { body: { ids: [] } } },
  'GET /api/packing_list/history/': { access: ['sales'], bad: { query: { id: '0' } } },
  'GET /api/packing_list/diff/': { access: ['sales'], bad: { query: { id: '1', from: 'a', to: '2' } } },
  'GET /api/packing_list/pdf/': { access: ['sales'], bad: { query: { id: '1', lang: 'fr' } } },
  'GET /api/packing_list/xlsx/': { access: ['sales'], bad: { query: { id: 'abc' } } },
  'GET /api/packing_list/export/': { access: ['sales'], bad: { query: { date_from: '2026-02-30' } } },
  'GET /api/task/list/': { access: ['sales'], bad: { query: { status: 'lost' } } },
  'GET /api/task/detail/': { access: 'user', bad: { query: { id: 'x' } } },
  'POST /api/task/create/': { access: 'user', bad: { body: { name: '', account_id: 0, type: 'weekly' } } },
  'POST /api/task/update/': { access: 'user', bad: { body: { id: 1, interval_minutes: -1 } } },
  'POST /api/task/delete/': { access: 'user', bad: { body: { ids: [] } } },
  'POST /api/task/start/': { access: 'user', bad: { body: { id: 'x' } } },
  'POST /api/task/resume/': { access: 'user', bad: { body: { id: 0 } } },
  'POST /api/task/pause/': { access: 'user', bad: { body: {} } },
  'POST /api/task/cancel/': { access: 'user', bad: { body: { id: -1 } } },
  'POST /api/task/retry/': { access: 'user', bad: { body: { id: 1, recipient_ids: ['x'] } } },
  'GET /api/task/recipients/': { access: 'user', bad: { query: { id: '1', status: 'lost' } } },
  'GET /api/task/export/': { access: 'user', bad: { query: { id: 'x' } } },
  'POST /api/task/count/': { access: 'user', bad: { body: { addresses: 'a@b.test' } } },
  'POST /api/task/preview/': { access: 'user', bad: { body: { subject: 1 } } },
  'POST /api/task/test_send/': { access: 'user', bad: { body: { subject: 'no account' } } },
  'GET /api/task/daily_cap/': { access: ['admin'], bad: { query: { account_id: 'x' } } },
  'POST /api/task/set_daily_cap/': { access: ['admin'], bad: { body: { account_id: 1, daily_cap: 0 } } },
  // Reached from the emails of a task without signing in; each is keyed by an unguessable token.
  'GET /api/task/open/': { access: 'public', bad: { query: { t: 'short' } } },
  'GET /api/task/unsubscribe/': { access: 'public', bad: { query: { t: 'short' } } },
  'POST /api/task/unsubscribe/': { access: 'public', bad: { query: { t: 'short' } } },
  'GET /api/settings/company/': { access: ['admin'] },
  'POST /api/settings/company/': { access: ['admin'], bad: { body: { quotation_prefix: 'QT-!' } } },
  'GET /api/website/settings/': { access: ['admin'] },
  'POST /api/website/update_settings/': {
    access: ['admin'],
    bad: { body: { company: {}, site: { theme_color: 'red' } } },
  },
  'POST /api/product/prepare_picture/': { access: ['admin'], bad: { body: { file_id: 'x' } } },
  'GET /api/product_category/list/': { access: ['sales'] },
  'POST /api/product_category/create/': { access: ['admin'], bad: { body: { name: ' ' } } },
  'POST /api/product_category/update/': { access: ['admin'], bad: { body: { id: 1, parent_id: 'top' } } },
  'POST /api/product_category/reorder/': { access: ['admin'], bad: { body: { parent_id: null, ids: [] } } },
  'POST /api/product_category/delete/': { access: ['admin'], bad: { body: { ids: [0] } } },
  'GET /api/dashboard/summary/': { access: 'user', bad: { query: { from: '2026-02-30', to: '2026-03-01' } } },
  'GET /api/dashboard/charts/': { access: 'user', bad: { query: { from: '2026-03-02', to: '2026-03-01' } } },
  'GET /api/search/': { access: 'user', bad: { query: { q: 'x' } } },
};

let t: TestApp;
let editorToken: string;
beforeAll(async () => {
  t = await createTestApp();
  editorToken = await t.userToken(['editor']);
});

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('role matrix', () => {
  it('lists every route of the app, each with the access it declares', () => {
    const declared = Object.fromEntries(t.app.apiRoutes.map((r) => [key(r), r.access]));
    expect(Object.keys(declared).sort()).toEqual(Object.keys(matrix).sort());
    for (const [route, expectation] of Object.entries(matrix))
      expect(declared[route], route).toEqual(expectation.access);
  });

  const routes = Object.entries(matrix).map(([route, e]) => {
    const [method, url] = route.split(' ') as ['GET' | 'POST', string];
    return { method, url, ...e };
  });

  it.each(routes.filter((r) => r.access !== 'public'))(
    '$method $url refuses a caller without a token',
    async (r) => {
      const res = await call(t.app, r.method, r.url, { body: r.method === 'POST' ? {} : undefined });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('AUTH_REQUIRED');
    },
  );

  it.each(routes.filter((r) => Array.isArray(r.access) && !r.access.includes('editor')))(
    '$method $url refuses an editor with FORBIDDEN',
    async (r) => {
      const res = await call(t.app, r.method, r.url, {
        token: editorToken,
        body: r.method === 'POST' ? {} : undefined,
      });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    },
  );

  it.each(routes.filter((r) => r.bad))(
    '$method $url answers bad input with 400 VALIDATION_FAILED',
    async (r) => {
      const res = await call(t.app, r.method, r.url, {
        token: t.adminToken,
        query: r.bad?.query,
        body: r.bad?.body,
      });
      expect(res.status).toBe(400);
      expect(res.body.error_status).toBe(1);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    },
  );

  it.each(routes.filter((r) => r.method === 'POST'))(
    '$method $url answers malformed JSON with 400',
    async (r) => {
      const res = await t.app.inject({
        method: 'POST',
        url: r.url,
        headers: { 'x-token': t.adminToken, 'content-type': 'application/json' },
        payload: '{"broken": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_status: 1, code: 'VALIDATION_FAILED' });
    },
  );
});
