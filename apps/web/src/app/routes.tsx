import type { UserInfo } from '@quayside/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { preloadable } from '@/shared/routes/preloadable';
import type { PageComponent, PageProps } from '@/shared/routes/types';
import { antdStylesReady, shellStylesReady } from '@/styles/antd-styles';

type Load = () => Promise<{ default: ComponentType<PageProps> }>;

/**
 * Every page is its own lazy chunk, so the first page loads only the shell. A page shows once
 * antd's whole stylesheet is in (styles/antd-styles.ts); the dashboard, with the shell's part of it
 * when the visit began there.
 */
const page = (load: Load, styles = antdStylesReady): PageComponent =>
  preloadable(() => Promise.all([load(), styles()]).then(([m]) => m));

/** Every mail folder is the same list page (it reads its folder from the path): one chunk. */
const emailFolder = page(() => import('@/features/email/pages/EmailFolderPage'));
/** Creating and updating a quotation is one page (it reads the id from the route): one chunk. */
const quotationEditor = page(() => import('@/features/quotations/pages/QuotationEditPage'));
const orderEditor = page(() => import('@/features/orders/pages/OrderEditPage'));

/**
 * What a page shows first, by route name: fetched beside the page's code when a visit begins on it
 * (app/screens.ts), so that its first render has its data instead of rendering twice. Silent: a
 * failed call is the page's own to make again and tell. A chunk of its own, downloaded while the
 * user is asked for: the login page does not carry the page's queries.
 */
type FetchData = (queryClient: QueryClient, user: UserInfo) => Promise<unknown>;
export const PAGE_DATA: Partial<Record<string, () => Promise<FetchData>>> = {
  Dashboard: () => import('@/features/dashboard/prefetch').then((m) => m.prefetchDashboard),
};

/**
 * The page of each named route of the table (`shared/routes/paths.ts`, spec §2). A route
 * without one belongs to a module not built yet: it is left out of the menu and the dashboard,
 * and its path shows "coming soon". Plugging a module in: add its pages here.
 */
export const PAGES: Record<string, PageComponent> = {
  Dashboard: page(() => import('@/features/dashboard/pages/DashboardPage'), shellStylesReady),
  CustomerIndex: page(() => import('@/features/customers/pages/CustomerListPage')),
  CustomerCreate: page(() => import('@/features/customers/pages/CustomerCreatePage')),
  CustomerDetailView: page(() => import('@/features/customers/pages/CustomerDetailPage')),
  EmailDetailView: page(() => import('@/features/email/pages/EmailDetailPage')),
  EmailCreateView: page(() => import('@/features/email/pages/EmailComposePage')),
  EmailInbox: emailFolder,
  EmailOutbox: emailFolder,
  EmailDrafts: emailFolder,
  EmailInquiry: emailFolder,
  EmailQuotation: emailFolder,
  EmailTrash: emailFolder,
  EmailAccounts: page(() => import('@/features/email/pages/MailAccountsPage')),
  EmailBlacklist: page(() => import('@/features/email/pages/BlacklistPage')),
  ProductIndex: page(() => import('@/features/products/pages/ProductListPage')),
  OrderIndex: page(() => import('@/features/orders/pages/OrderListPage')),
  OrderCreate: orderEditor,
  OrderDetailView: page(() => import('@/features/orders/pages/OrderDetailPage')),
  OrderUpdate: orderEditor,
  InvoiceIndex: page(() => import('@/features/invoices/pages/InvoiceListPage')),
  InvoiceDetailView: page(() => import('@/features/invoices/pages/InvoiceDetailPage')),
  InvoiceUpdate: page(() => import('@/features/invoices/pages/InvoiceEditPage')),
  PackingListIndex: page(() => import('@/features/packing-lists/pages/PackingListPage')),
  PackingListDetail: page(() => import('@/features/packing-lists/pages/PackingDetailPage')),
  PackingListUpdate: page(() => import('@/features/packing-lists/pages/PackingEditPage')),
  OrderQuotationIndex: page(() => import('@/features/quotations/pages/QuotationListPage')),
  OrderQuotationHistory: page(() => import('@/features/quotations/pages/QuotationHistoryPage')),
  InquiryIndex: page(() => import('@/features/quotations/pages/InquiryListPage')),
  CreateQuotation: quotationEditor,
  UpdateQuotation: quotationEditor,
  TaskIndex: page(() => import('@/features/tasks/pages/TaskListPage')),
  TaskCreateView: page(() => import('@/features/tasks/pages/TaskCreatePage')),
  TaskDetailView: page(() => import('@/features/tasks/pages/TaskDetailPage')),
  WebsiteIndex: page(() => import('@/features/website/pages/WebsitePage')),
  UserIndex: page(() => import('@/features/users/pages/UserListPage')),
  ProfileIndex: page(() => import('@/features/profile/pages/ProfilePage')),
};
