/**
 * The contract's own validation messages, in both languages. Schemas carry the English text (zod
 * needs one); the server shows the caller's language by looking the English text up here.
 */
export const CONTRACT_MESSAGES = {
  'Unknown value': '无效的选项',
  'Invalid email address': '邮箱地址无效',
  'Enter a company name or a contact name': '请填写公司名称或联系人',
  'Expected ids separated by commas': '应为以逗号分隔的编号',
  'Expected a date such as 2026-12-31': '应为日期，例如 2026-12-31',
  'not an address': '不是有效的邮箱地址',
  'Too large': '内容过大',
  'Enter a name': '请填写名称',
  'Contains a character that is not allowed': '包含不允许的字符',
  'Enter a number such as 12.35': '请输入数字，例如 12.35',
  'At most 4 decimal places': '最多 4 位小数',
  'At most 3 decimal places': '最多 3 位小数',
} as const satisfies Record<string, string>;

export type ContractMessage = keyof typeof CONTRACT_MESSAGES;

export function localizeContractMessage(message: string, lang: 'en' | 'zh'): string {
  return lang === 'zh' && message in CONTRACT_MESSAGES
    ? CONTRACT_MESSAGES[message as ContractMessage]
    : message;
}
