import type { Readable } from 'node:stream';
import type { OrderListQuery } from '@quayside/contract';
import type { Db } from '../../db/client';
import type { Lang } from '../../lib/i18n';
import type { Viewer } from '../../lib/scope';
import { type ExportRow, everyPage, streamWorkbook } from '../../lib/spreadsheet';
import { listOrders } from './list';

const LIST_HEADERS = {
  en: [
    'Number',
    'Name',
    'Customer',
    'Currency',
    'Total',
    'Received',
    'Balance due',
    'Status',
    'Delivery date',
    'Owner',
    'Created',
  ],
  zh: [
    '编号',
    '名称',
    '客户',
    '币种',
    '合计',
    '已收款',
    '待收余额',
    '状态',
    '交货日期',
    '负责人',
    '创建时间',
  ],
} satisfies Record<Lang, string[]>;
const STATUS = {
  en: { in_progress: 'In progress', done: 'Done' },
  zh: { in_progress: '进行中', done: '已完成' },
} as const;

/**
 * The filtered list the viewer may read as .xlsx (up to 10,000 rows, newest first), then its totals per currency,
 * streamed. Money stays text: a spreadsheet double may not hold the amount exactly.
 */
export function exportOrderList(
  db: Db,
  query: OrderListQuery,
  lang: Lang,
  viewer: Viewer,
): Promise<Readable> {
  async function* rows(): AsyncGenerator<ExportRow> {
    let totals: Awaited<ReturnType<typeof listOrders>>['totals'] = [];
    const orders = everyPage(
      (page, page_size) => listOrders(db, { ...query, page, page_size }, viewer),
      (answer) => {
        totals = answer.totals;
      },
    );
    for await (const o of orders) {
      yield [
        o.number,
        o.name,
        o.customer_name,
        o.currency,
        o.total,
        o.paid,
        o.balance,
        STATUS[lang][o.status],
        o.delivery_date ?? '',
        o.owner_name,
        o.created_at.replace('T', ' ').slice(0, 19),
      ];
    }
    yield [];
    for (const t of totals) {
      yield { cells: ['', '', `Σ ${t.count}`, t.currency, t.total, t.paid, t.balance], bold: true };
    }
  }
  const widths = [14, 20, 30, 10, 14, 14, 14, 12, 13, 16, 20];
  return streamWorkbook(
    lang === 'zh' ? '订单' : 'Orders',
    LIST_HEADERS[lang].map((header, i) => ({ header, width: widths[i] })),
    rows(),
  );
}
