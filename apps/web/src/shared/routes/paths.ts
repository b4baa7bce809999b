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
import type { AppRoute } from './types';

export const LOGIN_PATH = '/login';
/** Where a user whose password must be changed is held until it is. */
export const PASSWORD_PATH = '/password';
export const FORBIDDEN_PATH = '/401';
export const NOT_FOUND_PATH = '/404';
/** Query flag that tells the 401 page not to offer going back (spec §2). */
export const NO_GO_BACK = 'noGoBack';
export const FORBIDDEN_REDIRECT = `${FORBIDDEN_PATH}?${NO_GO_BACK}=true`;

/** The parents the spec opens to the editor (spec §6), and to a salesperson. */
const STAFF = ['admin', 'editor', 'sales'] as const;
/** The admin's screens a salesperson works too, narrowed by the server to her records (issue 32). */
const SALES = ['admin', 'sales'] as const;
const ADMIN = ['admin'] as const;

/**
 * The route table (spec §2): paths, titles, icons and roles, readable by the shell and the
 * features. Every named route is a page; `app/routes.tsx` says which component renders it.
 */
export const ROUTES: AppRoute[] = [
  {
    path: '/',
    redirect: '/dashboard',
    children: [
      {
        path: 'dashboard',
        name: 'Dashboard',
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
        meta: { title: 'route.customer', icon: ContactsOutlined },
      },
      {
        path: 'create',
        name: 'CustomerCreate',
        meta: { title: 'route.customerCreate', hidden: true, activeMenu: '/customer/list' },
      },
      {
        path: 'detail/:id',
        name: 'CustomerDetailView',
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
        meta: { title: 'route.emailInbox', hidden: true, roles: SALES },
      },
      {
        path: 'emailDetail/:id',
        name: 'EmailDetailView',
        props: true,
        meta: { title: 'route.emailDetail', hidden: true, roles: SALES, activeMenu: '/email/inbox' },
      },
      {
        path: 'emailCreate/:id',
        name: 'EmailCreateView',
        props: true,
        // Kept alive in its tab (no noCache): uploads, undo history and the cursor survive a tab switch.
        meta: { title: 'route.emailCompose', hidden: true, roles: SALES, activeMenu: '/email/inbox' },
      },
      {
        path: 'inbox',
        name: 'EmailInbox',
        meta: { title: 'route.emailInbox', icon: InboxOutlined, roles: SALES },
      },
      {
        path: 'outbox',
        name: 'EmailOutbox',
        meta: { title: 'route.emailOutbox', icon: SendOutlined, roles: SALES },
      },
      {
        path: 'drafts',
        name: 'EmailDrafts',
        meta: { title: 'route.emailDrafts', icon: FormOutlined, roles: SALES },
      },
      {
        path: 'inquiry',
        name: 'EmailInquiry',
        meta: { title: 'route.emailInquiry', icon: MessageOutlined, roles: SALES },
      },
      {
        path: 'quotation',
        name: 'EmailQuotation',
        meta: { title: 'route.emailQuotation', icon: FileDoneOutlined, roles: SALES },
      },
      {
        path: 'trash',
        name: 'EmailTrash',
        meta: { title: 'route.emailTrash', icon: DeleteOutlined, roles: SALES },
      },
      {
        path: 'accounts',
        name: 'EmailAccounts',
        meta: { title: 'route.emailAccounts', icon: SettingOutlined, roles: ADMIN },
      },
      {
        path: 'blacklist',
        name: 'EmailBlacklist',
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
        meta: { title: 'route.task', icon: ScheduleOutlined, roles: SALES },
      },
      {
        path: 'create',
        name: 'TaskCreateView',
        meta: { title: 'route.taskCreate', hidden: true, activeMenu: '/task/list' },
      },
      {
        path: 'detail/:id',
        name: 'TaskDetailView',
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
        meta: { title: 'route.product', icon: AppstoreOutlined, roles: SALES },
      },
    ],
  },
  {
    // Spec §1/§2 name an "inquiry" screen without its path: /inquiry/list (docs/decisions/web-shell.md).
    path: '/inquiry',
    redirect: '/inquiry/list',
    meta: { title: 'route.inquiry', icon: MessageOutlined, roles: SALES },
    children: [
      {
        path: 'list',
        name: 'InquiryIndex',
        meta: { title: 'route.inquiry', icon: MessageOutlined, roles: SALES },
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
        meta: { title: 'route.orderList', icon: UnorderedListOutlined, roles: SALES },
      },
      {
        path: 'create',
        name: 'OrderCreate',
        meta: { title: 'route.orderCreate', hidden: true, roles: SALES, activeMenu: '/order/list' },
      },
      {
        path: 'detail/:id',
        name: 'OrderDetailView',
        props: true,
        meta: { title: 'route.orderDetail', hidden: true, roles: SALES, activeMenu: '/order/list' },
      },
      {
        path: 'update/:id',
        name: 'OrderUpdate',
        props: true,
        meta: { title: 'route.orderUpdate', hidden: true, roles: SALES, activeMenu: '/order/list' },
      },
      // Invoices sit in the order group (docs/decisions/web-shell.md) under their own paths, /invoice/*.
      {
        path: '/invoice/list',
        name: 'InvoiceIndex',
        meta: { title: 'route.invoice', icon: FileTextOutlined, roles: SALES },
      },
      {
        path: '/invoice/detail/:id',
        name: 'InvoiceDetailView',
        props: true,
        meta: { title: 'route.invoiceDetail', hidden: true, roles: SALES, activeMenu: '/invoice/list' },
      },
      {
        path: '/invoice/update/:id',
        name: 'InvoiceUpdate',
        props: true,
        meta: { title: 'route.invoiceUpdate', hidden: true, roles: SALES, activeMenu: '/invoice/list' },
      },
      // Packing lists sit in the order group (docs/decisions/web-shell.md) under their own paths, /packing/*.
      {
        path: '/packing/list',
        name: 'PackingListIndex',
        meta: { title: 'route.packingList', icon: ContainerOutlined, roles: SALES },
      },
      {
        path: '/packing/detail/:id',
        name: 'PackingListDetail',
        props: true,
        meta: { title: 'route.packingListDetail', hidden: true, roles: SALES, activeMenu: '/packing/list' },
      },
      {
        path: '/packing/update/:id',
        name: 'PackingListUpdate',
        props: true,
        meta: { title: 'route.packingListUpdate', hidden: true, roles: SALES, activeMenu: '/packing/list' },
      },
      {
        path: 'quotation',
        name: 'OrderQuotationIndex',
        meta: { title: 'route.quotation', icon: AccountBookOutlined, roles: SALES },
      },
      {
        path: 'quotation/history/:id',
        name: 'OrderQuotationHistory',
        props: true,
        meta: { title: 'route.quotationHistory', hidden: true, roles: SALES, activeMenu: '/order/quotation' },
      },
      {
        path: 'createQuotation',
        name: 'CreateQuotation',
        meta: { title: 'route.quotationCreate', hidden: true, activeMenu: '/order/quotation' },
      },
      {
        path: 'updateQuotation/:id',
        name: 'UpdateQuotation',
        props: true,
        meta: { title: 'route.quotationUpdate', hidden: true, activeMenu: '/order/quotation' },
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
        meta: { title: 'route.profile', icon: UserOutlined, roles: SALES, hidden: true },
      },
    ],
  },
];
