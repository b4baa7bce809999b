import type { OrderListQuery } from '@quayside/contract';
import type { Db } from '../../db/client';
import type { Lang } from '../../lib/i18n';
import { loadExcelJS } from '../../lib/spreadsheet';
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
 * The filtered list as .xlsx (up to 10,000 rows, newest first), then its totals per currency.
 * Money stays text: a spreadsheet double may not hold the amount exactly.
 */
export async function exportOrderList(db: Db, query: OrderListQuery, lang: Lang): Promise<Buffer> {
  const book = new (await loadExcelJS()).Workbook();
  const sheet = book.addWorksheet(lang === 'zh' ? '订单' : 'Orders');
  sheet.addRow(LIST_HEADERS[lang]).font = { bold: true };
  sheet.columns = [14, 20, 30, 10, 14, 14, 14, 12, 13, 16, 20].map((width) => ({ width }));
  let totals: Awaited<ReturnType<typeof listOrders>>['totals'] = [];
  for (let page = 1; page <= 100; page++) {
    const answer = await listOrders(db, { ...query, page, page_size: 100 });
    totals = answer.totals;
    for (const o of answer.items) {
      sheet.addRow([
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
      ]);
    }
    if (answer.items.length < 100) break;
  }
  sheet.addRow([]);
  for (const t of totals) {
    sheet.addRow(['', '', `Σ ${t.count}`, t.currency, t.total, t.paid, t.balance]).font = { bold: true };
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
