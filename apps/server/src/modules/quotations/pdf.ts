import { compareDecimals, formatMoney, type Quotation, TRADE_TERMS, UNITS } from '@quayside/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, files, pictureVariants } from '../../db/schema';
import type { DocumentPdf } from '../../lib/documents/pdf';
import { renderDocumentPdfOffThread } from '../../lib/documents/pdf-pool';
import type { FileStore } from '../../lib/files';
import type { Lang } from '../../lib/i18n';
import { getCompanySettings } from '../settings/service';

/** The PDF's words, in both languages (the caller picks; buyers read English by default). */
export const LABELS = {
  en: {
    title: 'QUOTATION',
    number: 'No.',
    date: 'Date',
    version: 'Version',
    validUntil: 'Valid until',
    buyer: 'To',
    tradeTerm: 'Trade term',
    currency: 'Currency',
    portOfLoading: 'Port of loading',
    portOfDestination: 'Port of destination',
    paymentTerms: 'Payment terms',
    leadTime: 'Lead time',
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
    remark: 'Remarks',
    validity: 'Validity',
    validityText: 'This quotation is valid until {date}.',
    signature: 'Authorized signature',
    page: 'Page {page} of {pages}',
  },
  zh: {
    title: '报价单',
    number: '编号',
    date: '日期',
    version: '版本',
    validUntil: '有效期至',
    buyer: '客户',
    tradeTerm: '贸易术语',
    currency: '币种',
    portOfLoading: '装运港',
    portOfDestination: '目的港',
    paymentTerms: '付款方式',
    leadTime: '交货期',
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
    remark: '备注',
    validity: '有效期',
    validityText: '本报价有效期至 {date}。',
    signature: '授权签字',
    page: '第 {page} 页，共 {pages} 页',
  },
} satisfies Record<Lang, Record<string, string>>;

async function readStored(db: Db, store: FileStore, fileIds: number[]): Promise<Map<number, Buffer>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db
    .select({ id: files.id, sha256: files.sha256 })
    .from(files)
    .where(inArray(files.id, fileIds));
  const entries = await Promise.all(
    rows
      .filter((r) => store.exists(r.sha256))
      .map(async (r) => {
        const chunks: Buffer[] = [];
        for await (const chunk of store.open(r.sha256)) chunks.push(chunk as Buffer);
        return [r.id, Buffer.concat(chunks)] as const;
      }),
  );
  return new Map(entries);
}

/** Thumbnails of the lines' product pictures (only prepared product pictures: JPEG, small). */
export async function thumbnails(
  db: Db,
  store: FileStore,
  pictureIds: number[],
): Promise<Map<number, Buffer>> {
  if (pictureIds.length === 0) return new Map();
  const variants = await db
    .select({ fileId: pictureVariants.fileId, thumb: pictureVariants.thumbFileId })
    .from(pictureVariants)
    .where(inArray(pictureVariants.fileId, pictureIds));
  const bytes = await readStored(
    db,
    store,
    variants.map((v) => v.thumb),
  );
  return new Map(variants.flatMap((v) => (bytes.has(v.thumb) ? [[v.fileId, bytes.get(v.thumb)!]] : [])));
}

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));

/** The PDF of one version of a quotation. */
export async function quotationPdf(db: Db, store: FileStore, q: Quotation, lang: Lang): Promise<Buffer> {
  const l = LABELS[lang];
  const company = await getCompanySettings(db);
  const [buyer] = await db
    .select({ address: customers.address, phone: customers.phone, email: customers.email })
    .from(customers)
    .where(eq(customers.id, q.customer_id));
  const pictureIds = [...new Set(q.items.flatMap((i) => (i.picture_file_id ? [i.picture_file_id] : [])))];
  const [pictures, logos] = await Promise.all([
    thumbnails(db, store, pictureIds),
    company.logo_file_id
      ? thumbnails(db, store, [company.logo_file_id])
      : Promise.resolve(new Map<number, Buffer>()),
  ]);
  const money = (amount: string) => formatMoney(amount, q.currency);
  const unitLabel = (id: string) => UNITS.find((u) => u.id === id)?.[lang] ?? id;
  const tradeTerm = TRADE_TERMS.find((t) => t.id === q.trade_term)?.[lang] ?? '';
  const companyName = lang === 'zh' && company.name_zh ? company.name_zh : company.name;
  const spec: DocumentPdf = {
    letterhead: {
      name: companyName,
      lines: [
        company.address,
        [company.phone, company.email, company.website].filter(Boolean).join('  ·  '),
      ].filter(Boolean),
      logo: company.logo_file_id ? (logos.get(company.logo_file_id) ?? null) : null,
    },
    title: l.title,
    meta: [
      [l.number, q.number],
      [l.date, q.updated_at.slice(0, 10)],
      [l.version, String(q.version)],
      ...(q.valid_until ? ([[l.validUntil, q.valid_until]] as [string, string][]) : []),
    ],
    buyer: {
      label: l.buyer,
      lines: [
        q.customer_name,
        q.contact_name,
        q.contact_email || buyer?.email || '',
        buyer?.address ?? '',
        buyer?.phone ?? '',
      ].filter(Boolean),
    },
    terms: (
      [
        [l.tradeTerm, tradeTerm],
        [l.currency, q.currency],
        [l.portOfLoading, q.port_of_loading],
        [l.portOfDestination, q.port_of_destination],
        [l.paymentTerms, q.payment_terms],
        [l.leadTime, q.lead_time],
      ] as [string, string][]
    ).filter(([, v]) => v),
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
    rows: q.items.map((item, i) => ({
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
      [l.subtotal, money(q.subtotal)],
      ...(compareDecimals(q.discount, '0') > 0
        ? ([[l.discount, `-${money(q.discount)}`]] as [string, string][])
        : []),
      ...(compareDecimals(q.shipping_cost, '0') > 0
        ? ([[l.shipping, money(q.shipping_cost)]] as [string, string][])
        : []),
      [`${l.total} (${q.currency})`, money(q.total)],
    ],
    notes: [
      [l.validity, q.valid_until ? fill(l.validityText, { date: q.valid_until }) : ''],
      [l.remark, q.remark],
    ],
    signature: l.signature,
    pageLabel: (page, pages) => fill(l.page, { page, pages }),
  };
  return renderDocumentPdfOffThread(spec);
}

export const pdfFileName = (q: Pick<Quotation, 'number' | 'version'>) => `${q.number}-v${q.version}.pdf`;
