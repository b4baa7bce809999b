import type { DashboardSummary } from '@quayside/contract';

const withQuery = (path: string, query: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString().replace(/%2C/g, ',');
  return qs ? `${path}?${qs}` : path;
};

/**
 * The filtered list behind each card and to-do, with the same filters the server counted
 * where the list has them (the salesperson as handler or owner when one is picked).
 */
export function cardLinks(_data: Pick<DashboardSummary, 'from' | 'to'>, ownerId?: number) {
  const openQuotations = withQuery('/order/quotation', { status: 'draft,sent', owner_id: ownerId });
  return {
    unread: withQuery('/email/inbox', { is_read: 'false' }),
    unhandled: withQuery('/inquiry/list', { state: 'new' }),
    inquiries: '/inquiry/list',
    quotations: openQuotations,
    expiring: openQuotations,
    orders: withQuery('/order/list', { status: 'in_progress', owner_id: ownerId }),
    waiting: withQuery('/inquiry/list', { state: 'new' }),
    followUps: withQuery('/email/inbox', { status: 'follow_up', handler_id: ownerId }),
    failedSends: '/email/outbox',
    tasks: withQuery('/task/list', { status: 'running' }),
  };
}
