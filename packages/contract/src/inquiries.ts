import { z } from 'zod';
import { documentText } from './documents';
import { calendarDate, listQuery, queryId, recordId } from './envelope';

// The customer an inquiry's sender suggests (served from here: index.ts is a file many edit).
export * from './sender';

/** The sales pipeline of an inquiry: new → quoted → won / lost. */
export const INQUIRY_STATES = ['new', 'quoted', 'won', 'lost'] as const;
export type InquiryState = (typeof INQUIRY_STATES)[number];
export const LOST_REASONS = [
  { id: 'price', en: 'Price too high', zh: '价格太高' },
  { id: 'lead_time', en: 'Lead time too long', zh: '交期太长' },
  { id: 'moq', en: 'Order quantity too small', zh: '起订量不满足' },
  { id: 'competitor', en: 'Went to a competitor', zh: '选择了竞争对手' },
  { id: 'no_reply', en: 'No reply from the buyer', zh: '客户无回复' },
  { id: 'other', en: 'Other', zh: '其他' },
] as const;
const lostReasonIds = LOST_REASONS.map((r) => r.id) as [string, ...string[]];

const isoDate = calendarDate;

export const inquiryListQuery = listQuery.extend({
  state: z.enum(INQUIRY_STATES).optional(),
  handler_id: queryId.optional(),
  customer_id: queryId.optional(),
  nation: queryId.optional(),
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
});
export type InquiryListQuery = z.infer<typeof inquiryListQuery>;

export const inquiry = z.object({
  email_id: z.number().int(),
  subject: z.string(),
  from_name: z.string(),
  from_address: z.string(),
  date: z.string(),
  customer_id: z.number().int().nullable(),
  customer_name: z.string(),
  nation: z.number().int().nullable(),
  handler_id: z.number().int().nullable(),
  handler_name: z.string(),
  state: z.enum(INQUIRY_STATES),
  lost_reason: z.string().nullable(),
  lost_note: z.string(),
  quotations: z.array(z.object({ id: z.number().int(), number: z.string(), version: z.number().int() })),
});
export type Inquiry = z.infer<typeof inquiry>;

export const inquiryListAnswer = z.object({
  items: z.array(inquiry),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Inquiries per state under the same filters (the state filter aside). */
  counts: z.object({
    new: z.number().int(),
    quoted: z.number().int(),
    won: z.number().int(),
    lost: z.number().int(),
  }),
});
export type InquiryListAnswer = z.infer<typeof inquiryListAnswer>;

export const inquiryStateBody = z
  .object({
    ids: z.array(recordId).min(1).max(1000),
    state: z.enum(INQUIRY_STATES),
    lost_reason: z.enum(lostReasonIds).nullable().default(null),
    lost_note: documentText(1000).default(''),
  })
  .refine((b) => b.state !== 'lost' || b.lost_reason !== null, {
    message: 'Choose a reason',
    path: ['lost_reason'],
  });
export type InquiryStateBody = z.infer<typeof inquiryStateBody>;

/**
 * POST /api/inquiry/customer/: the customer a quotation for this inquiry is made out to — the one
 * the email is linked to, else the live customer with the sender's address, else one created from
 * the sender (and the email linked to it).
 */
export const inquiryCustomerBody = z.object({ email_id: recordId });
export const inquiryCustomerAnswer = z.object({
  customer_id: z.number().int(),
  /** A customer was made from the sender just now. */
  created: z.boolean(),
});
export type InquiryCustomerAnswer = z.infer<typeof inquiryCustomerAnswer>;
