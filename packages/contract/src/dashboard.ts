import { z } from 'zod';
import { calendarDate, queryId } from './envelope';

/** The longest period the dashboard compares (a little over ten years). */
export const DASHBOARD_MAX_DAYS = 3700;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** GET /api/dashboard/summary/: a period of whole UTC days; an admin may narrow it to one salesperson. */
export const dashboardQuery = z
  .object({ from: calendarDate, to: calendarDate, owner_id: queryId.optional() })
  .refine((q) => dayNumber(q.from) <= dayNumber(q.to), {
    path: ['to'],
    message: 'Expected a day on or after from',
  })
  .refine((q) => dayNumber(q.to) - dayNumber(q.from) < DASHBOARD_MAX_DAYS, {
    path: ['to'],
    message: 'Expected a period of at most ten years',
  });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/** A count with its money summed exactly per currency (decimal strings). */
export const currencySum = z.object({ currency: z.string(), count: z.number().int(), amount: z.string() });
export type CurrencySum = z.infer<typeof currencySum>;

const countAndSums = z.object({ count: z.number().int(), sums: z.array(currencySum) });

/**
 * Each card is null when the user may not open the list behind it (the list's own access rule), so
 * the dashboard never shows a figure its list would hide.
 */
export const dashboardSummary = z.object({
  from: calendarDate,
  to: calendarDate,
  /** The period of the same length just before: what `inquiries.previous` counts. */
  previous_from: calendarDate,
  previous_to: calendarDate,
  unread_mail: z.number().int(),
  unhandled_inquiries: z.number().int().nullable(),
  inquiries: z.object({ count: z.number().int(), previous: z.number().int() }).nullable(),
  /** Draft or sent, not past valid_until; `sums` hold each currency's total value. */
  open_quotations: countAndSums.nullable(),
  /** Open quotations whose valid_until is today or within the next 7 days. */
  expiring_quotations: z.number().int().nullable(),
  /** `sums` hold each currency's balance due (total − paid). */
  orders_in_progress: countAndSums.nullable(),
  todo: z.object({
    /** New inquiries received more than 24 h ago that no mail of ours has answered yet. */
    waiting_inquiries: z.number().int().nullable(),
    /** Mail marked follow-up. */
    follow_ups: z.number().int().nullable(),
    expiring_quotations: z.number().int().nullable(),
    failed_sends: z.number().int().nullable(),
  }),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;
