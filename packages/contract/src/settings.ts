import { z } from 'zod';
import { documentText } from './documents';
import { recordId } from './envelope';

/** The bank block printed on invoices (where the buyer pays); every field may stay empty. */
export const bankDetails = z.object({
  beneficiary: documentText(200).default(''),
  bank_name: documentText(200).default(''),
  bank_address: documentText(500).default(''),
  account_number: documentText(100).default(''),
  swift: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z0-9]{8}|[A-Z0-9]{11})?$/, 'A SWIFT/BIC code has 8 or 11 letters and digits')
    .default(''),
  /** Optional: banks outside IBAN countries have none. */
  iban: z
    .string()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .regex(/^([A-Z]{2}\d{2}[A-Z0-9]{10,30})?$/, 'An IBAN starts with a country code and two digits'),
    )
    .default(''),
});
export type BankDetails = z.infer<typeof bankDetails>;

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
  /** The most customers one salesperson may own (admins are exempt); a claim past it answers 409. Absent: kept as saved. */
  customer_cap: z.number().int().min(1).max(1_000_000).optional(),
  /** A salesperson's customer with no activity for this many days returns to the pool; null: never. */
  auto_return_days: z.number().int().min(7).max(3650).nullable().optional(),
  /** Printed on invoices; added after the letterhead, so a body without it keeps the saved one (see saveCompanySettings). */
  bank: bankDetails.optional(),
});
export type CompanySettingsInput = z.infer<typeof companySettings>;
/** What GET answers: always with the bank block (empty fields when never saved). */
export const companySettingsAnswer = companySettings.extend({
  bank: bankDetails,
  customer_cap: z.number().int(),
  auto_return_days: z.number().int().nullable(),
});
/** Until an admin saves them: 2,000 customers per salesperson, no auto-return. */
export const POOL_DEFAULTS = { customer_cap: 2000, auto_return_days: null } as const;
export type CompanySettings = z.infer<typeof companySettingsAnswer>;
