import { z } from 'zod';
import { documentText } from './documents';
import { recordId } from './envelope';
import { companySettings, companySettingsAnswer } from './settings';

/** Languages the public site is offered in; English is always on (the default). */
export const SITE_LANGUAGES = ['en', 'zh'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

/** A link to the company's page elsewhere: empty, or an http(s) address. */
const link = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === '' || /^https?:\/\/[^\s<>"]+$/i.test(v), {
    message: 'Enter an address starting with https://',
  });

export const MAX_FEATURED = 12;

/** What only the public site uses; the company's name and contact details are the letterhead's. */
export const websiteSite = z.object({
  intro: documentText(2000).default(''),
  intro_zh: documentText(2000).default(''),
  about: documentText(10000).default(''),
  about_zh: documentText(10000).default(''),
  theme_color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'A colour like #0b5cad')
    .default('#0b5cad'),
  show_prices: z.boolean().default(false),
  languages: z
    .array(z.enum(SITE_LANGUAGES))
    .max(SITE_LANGUAGES.length)
    .transform((v) => ['en' as const, ...new Set(v.filter((l) => l !== 'en'))])
    .default(['en', 'zh']),
  facebook: link.default(''),
  linkedin: link.default(''),
  youtube: link.default(''),
  instagram: link.default(''),
  featured_product_ids: z.array(recordId).max(MAX_FEATURED).default([]),
  favicon_file_id: recordId.nullable().default(null),
  /** The mail account website inquiries are filed under (null: the first enabled one). */
  inquiry_account_id: recordId.nullable().default(null),
  /** A second host name serving the site at `/` (`www.example-export.com`); empty: only /site. */
  host_name: z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .regex(
      /^$|^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
      'A host name like www.example.com',
    )
    .default(''),
  /** The acknowledgement mailed to the buyer after an inquiry (off by default). */
  ack_enabled: z.boolean().default(false),
  /** The account it is sent from (null: the account the inquiry was filed under). */
  ack_account_id: recordId.nullable().default(null),
  ack_subject: z.string().trim().max(200).default(''),
  ack_subject_zh: z.string().trim().max(200).default(''),
  ack_text: documentText(5000).default(''),
  ack_text_zh: documentText(5000).default(''),
});
export type WebsiteSite = z.infer<typeof websiteSite>;

/** The Website screen: the letterhead (one place for the company's details) and the site's own settings. */
export const websiteSettings = z.object({ company: companySettings, site: websiteSite });
export type WebsiteSettingsInput = z.infer<typeof websiteSettings>;
/** What GET answers: the letterhead always with its bank block. */
export const websiteSettingsAnswer = z.object({ company: companySettingsAnswer, site: websiteSite });
export type WebsiteSettings = z.infer<typeof websiteSettingsAnswer>;

/** The public inquiry form as posted (application/x-www-form-urlencoded or multipart). */
export const siteInquiry = z.object({
  name: z.string().trim().min(1, 'required').max(100),
  email: z.string().trim().max(254).email('email'),
  company: z.string().trim().max(200).default(''),
  country: z
    .string()
    .trim()
    .regex(/^([A-Z]{2})?$/, 'country')
    .default(''),
  phone: z.string().trim().max(50).default(''),
  message: z.string().trim().min(10, 'short').max(5000),
  product_id: z.coerce.number().int().min(1).max(2147483647).optional(),
});
export type SiteInquiry = z.infer<typeof siteInquiry>;
