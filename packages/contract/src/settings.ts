import { z } from 'zod';
import { documentText } from './documents';
import { recordId } from './envelope';

/** The company's letterhead on documents (and, later, the website's contact details). */
export const companySettings = z.object({
  name: documentText(200).default(''),
  name_zh: documentText(200).default(''),
  address: documentText(1000).default(''),
  phone: documentText(100).default(''),
  email: documentText(254).default(''),
  website: documentText(300).default(''),
  logo_file_id: recordId.nullable().default(null),
  /** Prefix of quotation numbers ("QT" → QT-2026-0001). */
  quotation_prefix: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,10}$/, 'Letters and digits, at most 10')
    .default('QT'),
});
export type CompanySettings = z.infer<typeof companySettings>;
