import type { FastifyRequest } from 'fastify';

export type Lang = 'en' | 'zh';

/** Every message the server shows a person, in both languages. `{name}` is replaced by a parameter. */
const messages = {
  ok: { en: 'ok', zh: '成功' },
  validationFailed: { en: 'Some fields are not valid', zh: '部分字段填写有误' },
  authRequired: { en: 'Login timed out, please log in again', zh: '登录已超时，请重新登录' },
  forbidden: { en: 'You do not have permission to do this', zh: '您没有执行此操作的权限' },
  passwordChangeRequired: {
    en: 'Please change your password before you continue',
    zh: '请先修改密码再继续',
  },
  notFound: { en: 'Not found', zh: '未找到' },
  routeNotFound: { en: 'No such API: {method} {url}', zh: '接口不存在：{method} {url}' },
  recordNotFound: { en: '{thing} not found', zh: '{thing}不存在' },
  internal: { en: 'Server error, please try again later', zh: '服务器异常，请稍后再试' },
  notReady: { en: 'This server is not ready: {reasons}', zh: '此服务器尚未就绪：{reasons}' },
  tooLarge: { en: 'The file is too large (limit {limit})', zh: '文件过大（上限 {limit}）' },
  rateLimited: {
    en: 'Too many attempts, please wait {minutes} minutes and try again',
    zh: '尝试次数过多，请 {minutes} 分钟后再试',
  },
  badCredentials: { en: 'Wrong username or password', zh: '用户名或密码错误' },
  userDisabled: { en: 'This account is disabled', zh: '该账号已被停用' },
  usernameTaken: { en: 'The username "{username}" is already taken', zh: '用户名“{username}”已被使用' },
  lastAdmin: {
    en: 'The last active admin cannot be disabled or lose the admin role',
    zh: '不能停用最后一个管理员，也不能取消其管理员角色',
  },
  wrongOldPassword: { en: 'The current password is wrong', zh: '当前密码不正确' },
  samePassword: { en: 'The new password must differ from the current one', zh: '新密码不能与当前密码相同' },
  noFile: { en: 'No file was uploaded', zh: '没有上传文件' },
  notAnImage: { en: 'The avatar must be an image', zh: '头像必须是图片' },
  thingUser: { en: 'User', zh: '用户' },
  thingCustomer: { en: 'Customer', zh: '客户' },
  thingQuotation: { en: 'Quotation', zh: '报价单' },
  thingQuotationVersion: { en: 'Quotation version', zh: '报价单版本' },
  thingInquiry: { en: 'Inquiry', zh: '询盘' },
  thingOrder: { en: 'Order', zh: '订单' },
  thingOrderVersion: { en: 'Order version', zh: '订单版本' },
  thingOrderPayment: { en: 'Payment', zh: '收款记录' },
  orderStale: {
    en: 'Someone saved this order in the meantime (now version {version}); your edits are kept on screen: reload the order and apply them again',
    zh: '其他人已保存了此订单（当前版本 {version}）；您的修改仍保留在页面上：请重新加载后再次应用',
  },
  orderNegativeTotal: {
    en: 'The discount is larger than the lines and shipping together',
    zh: '折扣大于明细金额与运费之和',
  },
  orderExistsForQuotation: {
    en: 'This quotation already has order {number}',
    zh: '此报价单已生成订单 {number}',
  },
  orderHasDocuments: {
    en: 'Order {number} has {count} invoices or packing lists: delete those first',
    zh: '订单 {number} 已有 {count} 张发票或装箱单，请先删除它们',
  },
  orderAmountPlaces: {
    en: 'At most {digits} decimal places in {currency}',
    zh: '{currency} 最多 {digits} 位小数',
  },
  documentCustomerNotYours: {
    en: 'You can make documents only for your own customers: claim a pool customer first',
    zh: '只能为自己的客户制作单据：公海客户请先领取',
  },
  documentDeleteOwnDrafts: {
    en: 'You can delete only your own drafts',
    zh: '只能删除自己的草稿',
  },
  quotationStale: {
    en: 'Someone saved this quotation in the meantime (now version {version}); your edits are kept on screen: reload the quotation and apply them again',
    zh: '其他人已保存了此报价单（当前版本 {version}）；您的修改仍保留在页面上：请重新加载后再次应用',
  },
  thingInvoice: { en: 'Invoice', zh: '发票' },
  thingInvoiceVersion: { en: 'Invoice version', zh: '发票版本' },
  invoiceStale: {
    en: 'Someone saved this invoice in the meantime (now version {version}); your edits are kept on screen: reload the invoice and apply them again',
    zh: '其他人已保存了此发票（当前版本 {version}）；您的修改仍保留在页面上：请重新加载后再次应用',
  },
  invoiceNegativeTotal: {
    en: 'The discount is larger than the lines and shipping together',
    zh: '折扣大于明细金额与运费之和',
  },
  quotationNegativeTotal: {
    en: 'The discount is larger than the lines and shipping together',
    zh: '折扣大于明细金额与运费之和',
  },
  quotationNoRecipient: {
    en: 'The customer has no email address: enter one',
    zh: '该客户没有邮箱地址，请填写收件人',
  },
  thingPackingList: { en: 'Packing list', zh: '装箱单' },
  thingPackingListVersion: { en: 'Packing list version', zh: '装箱单版本' },
  packingListStale: {
    en: 'Someone saved this packing list in the meantime (now version {version}); your edits are kept on screen: reload the packing list and apply them again',
    zh: '其他人已保存了此装箱单（当前版本 {version}）；您的修改仍保留在页面上：请重新加载后再次应用',
  },
  packingInvoiceOfOtherOrder: {
    en: "Choose one of the order's invoices",
    zh: '请选择该订单的发票',
  },
  customerEmailTaken: {
    en: 'The email {email} already belongs to customer "{customer}" (#{id})',
    zh: '邮箱 {email} 已属于客户“{customer}”（#{id}）',
  },
  customerNeedsName: { en: 'Enter a company name or a contact name', zh: '请填写公司名称或联系人' },
  customerRestoreExpired: {
    en: 'Customer #{id} was deleted more than {days} days ago and can no longer be restored',
    zh: '客户 #{id} 删除已超过 {days} 天，无法恢复',
  },
  customerMergeSame: { en: 'Choose two different customers to merge', zh: '请选择两个不同的客户进行合并' },
  unknownOwner: { en: 'No such user to own the customer', zh: '负责人不存在' },
  customerEmailOwned: {
    en: 'The email {email} already belongs to a customer of {owner}',
    zh: '邮箱 {email} 已属于 {owner} 的客户',
  },
  customerDomainOwned: {
    en: 'Customers at {domain} belong to {owner}: ask them or an admin',
    zh: '{domain} 的客户属于 {owner}，请联系对方或管理员',
  },
  customerOwnerNotYou: {
    en: 'You can make customers your own or put them in the pool, not give them to someone else',
    zh: '您只能把客户设为自己的或放入公海，不能指派给他人',
  },
  customerClaimCap: {
    en: 'You already have the most customers allowed ({cap}): release some to the pool first',
    zh: '您的客户数已达上限（{cap}），请先释放一些客户到公海',
  },
  customerClaimTaken: {
    en: 'Someone else took one of these customers a moment ago',
    zh: '其中有客户刚刚被他人领取',
  },
  customerNotInPool: {
    en: 'Customer #{id} is not in the pool (any more)',
    zh: '客户 #{id} 不在公海中（可能已被领取）',
  },
  customerTransferSame: {
    en: 'Choose a different user to hand the customers to',
    zh: '请选择另一位接收客户的用户',
  },
  customerTransferTarget: {
    en: 'No active user to hand the customers to',
    zh: '接收客户的用户不存在或已停用',
  },
  customerTransferMailOneOwner: {
    en: 'Mailboxes move with the customers of one user: choose customers of one owner, or a user',
    zh: '邮箱只能随同一用户的客户转移：请选择同一负责人的客户，或选择一位用户',
  },
  poolName: { en: 'the pool', zh: '公海' },
  importPoolClaimFirst: {
    en: 'Email {email} belongs to customer #{id} in the pool: claim it before updating it',
    zh: '邮箱 {email} 属于公海中的客户 #{id}，请先领取再更新',
  },
  spreadsheetUnreadable: {
    en: 'The file could not be read: upload an .xlsx or .csv file',
    zh: '无法读取文件：请上传 .xlsx 或 .csv 文件',
  },
  importUnknownValue: { en: '{field}: unknown value "{value}"', zh: '{field}：无法识别的值“{value}”' },
  importDuplicateInFile: {
    en: 'Email {email} appears earlier in the file (row {row})',
    zh: '邮箱 {email} 在文件中重复（第 {row} 行）',
  },
  importFileImportedBefore: {
    en: 'This file was imported on {date} by {name}. Import it again?',
    zh: '此文件已于 {date} 由 {name} 导入过。要再次导入吗？',
  },
  importSkippedExisting: {
    en: 'Email {email} already belongs to customer #{id}: skipped',
    zh: '邮箱 {email} 已属于客户 #{id}，已跳过',
  },
  thingFile: { en: 'File', zh: '文件' },
  thingEmail: { en: 'Email', zh: '邮件' },
  thingEmailAccount: { en: 'Mail account', zh: '邮箱账户' },
  demoNotAvailable: {
    en: 'Sample data goes only into a new database: no users besides admin, no customers, no mail accounts',
    zh: '示例数据只能添加到新数据库（除 admin 外没有用户，也没有客户和邮箱账户）',
  },
  blacklistDuplicate: { en: '"{value}" is already on the blacklist', zh: '“{value}”已在黑名单中' },
  emailAccountTaken: {
    en: 'A mail account with the address "{address}" already exists',
    zh: '邮箱地址“{address}”的账户已存在',
  },
  draftStale: {
    en: 'This draft was changed elsewhere (another tab or user); reload it before saving',
    zh: '此草稿已在别处（其他标签页或用户）修改，请重新加载后再保存',
  },
  emailNoRecipients: { en: 'Add at least one recipient', zh: '请至少填写一个收件人' },
  noSendAccount: { en: 'You have no mail account to send from', zh: '您没有可用的发信邮箱' },
  emailPasswordRequired: { en: 'The password is required', zh: '请填写密码' },
  emailSecretChanged: {
    en: 'The stored password cannot be read (was QUAYSIDE_SECRET changed?); enter it again',
    zh: '无法读取已保存的密码（QUAYSIDE_SECRET 是否已更改？），请重新输入',
  },
  smtpNotConfigured: { en: 'No SMTP server is set', zh: '未设置 SMTP 服务器' },
  sendAtPast: { en: 'Choose a send time in the future', zh: '请选择一个将来的发送时间' },
  sendAtTooFar: { en: 'A send can be scheduled at most one year ahead', zh: '定时发送最多只能设在一年以内' },
  emailAlreadySent: {
    en: 'This email has already been sent; it can no longer be cancelled',
    zh: '此邮件已发送，无法撤回',
  },
  emailBeingSent: {
    en: 'This email is being sent right now; it can no longer be cancelled',
    zh: '此邮件正在发送中，无法撤回',
  },
  emailNotQueued: { en: 'This email is not waiting to be sent', zh: '此邮件不在待发送队列中' },
  connectionFailed: { en: 'Connection failed: {reason}', zh: '连接失败：{reason}' },
  handlerNotFound: { en: 'No such user to handle these emails', zh: '指定的处理人不存在' },
  valueTaken: { en: 'Already taken: {field}', zh: '已被使用：{field}' },
  stillReferenced: { en: 'Other records still refer to it: {field}', zh: '仍有其他记录引用：{field}' },
  referenceMissing: {
    en: 'The record it refers to does not exist: {field}',
    zh: '所引用的记录不存在：{field}',
  },
  valueNotStorable: { en: 'This value cannot be stored: {field}', zh: '该值无法保存：{field}' },
  nulCharacter: { en: 'Contains a NUL character, which is not allowed', zh: '包含不允许的 NUL 字符' },
  badUpload: {
    en: 'The upload is not a complete multipart/form-data file',
    zh: '上传内容不是完整的 multipart/form-data 文件',
  },
  methodNotAllowed: {
    en: '{method} is not allowed here; use {allowed}',
    zh: '此接口不支持 {method}，请使用 {allowed}',
  },
  thingProduct: { en: 'Product', zh: '产品' },
  thingProductCategory: { en: 'Category', zh: '分类' },
  productModelTaken: {
    en: 'The model {model} already belongs to product "{product}" (#{id})',
    zh: '型号 {model} 已属于产品“{product}”（#{id}）',
  },
  productRestoreExpired: {
    en: 'Product #{id} was deleted more than {days} days ago and can no longer be restored',
    zh: '产品 #{id} 删除已超过 {days} 天，无法恢复',
  },
  unknownCategory: { en: 'No such category', zh: '分类不存在' },
  categoryNameTaken: {
    en: 'A category named "{name}" already exists here',
    zh: '此处已有名为“{name}”的分类',
  },
  categoryTooDeep: {
    en: 'Categories have two levels: a subcategory cannot hold subcategories of its own',
    zh: '分类最多两级：子分类下不能再建子分类',
  },
  categoryNotEmpty: {
    en: 'Category "{name}" still holds {products} products and {children} subcategories; move them first',
    zh: '分类“{name}”下还有 {products} 个产品和 {children} 个子分类，请先移走',
  },
  categoryReorderMismatch: {
    en: 'Give every category of that level exactly once',
    zh: '请完整列出该层级的所有分类，且每个只出现一次',
  },
  pictureNotImage: {
    en: '"{name}" is not a picture: upload JPEG, PNG, WebP, GIF, AVIF or TIFF (SVG is not accepted)',
    zh: '“{name}”不是图片：请上传 JPEG、PNG、WebP、GIF、AVIF 或 TIFF（不接受 SVG）',
  },
  pictureTooLarge: { en: '"{name}" is larger than {limit}', zh: '“{name}”超过 {limit}' },
  pictureTooManyPixels: {
    en: '"{name}" has more than {limit} megapixels',
    zh: '“{name}”超过 {limit} 百万像素',
  },
  pictureUnreadable: { en: '"{name}" could not be read as a picture', zh: '无法将“{name}”读取为图片' },
  importDuplicateModel: {
    en: 'Model {model} appears earlier in the file (row {row})',
    zh: '型号 {model} 在文件中重复（第 {row} 行）',
  },
  importNeedsName: { en: 'Name is required', zh: '产品名称必填' },
  thingTask: { en: 'Task', zh: '任务' },
  taskNoRecipients: { en: 'The task reaches nobody: add recipients', zh: '该任务没有收件人，请添加收件人' },
  taskWindowRequired: {
    en: 'Set a time range whose end is after its start',
    zh: '请设置结束晚于开始的时间段',
  },
  taskUnknownTimeZone: { en: 'Unknown time zone "{zone}"', zh: '未知时区“{zone}”' },
  taskHoursOrder: { en: 'The working hours must end after they start', zh: '工作时间的结束须晚于开始' },
  taskTestNeedsSubject: { en: 'Write a subject before sending a test', zh: '发送测试前请填写主题' },
  taskTestFailed: {
    en: 'The test to {to} was not sent: {reason}',
    zh: '发往 {to} 的测试邮件未能发送：{reason}',
  },
  taskWindowTooShort: {
    en: 'The time range has {minutes} minutes left for {count} emails (one a minute at most)',
    zh: '时间段只剩 {minutes} 分钟，不够发送 {count} 封邮件（每分钟最多一封）',
  },
  taskWrongState: {
    en: 'Not possible while the task is {state}',
    zh: '任务处于“{state}”状态，无法执行此操作',
  },
  importSkippedModel: {
    en: 'Model {model} already belongs to product #{id}: skipped',
    zh: '型号 {model} 已属于产品 #{id}，已跳过',
  },
} as const satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;

export function translate(lang: Lang, key: MessageKey, params?: MessageParams): string {
  const text: string = messages[key][lang];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => {
    const value = params[name];
    if (value === undefined) return m;
    // A parameter that names a message key (e.g. thing: 'thingUser') is translated too.
    return typeof value === 'string' && value in messages
      ? messages[value as MessageKey][lang]
      : String(value);
  });
}

/** The caller's language: the `language` cookie of the web app first, then Accept-Language. */
export function requestLanguage(request: FastifyRequest): Lang {
  const cookie = request.cookies?.language;
  if (cookie === 'zh' || cookie === 'en') return cookie;
  const accept = request.headers['accept-language'] ?? '';
  const first = accept.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('zh') ? 'zh' : 'en';
}
