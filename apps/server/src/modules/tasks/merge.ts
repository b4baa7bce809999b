import { escapeHtml } from '../../lib/html';

/** The values a recipient's merge fields take; '' when unknown (then the field's fallback shows). */
export type MergeValues = Record<string, string>;

/** The merge fields a template may use, in the order the editor offers them. */
export const MERGE_FIELDS = ['name', 'company_name', 'email', 'job_title', 'website'] as const;

const FIELD = /\{\{\s*([a-z_]+)\s*(?:\|([^}]*))?\}\}/gi;

/**
 * `{{name}}` → the recipient's value; `{{name|Sir or Madam}}` → the fallback when the value is empty.
 * An unknown field is left as written, so a typo shows in the preview instead of vanishing.
 * In HTML the value is escaped (a customer named `<b>` stays text); the fallback is the author's own text.
 */
export function renderMerge(template: string, values: MergeValues, mode: 'html' | 'text'): string {
  return template.replace(FIELD, (whole, field: string, fallback: string | undefined) => {
    const key = field.toLowerCase();
    if (!(MERGE_FIELDS as readonly string[]).includes(key)) return whole;
    const value = (values[key] ?? '').trim();
    if (value) return mode === 'html' ? escapeHtml(value) : value;
    return (fallback ?? '').trim();
  });
}

/** A customer's merge values (or an address alone, for a pasted one without a customer). */
export function mergeValues(
  address: string,
  customer?: { name: string; companyName: string; jobTitle: string; website: string },
): MergeValues {
  return {
    email: address,
    name: customer?.name ?? '',
    company_name: customer?.companyName ?? '',
    job_title: customer?.jobTitle ?? '',
    website: customer?.website ?? '',
  };
}
