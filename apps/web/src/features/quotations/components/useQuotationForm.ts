import type { Quotation } from '@quayside/contract';
import { type EditLine, editLinesOf } from '../lines';

export type Header = {
  customer_id: number | null;
  inquiry_email_id: number | null;
  contact_name: string;
  contact_email: string;
  currency: string;
  trade_term: string | null;
  port_of_loading: string;
  port_of_destination: string;
  payment_terms: string;
  lead_time: string;
  valid_until: string | null;
  discount: string;
  shipping_cost: string;
  remark: string;
};

export const emptyHeader = (prefill: Partial<Header> = {}): Header => ({
  customer_id: null,
  inquiry_email_id: null,
  contact_name: '',
  contact_email: '',
  currency: 'USD',
  trade_term: null,
  port_of_loading: '',
  port_of_destination: '',
  payment_terms: '',
  lead_time: '',
  valid_until: null,
  discount: '0',
  shipping_cost: '0',
  remark: '',
  ...prefill,
});

/** A saved version as the editor holds it; each line shows its picture's stored thumbnail. */
export function fromQuotation(q: Quotation): { header: Header; lines: EditLine[] } {
  const { items, thumb_urls: thumbs, ...rest } = q;
  return {
    header: emptyHeader({
      customer_id: rest.customer_id,
      inquiry_email_id: rest.inquiry_email_id,
      contact_name: rest.contact_name,
      contact_email: rest.contact_email,
      currency: rest.currency,
      trade_term: rest.trade_term,
      port_of_loading: rest.port_of_loading,
      port_of_destination: rest.port_of_destination,
      payment_terms: rest.payment_terms,
      lead_time: rest.lead_time,
      valid_until: rest.valid_until,
      discount: rest.discount,
      shipping_cost: rest.shipping_cost,
      remark: rest.remark,
    }),
    lines: editLinesOf(items, thumbs),
  };
}
