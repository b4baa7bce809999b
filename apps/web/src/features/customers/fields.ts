import { CUSTOMER_LABELS, type Customer, type CustomerFields, type LookupName } from '@quayside/contract';

/**
 * The customer's fields as the screens show them: one description used by the form, the detail
 * page and the merge dialog. Labels come from the contract (the same headings as the spreadsheet).
 */

export type FieldName = keyof CustomerFields;
export type FieldKind = 'text' | 'email' | 'url' | 'textarea' | 'lookup' | 'owner';

export interface FieldDef {
  name: FieldName;
  kind: FieldKind;
  /** The lookup table of a `lookup` field. */
  table?: LookupName;
  /** Longest text the server takes (contract limits). */
  max?: number;
}

const text = (name: FieldName, max: number, kind: FieldKind = 'text'): FieldDef => ({ name, kind, max });
const lookup = (name: FieldName, table: LookupName): FieldDef => ({ name, kind: 'lookup', table });

export const FIELDS: Record<FieldName, FieldDef> = {
  company_name: text('company_name', 200),
  name: text('name', 100),
  email: text('email', 254, 'email'),
  grade: lookup('grade', 'grade'),
  source: lookup('source', 'source'),
  nation: lookup('nation', 'nation'),
  religion: lookup('religion', 'religion'),
  situation: lookup('situation', 'situation'),
  website: text('website', 300, 'url'),
  job_title: text('job_title', 100),
  address: text('address', 500, 'textarea'),
  phone: text('phone', 50),
  remark: text('remark', 5000, 'textarea'),
  skype: text('skype', 100),
  qq: text('qq', 30),
  owner_id: { name: 'owner_id', kind: 'owner' },
};

/** How the form and the detail page group the fields. */
export const FIELD_GROUPS: { key: string; fields: FieldName[] }[] = [
  { key: 'contact', fields: ['company_name', 'name', 'job_title', 'email', 'phone', 'website'] },
  { key: 'profile', fields: ['grade', 'source', 'nation', 'situation', 'religion', 'owner_id'] },
  { key: 'more', fields: ['skype', 'qq', 'address', 'remark'] },
];

export const FIELD_ORDER: FieldName[] = FIELD_GROUPS.flatMap((g) => g.fields);

export type Lang = 'en' | 'zh';
export const langOf = (language: string): Lang => (language === 'zh' ? 'zh' : 'en');

export function fieldLabel(name: keyof typeof CUSTOMER_LABELS, lang: Lang): string {
  return CUSTOMER_LABELS[name][lang];
}

/** What a list or header calls the customer: the company, else the contact, else its number. */
export function customerTitle(c: Pick<Customer, 'id' | 'company_name' | 'name'>): string {
  return c.company_name || c.name || `#${c.id}`;
}

/** An empty form value for a field (text '' or lookup null). */
export function emptyValue(def: FieldDef): string | null {
  return def.kind === 'lookup' || def.kind === 'owner' ? null : '';
}

/** A website as a link the browser can open: `acme.com` → `https://acme.com`. */
export function websiteHref(value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  if (/^https?:\/\//i.test(v)) return v;
  if (/^[\w.-]+\.[a-z]{2,}(\/.*)?$/i.test(v)) return `https://${v}`;
  return null;
}

/** Initials for the customer's avatar: "Acme Trading" → "AT", "王小明" → "王". */
export function initials(title: string): string {
  const words = title.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0] as string;
  if (/[\u3400-\u9fff]/.test(first)) return first.slice(0, 1);
  return words
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}
