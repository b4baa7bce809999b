import { EMAIL_FOLDERS, EMAIL_STATUS, EMAIL_TYPE, type EmailFolder } from '@quayside/contract';
import { defineList, type ListState } from '@/shared/list/url-state';

/**
 * The folder lists' URL and how it becomes the query of GET /api/email/list/:
 * `?q=&from=&date_from=&date_to=&type=&status=&handler_id=&is_read=&has_attachment=&account_id=&sort=&page=&page_size=`.
 * The folder itself is the page's path (/email/inbox …), not a parameter.
 */
export const EMAIL_LIST = defineList({
  filters: {
    from: 'text',
    date_from: 'text',
    date_to: 'text',
    type: 'text',
    status: 'text',
    handler_id: 'text',
    is_read: 'text',
    has_attachment: 'text',
    account_id: 'text',
  },
  sorts: ['date', 'subject'],
  defaultSort: '-date',
});

export type EmailFilters = (typeof EMAIL_LIST)['filters'];
export type EmailListState = ListState<EmailFilters>;
export type EmailFilterName = keyof EmailFilters;

/** The path of each folder's page. */
export const folderPath = (folder: EmailFolder) => `/email/${folder}`;

/** The folder of a page path (`/email/inbox?…` → inbox); null for any other page. */
export function folderOfPath(pathname: string): EmailFolder | null {
  const last = pathname.replace(/\/+$/, '').split('/').at(-1) ?? '';
  return (EMAIL_FOLDERS as readonly string[]).includes(last) ? (last as EmailFolder) : null;
}

/** Inquiry and quotation are email types listed like folders: the type filter means nothing there. */
export const folderIsType = (folder: EmailFolder) => folder === 'inquiry' || folder === 'quotation';

/** Sent mail and drafts show who they went to; the other folders who they came from. */
export const folderShowsRecipients = (folder: EmailFolder) => folder === 'outbox' || folder === 'drafts';

/** Preference keys of a folder's remembered settings (per user, on the server). */
export const emailPrefs = (folder: EmailFolder) => ({
  /** The last search form of the folder, restored when it is opened again (spec §3). */
  search: `email.${folder}.search`,
  /** Named searches. */
  searches: `email.${folder}.searches`,
  /** One column choice for every folder: they show the same fields. */
  columns: 'email.list.columns',
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) => DAY.test(v) && !Number.isNaN(Date.parse(v));
const isId = (v: string) => /^[1-9]\d{0,9}$/.test(v);
const isBool = (v: string) => v === 'true' || v === 'false';
const TYPES = new Set<string>(EMAIL_TYPE.map((t) => t.id));
const STATUSES = new Set<string>(EMAIL_STATUS.map((s) => s.id));

/**
 * The filters of a folder's URL that the server can take: a value it would refuse (a typo in a
 * link, an old saved search) is left out instead of failing the whole list.
 */
export function cleanFilters(
  folder: EmailFolder,
  filters: EmailListState['filters'],
): Record<string, string> {
  const out: Record<string, string> = {};
  const f = filters as Record<string, string | undefined>;
  const from = f.from?.trim();
  if (from) out.from = from.slice(0, 200);
  let dateFrom = f.date_from && isDay(f.date_from) ? f.date_from : undefined;
  let dateTo = f.date_to && isDay(f.date_to) ? f.date_to : undefined;
  // A range typed backwards still means the days between the two dates.
  if (dateFrom && dateTo && dateFrom > dateTo) [dateFrom, dateTo] = [dateTo, dateFrom];
  if (dateFrom) out.date_from = dateFrom;
  if (dateTo) out.date_to = dateTo;
  if (f.type && TYPES.has(f.type) && !folderIsType(folder)) out.type = f.type;
  if (f.status && STATUSES.has(f.status)) out.status = f.status;
  if (f.handler_id && isId(f.handler_id)) out.handler_id = f.handler_id;
  if (f.account_id && isId(f.account_id)) out.account_id = f.account_id;
  if (f.is_read && isBool(f.is_read)) out.is_read = f.is_read;
  if (f.has_attachment && isBool(f.has_attachment)) out.has_attachment = f.has_attachment;
  return out;
}

/** Everything GET /api/email/list/ takes for this folder and list state. */
export function emailListParams(folder: EmailFolder, state: EmailListState): Record<string, string | number> {
  const q = state.q.trim();
  return {
    folder,
    page: state.page,
    page_size: state.pageSize,
    sort: state.sort,
    ...(q ? { q } : {}),
    ...cleanFilters(folder, state.filters),
  };
}

/** How many filters (search text included) narrow the folder. */
export function activeEmailFilters(folder: EmailFolder, state: EmailListState): number {
  return Object.keys(cleanFilters(folder, state.filters)).length + (state.q.trim() ? 1 : 0);
}

/** The date range control's value from the URL, and back (days as `YYYY-MM-DD`). */
export function rangeOf(state: EmailListState): [string, string] | null {
  const { date_from, date_to } = state.filters;
  if (!date_from && !date_to) return null;
  return [date_from ?? date_to ?? '', date_to ?? date_from ?? ''];
}

export function rangeFilters(
  range: readonly [string, string] | null,
): Pick<EmailListState['filters'], 'date_from' | 'date_to'> {
  if (!range) return { date_from: undefined, date_to: undefined };
  const [a, b] = range[0] <= range[1] ? range : [range[1], range[0]];
  return { date_from: a || undefined, date_to: b || undefined };
}

/** Read state as the three-way control shows it: all, unread only, read only. */
export type ReadChoice = 'all' | 'unread' | 'read';
export const readChoiceOf = (isRead: string | undefined): ReadChoice =>
  isRead === 'false' ? 'unread' : isRead === 'true' ? 'read' : 'all';
export const isReadOf = (choice: ReadChoice): string | undefined =>
  choice === 'unread' ? 'false' : choice === 'read' ? 'true' : undefined;
