import {
  AccountBookOutlined,
  AppstoreOutlined,
  ContactsOutlined,
  ContainerOutlined,
  DashboardOutlined,
  DeleteOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  FormOutlined,
  GlobalOutlined,
  InboxOutlined,
  MailOutlined,
  MessageOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  StopOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { type ComponentType, lazy } from 'react';
import type { AppRoute, PageComponent, PageProps } from './route-types';

/** Every page is its own lazy chunk, so the first page loads only the shell. */
const page = (load: () => Promise<{ default: ComponentType<PageProps> }>): PageComponent =>
  Object.assign(lazy(load), { preload: load });

/** Screens whose module has not landed yet: a translated "coming soon" page (one shared chunk). */
const comingSoon = page(() => import('@/shared/ui/ComingSoonPage'));

/** Every mail folder is the same list page (it reads its folder from the path): one chunk. */
const emailFolder = page(() => import('@/features/email/pages/EmailFolderPage'));

const STAFF = ['admin', 'editor'] as const;
const ADMIN = ['admin'] as const;

/**
 * The route table (spec §2). Plugging a module in: point its entries' `component` at the
 * pages of `features/<module>/` (or add one entry), nothing else.
 */
export const ROUTES: AppRoute[] = [
  {
    path: '/',
    redirect: '/dashboard',
    children: [
      {
        path: 'dashboard',
        name: 'Dashboard',
        component: page(() => import('@/features/dashboard/pages/DashboardPage')),
        meta: { title: 'route.dashboard', icon: DashboardOutlined, affix: true, noCache: true },
      },
    ],
  },
  {
    path: '/customer',
    redirect: '/customer/list',
    meta: { title: 'route.customer', icon: ContactsOutlined },
    children: [
      {
        path: 'list',
        name: 'CustomerIndex',
        component: page(() => import('@/features/customers/pages/CustomerListPage')),
        meta: { title: 'route.customer', icon: ContactsOutlined },
      },
      {
        path: 'create',
        name: 'CustomerCreate',
        component: page(() => import('@/features/customers/pages/CustomerCreatePage')),
        meta: { title: 'route.customerCreate', hidden: true, activeMenu: '/customer/list' },
      },
      {
        path: 'detail/:id',
        name: 'CustomerDetailView',
        component: page(() => import('@/features/customers/pages/CustomerDetailPage')),
        props: true,
        meta: { title: 'route.customerDetail', hidden: true, activeMenu: '/customer/list' },
      },
    ],
  },
  {
    path: '/email',
    redirect: '/email/inbox',
    meta: { title: 'route.email', icon: MailOutlined, roles: STAFF, alwaysShow: true },
    children: [
      {
        path: 'list',
        redirect: '/email/inbox',
        meta: { title: 'route.emailInbox', hidden: true, roles: ADMIN },
      },
      {
        path: 'emailDetail/:id',
        name: 'EmailDetailView',
        component: page(() => import('@/features/email/pages/EmailDetailPage')),
        props: true,
        meta: { title: 'route.emailDetail', hidden: true, roles: ADMIN, activeMenu: '/email/inbox' },
      },
      {
        path: 'emailCreate/:id',
        name: 'EmailCreateView',
        component: page(() => import('@/features/email/pages/EmailComposePage')),
        props: true,
        // Kept alive in its tab (no noCache): uploads, undo history and the cursor survive a tab switch.
        meta: { title: 'route.emailCompose', hidden: true, roles: ADMIN, activeMenu: '/email/inbox' },
      },
      {
        path: 'inbox',
        name: 'EmailInbox',
        component: emailFolder,
        meta: { title: 'route.emailInbox', icon: InboxOutlined, roles: ADMIN },
      },
      {
        path: 'outbox',
        name: 'EmailOutbox',
        component: emailFolder,
        meta: { title: 'route.emailOutbox', icon: SendOutlined, roles: ADMIN },
      },
      {
        path: 'drafts',
        name: 'EmailDrafts',
        component: emailFolder,
        meta: { title: 'route.emailDrafts', icon: FormOutlined, roles: ADMIN },
      },
      {
        path: 'inquiry',
        name: 'EmailInquiry',
        component: emailFolder,
        meta: { title: 'route.emailInquiry', icon: MessageOutlined, roles: ADMIN },
      },
      {
        path: 'quotation',
        name: 'EmailQuotation',
        component: emailFolder,
        meta: { title: 'route.emailQuotation', icon: FileDoneOutlined, roles: ADMIN },
      },
      {
        path: 'trash',
        name: 'EmailTrash',
        component: emailFolder,
        meta: { title: 'route.emailTrash', icon: DeleteOutlined, roles: ADMIN },
      },
      {
        path: 'accounts',
        name: 'EmailAccounts',
        component: page(() => import('@/features/email/pages/MailAccountsPage')),
        meta: { title: 'route.emailAccounts', icon: SettingOutlined, roles: ADMIN },
      },
      {
        path: 'blacklist',
        name: 'EmailBlacklist',
        component: page(() => import('@/features/email/pages/BlacklistPage')),
        meta: { title: 'route.emailBlacklist', icon: StopOutlined, roles: ADMIN },
      },
    ],
  },
  {
    path: '/task',
    redirect: '/task/list',
    meta: { title: 'route.task', icon: ScheduleOutlined, roles: STAFF },
    children: [
      {
        path: 'list',
        name: 'TaskIndex',
        component: comingSoon,
        meta: { title: 'route.task', icon: ScheduleOutlined, roles: ADMIN },
      },
      {
        path: 'create',
        name: 'TaskCreateView',
        component: comingSoon,
        meta: { title: 'route.taskCreate', hidden: true, activeMenu: '/task/list' },
      },
      {
        path: 'detail/:id',
        name: 'TaskDetailView',
        component: comingSoon,
        props: true,
        meta: { title: 'route.taskDetail', hidden: true, activeMenu: '/task/list' },
      },
    ],
  },
  {
    path: '/product',
    redirect: '/product/list',
    meta: { title: 'route.product', icon: AppstoreOutlined, roles: STAFF },
    children: [
      {
        path: 'list',
        name: 'ProductIndex',
        component: comingSoon,
        meta: { title: 'route.product', icon: AppstoreOutlined, roles: ADMIN },
      },
    ],
  },
  {
    path: '/order',
    redirect: '/order/list',
    meta: { title: 'route.order', icon: ShoppingCartOutlined, roles: STAFF, alwaysShow: true },
    children: [
      {
        path: 'list',
        name: 'OrderIndex',
        component: comingSoon,
        meta: { title: 'route.orderList', icon: UnorderedListOutlined, roles: ADMIN },
      },
      {
        path: 'create',
        name: 'OrderCreate',
        component: comingSoon,
        meta: { title: 'route.orderCreate', hidden: true, roles: ADMIN, activeMenu: '/order/list' },
      },
      {
        path: 'quotation',
        name: 'OrderQuotationIndex',
        component: comingSoon,
        meta: { title: 'route.quotation', icon: AccountBookOutlined, roles: ADMIN },
      },
      {
        path: 'quotation/history/:id',
        name: 'OrderQuotationHistory',
        component: comingSoon,
        props: true,
        meta: { title: 'route.quotationHistory', hidden: true, roles: ADMIN, activeMenu: '/order/quotation' },
      },
      {
        path: 'createQuotation',
        name: 'CreateQuotation',
        component: comingSoon,
        meta: { title: 'route.quotationCreate', hidden: true, activeMenu: '/order/quotation' },
      },
      {
        path: 'updateQuotation/:id',
        name: 'UpdateQuotation',
        component: comingSoon,
        props: true,
        meta: { title: 'route.quotationUpdate', hidden: true, activeMenu: '/order/quotation' },
      },
    ],
  },
  {
    path: '/invoice',
    redirect: '/invoice/list',
    meta: { title: 'route.invoice', icon: FileTextOutlined, roles: STAFF },
    children: [
      {
        path: 'list',
        name: 'InvoiceIndex',
        component: comingSoon,
        meta: { title: 'route.invoice', icon: FileTextOutlined, roles: ADMIN },
      },
    ],
  },
  {
    path: '/packing-list',
    redirect: '/packing-list/list',
    meta: { title: 'route.packingList', icon: ContainerOutlined, roles: STAFF },
    children: [
      {
        path: 'list',
        name: 'PackingListIndex',
        component: comingSoon,
        meta: { title: 'route.packingList', icon: ContainerOutlined, roles: ADMIN },
      },
    ],
  },
  {
    path: '/website',
    redirect: '/website/index',
    meta: { title: 'route.website', icon: GlobalOutlined, roles: ADMIN },
    children: [
      {
        path: 'index',
        name: 'WebsiteIndex',
        component: comingSoon,
        meta: { title: 'route.website', icon: GlobalOutlined, roles: ADMIN },
      },
    ],
  },
  {
    path: '/user',
    redirect: '/user/list',
    meta: { title: 'route.user', icon: TeamOutlined, roles: ADMIN },
    children: [
      {
        path: 'list',
        name: 'UserIndex',
        component: page(() => import('@/features/users/pages/UserListPage')),
        meta: { title: 'route.user', icon: TeamOutlined, roles: ADMIN },
      },
    ],
  },
  {
    path: '/profile',
    redirect: '/profile/index',
    meta: { title: 'route.profile', icon: UserOutlined, roles: STAFF, hidden: true },
    children: [
      {
        path: 'index',
        name: 'ProfileIndex',
        component: page(() => import('@/features/profile/pages/ProfilePage')),
        meta: { title: 'route.profile', icon: UserOutlined, roles: ADMIN, hidden: true },
      },
    ],
  },
];
