import type { EmailAddress } from './email';

// A customer guessed from a mail sender: the email page's "create customer from this sender"
// form, and the server when a quotation is made from an inquiry whose sender is no customer yet.

/** Providers whose domain says nothing about the sender's company. */
const FREE_MAIL = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'mail.ru',
  'yandex.ru',
  'proton.me',
  'protonmail.com',
  'qq.com',
  'foxmail.com',
  '163.com',
  '126.com',
  'sina.com',
  'sohu.com',
  'yeah.net',
  'aliyun.com',
  'naver.com',
]);

export const domainOf = (address: string) =>
  address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();

/** A public mail provider: its domain is shared by strangers, never one company. */
export const isFreeMail = (domain: string) =>
  FREE_MAIL.has(domain) || /^(yahoo|hotmail|outlook|live)\./.test(domain);

/** The company a business address suggests: `h.becker@becker-handel.de` → "Becker Handel". */
export function companyFromAddress(address: string): string {
  const domain = domainOf(address);
  if (!domain || isFreeMail(domain)) return '';
  const labels = domain.split('.');
  // The registrable name: skip a second-level suffix such as co.uk, com.br, com.cn.
  let i = labels.length - 2;
  if (i > 0 && /^(co|com|net|org|gov|edu|ac|ne|or)$/.test(labels[i] ?? '')) i -= 1;
  const name = labels[Math.max(0, i)] ?? '';
  return name
    .split(/[-_]/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join(' ');
}

/** What "create customer from this sender" fills in: name, email, company guess, country of the IP. */
export function customerFromSender(
  from: EmailAddress,
  senderNation: number,
): { company_name: string; name: string; email: string; nation: number | null; situation: number } {
  const address = from.address.trim().toLowerCase();
  const rawName = from.name.trim();
  const name = rawName && !rawName.includes('@') ? rawName : '';
  const company = companyFromAddress(address);
  return {
    company_name: company,
    // A customer needs a company or a name: fall back to the address's local part.
    name: name || (company ? '' : address.split('@')[0] || address),
    email: address,
    // 1 is "Unknow" in the nation lookup: no better than nothing.
    nation: senderNation > 1 ? senderNation : null,
    // Spec §3 communication method 1: email contact.
    situation: 1,
  };
}
