import { type CompanySettings, compareDecimals, formatMoney, TRADE_TERMS, UNITS } from '@quayside/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, files, pictureVariants } from '../../db/schema';
import type { FileStore } from '../files';
import type { Lang } from '../i18n';
import type { DocumentPdf } from './pdf';
import { renderDocumentPdfOffThread } from './pdf-pool';

/**
 * The sales documents (quotation, sales confirmation, invoice) share one page: letterhead, buyer,
 * terms, priced lines with pictures, totals. Each module gives its own title, meta, notes and words.
 */
export type SalesPdfLabels = Record<
  | 'buyer'
  | 'tradeTerm'
  | 'currency'
  | 'portOfLoading'
  | 'portOfDestination'
  | 'paymentTerms'
  | 'picture'
  | 'item'
  | 'description'
  | 'quantity'
  | 'unitPrice'
  | 'amount'
  | 'subtotal'
  | 'discount'
  | 'shipping'
  | 'total'
  | 'signature'
  | 'page',
  string
>;

export type SalesLine = {
  model: string;
  description: string;
  quantity: string;
  unit: string;
  unit_price: string;
  amount: string;
  picture_file_id: number | null;
};

export type SalesDocument = {
  customer_id: number;
  customer_name: string;
  contact_name: string;
  contact_email: string;
  currency: string;
  trade_term: string | null;
  port_of_loading: string;
  port_of_destination: string;
  payment_terms: string;
  items: SalesLine[];
  subtotal: string;
  discount: string;
  shipping_cost: string;
  total: string;
};

export type SalesPdfParts = {
  title: string;
  /** Label and value; a pair without a value is left out. */
  meta: [string, string | null][];
  /** Terms after the common five (a quotation's lead time). */
  extraTerms?: [string, string | null][];
  notes: [string, string][];
  /** `when-any`: the picture column only when a line has a picture (an invoice stays compact). */
  pictureColumn: 'always' | 'when-any';
};

const present = (list: [string, string | null][]) => list.filter((p): p is [string, string] => Boolean(p[1]));

export const fillLabel = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));

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

/** The company's letterhead (name in the document's language, contact line, logo). */
export async function letterhead(
  db: Db,
  store: FileStore,
  company: CompanySettings,
  lang: Lang,
): Promise<DocumentPdf['letterhead']> {
  const logos = company.logo_file_id
    ? await thumbnails(db, store, [company.logo_file_id])
    : new Map<number, Buffer>();
  return {
    name: lang === 'zh' && company.name_zh ? company.name_zh : company.name,
    lines: [
      company.address,
      [company.phone, company.email, company.website].filter(Boolean).join('  ·  '),
    ].filter(Boolean),
    logo: company.logo_file_id ? (logos.get(company.logo_file_id) ?? null) : null,
  };
}

/** The buyer's block: the document's customer and contact, then the customer's address and phone. */
export async function buyerLines(
  db: Db,
  doc: Pick<SalesDocument, 'customer_id' | 'customer_name' | 'contact_name' | 'contact_email'>,
): Promise<string[]> {
  const [buyer] = await db
    .select({ address: customers.address, phone: customers.phone, email: customers.email })
    .from(customers)
    .where(eq(customers.id, doc.customer_id));
  return [
    doc.customer_name,
    doc.contact_name,
    doc.contact_email || buyer?.email || '',
    buyer?.address ?? '',
    buyer?.phone ?? '',
  ].filter(Boolean);
}

/** The PDF of one version of a sales document, rendered on a PDF thread. */
export async function salesDocumentPdf(
  db: Db,
  store: FileStore,
  company: CompanySettings,
  doc: SalesDocument,
  lang: Lang,
  l: SalesPdfLabels,
  parts: SalesPdfParts,
): Promise<Buffer> {
  const pictureIds = [...new Set(doc.items.flatMap((i) => (i.picture_file_id ? [i.picture_file_id] : [])))];
  const [pictures, head, buyer] = await Promise.all([
    thumbnails(db, store, pictureIds),
    letterhead(db, store, company, lang),
    buyerLines(db, doc),
  ]);
  const withPictures =
    parts.pictureColumn === 'always' ||
    doc.items.some((i) => i.picture_file_id && pictures.has(i.picture_file_id));
  const money = (amount: string) => formatMoney(amount, doc.currency);
  const unitLabel = (id: string) => UNITS.find((u) => u.id === id)?.[lang] ?? id;
  const tradeTerm = TRADE_TERMS.find((t) => t.id === doc.trade_term)?.[lang] ?? '';
  const spec: DocumentPdf = {
    letterhead: head,
    title: parts.title,
    meta: present(parts.meta),
    buyer: { label: l.buyer, lines: buyer },
    terms: present([
      [l.tradeTerm, tradeTerm],
      [l.currency, doc.currency],
      [l.portOfLoading, doc.port_of_loading],
      [l.portOfDestination, doc.port_of_destination],
      [l.paymentTerms, doc.payment_terms],
      ...(parts.extraTerms ?? []),
    ]),
    columns: [
      { label: '#', width: 22, align: 'right' },
      ...(withPictures ? [{ label: l.picture, width: 44 }] : []),
      { label: l.item, width: withPictures ? 70 : 90 },
      { label: l.description, width: withPictures ? 170 : 194 },
      { label: l.quantity, width: 60, align: 'right' },
      { label: l.unitPrice, width: 75, align: 'right' },
      { label: l.amount, width: 74, align: 'right' },
    ],
    ...(withPictures ? { pictureColumn: 1 } : {}),
    rows: doc.items.map((item, i) => ({
      cells: [
        String(i + 1),
        ...(withPictures ? [''] : []),
        item.model,
        item.description,
        `${item.quantity} ${unitLabel(item.unit)}`,
        money(item.unit_price),
        money(item.amount),
      ],
      picture: item.picture_file_id ? (pictures.get(item.picture_file_id) ?? null) : null,
    })),
    totals: [
      [l.subtotal, money(doc.subtotal)],
      ...(compareDecimals(doc.discount, '0') > 0
        ? ([[l.discount, `-${money(doc.discount)}`]] as [string, string][])
        : []),
      ...(compareDecimals(doc.shipping_cost, '0') > 0
        ? ([[l.shipping, money(doc.shipping_cost)]] as [string, string][])
        : []),
      [`${l.total} (${doc.currency})`, money(doc.total)],
    ],
    notes: parts.notes,
    signature: l.signature,
    pageLabel: (page, pages) => fillLabel(l.page, { page, pages }),
  };
  return renderDocumentPdfOffThread(spec);
}
