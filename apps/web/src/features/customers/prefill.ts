import type { CustomerFormValues } from './components/useCustomerForm';
import { FIELDS, type FieldName } from './fields';

/**
 * Texts of the query string prefill the form, so other screens can link here, e.g. an email's
 * sender: `/customer/create?email=ann@acme.com&name=Ann&company_name=Acme`.
 */
export function prefillFrom(search: string): Partial<CustomerFormValues> {
  const params = new URLSearchParams(search);
  const out: Partial<CustomerFormValues> = {};
  for (const [key, value] of params) {
    const def = FIELDS[key as FieldName];
    if (!def || def.kind === 'owner') continue;
    if (def.kind === 'lookup') {
      const id = Number(value);
      if (Number.isInteger(id) && id > 0) out[def.name] = id;
    } else out[def.name] = value.slice(0, def.max);
  }
  return out;
}
