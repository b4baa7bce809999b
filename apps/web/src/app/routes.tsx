import { type ComponentType, lazy } from 'react';
import type { PageComponent, PageProps } from '@/shared/routes/types';

/** Every page is its own lazy chunk, so the first page loads only the shell. */
const page = (load: () => Promise<{ default: ComponentType<PageProps> }>): PageComponent =>
  Object.assign(lazy(load), { preload: load });

/** Screens whose module has not landed yet: a translated "coming soon" page (one shared chunk). */
const comingSoon = page(() => import('@/shared/ui/ComingSoonPage'));

/** Every mail folder is the same list page (it reads its folder from the path): one chunk. */
const emailFolder = page(() => import('@/features/email/pages/EmailFolderPage'));

/**
 * The page of every named route of the table (`shared/routes/paths.ts`, spec §2). Plugging a
 * module in: point its names at the pages of `features/<module>/` (or add an entry to both).
 */
export const PAGES: Record<string, PageComponent> = {
  Dashboard: page(() => import('@/features/dashboard/pages/DashboardPage')),
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
  TaskIndex: comingSoon,
  TaskCreateView: comingSoon,
  TaskDetailView: comingSoon,
  ProductIndex: comingSoon,
  OrderIndex: comingSoon,
  OrderCreate: comingSoon,
  OrderQuotationIndex: comingSoon,
  OrderQuotationHistory: comingSoon,
  CreateQuotation: comingSoon,
  UpdateQuotation: comingSoon,
  InvoiceIndex: comingSoon,
  PackingListIndex: comingSoon,
  WebsiteIndex: comingSoon,
  UserIndex: page(() => import('@/features/users/pages/UserListPage')),
  ProfileIndex: page(() => import('@/features/profile/pages/ProfilePage')),
};
