import type { SearchHit, SearchKind } from '@quayside/contract';

/** Where a hit opens (in a tab of its own, like any page). Products have no page: their list, searched. */
export function pathOfHit(kind: SearchKind, hit: SearchHit): string {
  switch (kind) {
    case 'customer':
      return `/customer/detail/${hit.id}`;
    case 'email':
    case 'inquiry': // An inquiry is an email: its page, as the inquiry list's subject link opens it.
      return `/email/emailDetail/${hit.id}`;
    case 'quotation':
      return `/order/updateQuotation/${hit.id}`;
    case 'order':
      return `/order/detail/${hit.id}`;
    case 'invoice':
      return `/invoice/detail/${hit.id}`;
    case 'packing_list':
      return `/packing/detail/${hit.id}`;
    case 'product':
      return `/product/list?q=${encodeURIComponent(hit.subtitle || hit.title)}`;
  }
}
