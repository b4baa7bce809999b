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
  /** Email tasks running now; `sent` counts their recipients sent (opened ones too), `opened` those opened. */
  running_tasks: z
    .object({ count: z.number().int(), sent: z.number().int(), opened: z.number().int() })
    .nullable(),
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

/** One UTC day's mail: received into the inbox, sent (or synced from our Sent folder). */
const emailDay = z.object({ day: calendarDate, received: z.number().int(), sent: z.number().int() });
const moneyRow = z.object({ currency: z.string(), count: z.number().int(), amount: z.string() });

/** The top few of one currency (money in different currencies is never added together). */
const ranked = <T extends z.ZodRawShape>(shape: T) =>
  z.object({
    currency: z.string(),
    items: z.array(z.object({ ...shape, count: z.number().int(), amount: z.string() })),
  });

/**
 * GET /api/dashboard/charts/ (same query as the summary): the period's charts, every day of the period
 * present (zeros too). Each part is null when a list behind it is closed to the user.
 */
export const dashboardCharts = z.object({
  from: calendarDate,
  to: calendarDate,
  emails: z.array(emailDay).nullable(),
  inquiries: z
    .object({
      days: z.array(z.object({ day: calendarDate, count: z.number().int() })),
      /** The top countries (NATION lookup id; the customer's, else the sender's IP), most first. */
      countries: z.array(z.object({ nation: z.number().int(), count: z.number().int() })),
    })
    .nullable(),
  /**
   * The period's inquiries, those of them a quotation was made from, and those whose quotation became
   * an order (each stage a subset of the one before, so rates are at most 100%).
   */
  funnel: z
    .object({ inquiries: z.number().int(), quoted: z.number().int(), ordered: z.number().int() })
    .nullable(),
  /** Orders made in the period: value (total) per month (`YYYY-MM`, UTC) and currency. */
  order_value: z.array(moneyRow.extend({ month: z.string() })).nullable(),
  /** Per currency, the five customers with the most order value in the period. */
  top_customers: z.array(ranked({ customer_id: z.number().int(), name: z.string() })).nullable(),
  /** Per currency, the five products (by product, else by model or description) with the most line value. */
  top_products: z.array(ranked({ product_id: z.number().int().nullable(), name: z.string() })).nullable(),
});
export type DashboardCharts = z.infer<typeof dashboardCharts>;
