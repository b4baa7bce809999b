import type { Order } from '@quayside/contract';
import type { Db } from '../../db/client';
import { salesDocumentPdf } from '../../lib/documents/sales-pdf';
import type { FileStore } from '../../lib/files';
import type { Lang } from '../../lib/i18n';
import { getCompanySettings } from '../settings/service';

/** The order confirmation's words (a sales contract the buyer countersigns), in both languages. */
export const LABELS = {
  en: {
    title: 'SALES CONFIRMATION',
    number: 'No.',
    date: 'Date',
    version: 'Version',
    quotation: 'Our quotation',
    deliveryDate: 'Delivery date',
    buyer: 'Buyer',
    tradeTerm: 'Trade term',
    currency: 'Currency',
    portOfLoading: 'Port of loading',
    portOfDestination: 'Port of destination',
    paymentTerms: 'Payment terms',
    picture: 'Picture',
    item: 'Item',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    discount: 'Discount',
    shipping: 'Shipping',
    total: 'Total',
    paid: 'Received',
    balance: 'Balance due',
    remark: 'Remarks',
    signature: 'Seller / Buyer signature',
    page: 'Page {page} of {pages}',
  },
  zh: {
    title: '销售确认书',
    number: '编号',
    date: '日期',
    version: '版本',
    quotation: '报价单',
    deliveryDate: '交货日期',
    buyer: '买方',
    tradeTerm: '贸易术语',
    currency: '币种',
    portOfLoading: '装运港',
    portOfDestination: '目的港',
    paymentTerms: '付款方式',
    picture: '图片',
    item: '型号',
    description: '品名描述',
    quantity: '数量',
    unitPrice: '单价',
    amount: '金额',
    subtotal: '小计',
    discount: '折扣',
    shipping: '运费',
    total: '合计',
    paid: '已收款',
    balance: '待收余额',
    remark: '备注',
    signature: '卖方 / 买方签字',
    page: '第 {page} 页，共 {pages} 页',
  },
} satisfies Record<Lang, Record<string, string>>;

/** The PDF of one version of an order (a sales confirmation), through the sales document kit. */
export async function orderPdf(db: Db, store: FileStore, o: Order, lang: Lang): Promise<Buffer> {
  const l = LABELS[lang];
  return salesDocumentPdf(db, store, await getCompanySettings(db), o, lang, l, {
    title: l.title,
    meta: [
      [l.number, o.number],
      [l.date, o.created_at.slice(0, 10)],
      [l.version, String(o.version)],
      [l.quotation, o.quotation_number ? `${o.quotation_number} v${o.quotation_version}` : null],
      [l.deliveryDate, o.delivery_date],
    ],
    notes: [[l.remark, o.remark]],
    pictureColumn: 'always',
  });
}

export const orderPdfFileName = (o: Pick<Order, 'number' | 'version'>) => `${o.number}-v${o.version}.pdf`;
