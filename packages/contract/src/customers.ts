import { z } from 'zod';
import { listQuery, queryId, queryIdList, recordId, recordIds } from './envelope';
import type { Lookup } from './lookups';
import { GRADE, NATION, RELIGION, SITUATION, SOURCE } from './lookups';

/** An id that exists in the lookup table, or null for "not set". */
const lookupId = (table: Lookup) => {
  const ids = new Set(table.map((row) => row.id));
  return z
    .number()
    .int()
    .refine((id) => ids.has(id), { message: 'Unknown value' })
    .nullable();
};

const text = (max: number) => z.string().trim().max(max);

/** The editable fields of a customer (spec §3), snake_case as in API.md; every one may be left out. */
const customerShape = {
  company_name: text(200),
  name: text(100),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .refine((v) => v === '' || z.email().safeParse(v).success, { message: 'Invalid email address' }),
  grade: lookupId(GRADE),
  source: lookupId(SOURCE),
  nation: lookupId(NATION),
  religion: lookupId(RELIGION),
  situation: lookupId(SITUATION),
  website: text(300),
  job_title: text(100),
  address: text(500),
  phone: text(50),
  remark: text(5000),
  skype: text(100),
  qq: text(30),
  owner_id: recordId.nullable(),
};
const c = customerShape;

/** A whole customer as created: missing text is '', missing lookups null, a missing owner is the creator. */
export const customerFields = z.object({
  company_name: c.company_name.default(''),
  name: c.name.default(''),
  email: c.email.default(''),
  grade: c.grade.default(null),
  source: c.source.default(null),
  nation: c.nation.default(null),
  religion: c.religion.default(null),
  situation: c.situation.default(null),
  website: c.website.default(''),
  job_title: c.job_title.default(''),
  address: c.address.default(''),
  phone: c.phone.default(''),
  remark: c.remark.default(''),
  skype: c.skype.default(''),
  qq: c.qq.default(''),
  owner_id: c.owner_id.optional(),
});
export type CustomerFields = z.infer<typeof customerFields>;
export const CUSTOMER_FIELD_NAMES = Object.keys(customerFields.shape) as (keyof CustomerFields)[];

const needsAName = (v: { company_name?: string; name?: string }) => Boolean(v.company_name || v.name);
const nameRule = { message: 'Enter a company name or a contact name', path: ['company_name'] };

export const customerCreate = customerFields.refine(needsAName, nameRule);
export const customerUpdate = z
  .object(customerShape)
  .partial()
  .extend({ id: recordId })
  .refine((v) => (v.company_name === undefined && v.name === undefined) || needsAName(v), nameRule);

export const customer = z.object(customerShape).extend({
  id: z.number().int(),
  owner_id: z.number().int().nullable(),
  owner_name: z.string(),
  last_received_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type Customer = z.infer<typeof customer>;

export const CUSTOMER_SORTS = ['last_received_at', 'created_at', 'company_name', 'name'] as const;

/** Comma-separated ids in a query string ("1,3") or one id. */
const idList = queryIdList.optional();

export const customerListQuery = listQuery.extend({
  sort: z
    .string()
    .regex(new RegExp(`^-?(${CUSTOMER_SORTS.join('|')})$`))
    .optional(),
  grade: idList,
  source: idList,
  nation: idList,
  religion: idList,
  situation: idList,
  /** A user id, "me" for the caller's own customers, or "pool" for those without an owner. */
  owner: z.union([z.literal('me'), z.literal('pool'), queryId]).optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuery>;

export const customerBulkUpdate = z.object({
  ids: recordIds().min(1),
  grade: lookupId(GRADE).optional(),
  owner_id: recordId.nullable().optional(),
});

/** The customer pool: a salesperson claims customers without an owner and releases her own. */
export const customerClaim = z.object({ ids: recordIds().min(1) });
export const customerRelease = z.object({ ids: recordIds().min(1) });
/**
 * An admin hands customers to another user: those listed, or every customer of `from_user_id`
 * (the "a salesperson leaves" case), with their open documents and, optionally, the mailbox
 * assignments of the user they came from.
 */
export const customerTransfer = z
  .object({
    ids: recordIds().min(1).optional(),
    from_user_id: recordId.optional(),
    to_user_id: recordId,
    with_mail_accounts: z.boolean().default(false),
  })
  .refine((b) => (b.ids === undefined) !== (b.from_user_id === undefined), {
    message: 'Give either ids or from_user_id',
    path: ['ids'],
  });
export type CustomerTransfer = z.input<typeof customerTransfer>;

export const customerMerge = z.object({
  /** The customer that stays. */
  survivor_id: recordId,
  /** The customer merged into it, then deleted. */
  merged_id: recordId,
  /** Fields whose value is taken from the merged customer; every other field keeps the survivor's. */
  take_from_merged: z
    .array(z.enum(CUSTOMER_FIELD_NAMES as [keyof CustomerFields, ...(keyof CustomerFields)[]]))
    .default([]),
});

export const IMPORT_DUPLICATE_MODES = ['skip', 'update'] as const;
export const importQuery = z.object({ on_duplicate: z.enum(IMPORT_DUPLICATE_MODES).default('skip') });
export const importResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), msg: z.string() })),
});
export type ImportResult = z.infer<typeof importResult>;

/** Column headings of the customer spreadsheet and list, in both languages. */
export const CUSTOMER_LABELS = {
  id: { en: 'ID', zh: '编号' },
  company_name: { en: 'Company name', zh: '公司名称' },
  name: { en: 'Name', zh: '联系人' },
  email: { en: 'Email', zh: '邮箱' },
  grade: { en: 'Grade', zh: '客户等级' },
  source: { en: 'Source', zh: '客户来源' },
  nation: { en: 'Country', zh: '国家' },
  religion: { en: 'Religion', zh: '宗教' },
  situation: { en: 'Communication method', zh: '沟通方式' },
  website: { en: 'Website', zh: '网站' },
  job_title: { en: 'Job title', zh: '职位' },
  address: { en: 'Address', zh: '地址' },
  phone: { en: 'Phone', zh: '电话' },
  remark: { en: 'Remark', zh: '备注' },
  skype: { en: 'Skype', zh: 'Skype' },
  qq: { en: 'QQ', zh: 'QQ' },
  owner_id: { en: 'Owner', zh: '负责人' },
  last_received_at: { en: 'Last received', zh: '最近来信' },
  created_at: { en: 'Created', zh: '创建时间' },
} as const;
