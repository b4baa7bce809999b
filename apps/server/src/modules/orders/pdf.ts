import { compareDecimals, formatMoney, type Order, TRADE_TERMS, UNITS } from '@quayside/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema';
import type { DocumentPdf } from '../../lib/documents/pdf';
import { renderDocumentPdfOffThread } from '../../lib/documents/pdf-pool';
import type { FileStore } from '../../lib/files';
import type { Lang } from '../../lib/i18n';
import { thumbnails } from '../quotations/pdf';
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

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));

/** The PDF of one version of an order, through the document kit (letterhead, CJK font, pictures). */
export async function orderPdf(db: Db, store: FileStore, o: Order, lang: Lang): Promise<Buffer> {
  const l = LABELS[lang];
  const company = await getCompanySettings(db);
  const [buyer] = await db
    .select({ address: customers.address, phone: customers.phone, email: customers.email })
    .from(customers)
    .where(eq(customers.id, o.customer_id));
  const pictureIds = [...new Set(o.items.flatMap((i) => (i.picture_file_id ? [i.picture_file_id] : [])))];
  const [pictures, logos] = await Promise.all([
    thumbnails(db, store, pictureIds),
    company.logo_file_id
      ? thumbnails(db, store, [company.logo_file_id])
      : Promise.resolve(new Map<number, Buffer>()),
  ]);
  const money = (amount: string) => formatMoney(amount, o.currency);
  const unitLabel = (id: string) => UNITS.find((u) => u.id === id)?.[lang] ?? id;
  const tradeTerm = TRADE_TERMS.find((t) => t.id === o.trade_term)?.[lang] ?? '';
  const pairs = (list: [string, string | null][]) => list.filter((p): p is [string, string] => Boolean(p[1]));
  const spec: DocumentPdf = {
    letterhead: {
      name: lang === 'zh' && company.name_zh ? company.name_zh : company.name,
      lines: [
        company.address,
        [company.phone, company.email, company.website].filter(Boolean).join('  ·  '),
      ].filter(Boolean),
      logo: company.logo_file_id ? (logos.get(company.logo_file_id) ?? null) : null,
    },
    title: l.title,
    meta: pairs([
      [l.number, o.number],
      [l.date, o.created_at.slice(0, 10)],
      [l.version, String(o.version)],
      [l.quotation, o.quotation_number ? `${o.quotation_number} v${o.quotation_version}` : null],
      [l.deliveryDate, o.delivery_date],
    ]),
    buyer: {
      label: l.buyer,
      lines: [
        o.customer_name,
        o.contact_name,
        o.contact_email || buyer?.email || '',
        buyer?.address ?? '',
        buyer?.phone ?? '',
      ].filter(Boolean),
    },
    terms: pairs([
      [l.tradeTerm, tradeTerm],
      [l.currency, o.currency],
      [l.portOfLoading, o.port_of_loading],
      [l.portOfDestination, o.port_of_destination],
      [l.paymentTerms, o.payment_terms],
    ]),
    columns: [
      { label: '#', width: 22, align: 'right' },
      { label: l.picture, width: 44 },
      { label: l.item, width: 70 },
      { label: l.description, width: 170 },
      { label: l.quantity, width: 60, align: 'right' },
      { label: l.unitPrice, width: 75, align: 'right' },
      { label: l.amount, width: 74, align: 'right' },
    ],
    pictureColumn: 1,
    rows: o.items.map((item, i) => ({
      cells: [
        String(i + 1),
        '',
        item.model,
        item.description,
        `${item.quantity} ${unitLabel(item.unit)}`,
        money(item.unit_price),
        money(item.amount),
      ],
      picture: item.picture_file_id ? (pictures.get(item.picture_file_id) ?? null) : null,
    })),
    totals: [
      [l.subtotal, money(o.subtotal)],
      ...(compareDecimals(o.discount, '0') > 0
        ? ([[l.discount, `-${money(o.discount)}`]] as [string, string][])
        : []),
      ...(compareDecimals(o.shipping_cost, '0') > 0
        ? ([[l.shipping, money(o.shipping_cost)]] as [string, string][])
        : []),
      [`${l.total} (${o.currency})`, money(o.total)],
    ],
    notes: [[l.remark, o.remark]],
    signature: l.signature,
    pageLabel: (page, pages) => fill(l.page, { page, pages }),
  };
  return renderDocumentPdfOffThread(spec);
}

export const orderPdfFileName = (o: Pick<Order, 'number' | 'version'>) => `${o.number}-v${o.version}.pdf`;
